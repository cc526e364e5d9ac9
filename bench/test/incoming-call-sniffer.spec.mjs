import { describe, expect, it } from 'vitest';
import { IncomingCallSniffer } from '../lib/incoming-call-sniffer.mjs';
import { cutAt, sniffed } from './sniffed.mjs';

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
    const text = event(30016, { call_id: '1700000000.42', members: [{ inbound: { channel_id: 'c1' } }] });
    const chunks = cutAt(text, text.indexOf('call_id') - 3, 100, 104);
    expect(sniffed(IncomingCallSniffer, chunks)).toEqual([['1700000000.42', 100]]);
  });

  it('finds every 30016 on the stream and ignores other events and heartbeats', () => {
    const seen = sniffed(IncomingCallSniffer, [
      [event(30016, { call_id: 'a' }) + event(30011, { call_id: 'x' }), 1],
      ['heartbeat response' + event(30016, { call_id: 'b' }), 2],
      [event(30015, { call_id: 'y' }) + event(30016, { call_id: 'c' }), 3],
    ]);
    expect(seen.map(([callId]) => callId)).toEqual(['a', 'b', 'c']);
  });
});
