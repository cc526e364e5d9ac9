import { describe, expect, it } from 'vitest';
import { AcceptSniffer } from '../lib/accept-sniffer.mjs';
import { cutAt, sniffed } from './sniffed.mjs';

const request = (channel, path = 'call/accept_inbound') => {
  const body = JSON.stringify({ channel_id: channel });
  return `POST /openapi/v1.0/${path}?access_token=abc HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
};

describe('AcceptSniffer', () => {
  it('times an accept by its request line and names its channel from the body', () => {
    const text = request('PJSIP/trunk-0001');
    const chunks = cutAt(text, text.indexOf('\r\n\r\n'), 100, 105);
    expect(sniffed(AcceptSniffer, chunks)).toEqual([['PJSIP/trunk-0001', 100]]);
  });

  it('finds every accept on a keep-alive connection and ignores other requests', () => {
    const seen = sniffed(AcceptSniffer, [
      [request('a') + request('x', 'call/refuse_inbound') + request('b'), 1],
      ['GET /openapi/v1.0/queue/agent_status?id=1 HTTP/1.1\r\n\r\n', 2],
      [request('c'), 3],
    ]);
    expect(seen.map(([channel]) => channel)).toEqual(['a', 'b', 'c']);
  });
});
