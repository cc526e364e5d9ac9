import { describe, expect, it } from 'vitest';
import { AcceptSniffer } from '../lib/accept-sniffer.mjs';

const request = (channel, path = 'call/accept_inbound') => {
  const body = JSON.stringify({ channel_id: channel });
  return `POST /openapi/v1.0/${path}?access_token=abc HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
};

describe('AcceptSniffer', () => {
  it('times an accept by its request line and names its channel from the body', () => {
    const seen = [];
    const sniffer = new AcceptSniffer((channel, at) => seen.push([channel, at]));
    const text = request('PJSIP/trunk-0001');
    const split = text.indexOf('\r\n\r\n');
    sniffer.feed(text.slice(0, split), 100);
    sniffer.feed(text.slice(split), 105);
    expect(seen).toEqual([['PJSIP/trunk-0001', 100]]);
  });

  it('finds every accept on a keep-alive connection and ignores other requests', () => {
    const seen = [];
    const sniffer = new AcceptSniffer((channel) => seen.push(channel));
    sniffer.feed(request('a') + request('x', 'call/refuse_inbound') + request('b'), 1);
    sniffer.feed('GET /openapi/v1.0/queue/agent_status?id=1 HTTP/1.1\r\n\r\n', 2);
    sniffer.feed(request('c'), 3);
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
