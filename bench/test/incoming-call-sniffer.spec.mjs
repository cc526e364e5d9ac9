import { describe, expect, it } from 'vitest';
import { IncomingCallSniffer } from '../lib/incoming-call-sniffer.mjs';

/** An unmasked text frame as the simulator's ws server writes it (payload under 126 bytes or not). */
const frame = (payload) => {
  const body = Buffer.from(payload);
  const head =
    body.length < 126
      ? Buffer.from([0x81, body.length])
      : Buffer.from([0x81, 126, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([head, body]).toString('latin1');
};
const event = (type, msg) => frame(JSON.stringify({ type, sn: '1', msg: JSON.stringify(msg) }));

describe('IncomingCallSniffer', () => {
  it('times a 30016 by its type and names its call from the msg, across chunks', () => {
    const seen = [];
    const sniffer = new IncomingCallSniffer((callId, at) => seen.push([callId, at]));
    const text = event(30016, { call_id: '1700000000.42', members: [{ inbound: { channel_id: 'c1' } }] });
    const split = text.indexOf('call_id') - 3;
    sniffer.feed(text.slice(0, split), 100);
    sniffer.feed(text.slice(split), 104);
    expect(seen).toEqual([['1700000000.42', 100]]);
  });

  it('finds every 30016 on the stream and ignores other events and heartbeats', () => {
    const seen = [];
    const sniffer = new IncomingCallSniffer((callId) => seen.push(callId));
    sniffer.feed(event(30016, { call_id: 'a' }) + event(30011, { call_id: 'x' }), 1);
    sniffer.feed('heartbeat response' + event(30016, { call_id: 'b' }), 2);
    sniffer.feed(event(30015, { call_id: 'y' }) + event(30016, { call_id: 'c' }), 3);
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
