/** Whatever a client sends, the simulator answers and keeps running. */
import { connect } from 'node:net';
import { PBX_OPERATIONS } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SeededRandom } from '../src/support/seeded-random.js';
import { get, rawRequest, harnessPerFile, token, UA, withTimeout, WsClient } from './support/sim-harness.js';

const internalErrors: string[] = [];
const h = harnessPerFile(
  {},
  { onInternalError: (where, error) => internalErrors.push(`${where}: ${String(error)}`) },
);

function garbageValue(random: SeededRandom, depth = 0): unknown {
  const kinds = depth > 2 ? 6 : 8;
  switch (random.int(0, kinds - 1)) {
    case 0:
      return null;
    case 1:
      return random.int(-1e9, 1e9);
    case 2:
      return random.next() * 1e6;
    case 3:
      return random.next() < 0.5;
    case 4:
      return 'x'.repeat(random.int(0, 50));
    case 5:
      return String.fromCharCode(...Array.from({ length: random.int(0, 20) }, () => random.int(0, 0xffff)));
    case 6:
      return Array.from({ length: random.int(0, 4) }, () => garbageValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(0, 5) }, (_, i) => [`k${i}`, garbageValue(random, depth + 1)]),
      );
  }
}

function garbageParams(random: SeededRandom, op: string): Record<string, unknown> {
  const fields = Object.keys(
    (PBX_OPERATIONS as Record<string, { params: { fields: Record<string, unknown> } }>)[op]?.params.fields ??
      {},
  );
  const out: Record<string, unknown> = {};
  for (const field of fields) if (random.next() < 0.7) out[field] = garbageValue(random);
  return out;
}

describe('garbage input', () => {
  it('answers random parameters to every operation with an envelope, never a 5xx', async () => {
    const random = SeededRandom.light(1234);
    // del_token would revoke the token the loop uses; it takes no parameters anyway.
    for (const [op, spec] of Object.entries(PBX_OPERATIONS).filter(([name]) => name !== 'del_token')) {
      for (let i = 0; i < 15; i++) {
        // Failed get_token calls would block this address and hide every other answer.
        h.sim.tokens.unblock();
        const params = garbageParams(random, op);
        const path = `/openapi/${spec.version}/${op}`;
        let answer: { status: number; text: string };
        if (spec.method === 'GET') {
          const query = new URLSearchParams(
            Object.entries(params).map(([k, v]): [string, string] => [
              k,
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
          );
          query.set('access_token', h.access);
          answer = await rawRequest(h.sim.url, `${path}?${query.toString()}`, { headers: UA });
        } else {
          answer = await rawRequest(h.sim.url, `${path}?access_token=${h.access}`, {
            method: 'POST',
            headers: { ...UA, 'Content-Type': 'application/json' },
            body: JSON.stringify(params),
          });
        }
        expect(answer.status, `${op} ${answer.text}`).toBeLessThan(500);
        const body = JSON.parse(answer.text) as unknown;
        if (!Array.isArray(body))
          expect(typeof (body as Record<string, unknown>)['errcode'], `${op} ${answer.text}`).toBe('number');
      }
    }
    expect(internalErrors).toEqual([]);
  });

  it('answers malformed URLs, bodies and methods', async () => {
    const cases: [string, { method?: string; headers?: Record<string, string>; body?: string }][] = [
      ['/openapi/v1.0/%zz', { headers: UA }],
      ['/openapi//', { headers: UA }],
      ['/openapi/v1.0/../../etc/passwd', { headers: UA }],
      [`/openapi/v1.0/${'a/'.repeat(2_000)}`, { headers: UA }],
      [
        `/openapi/v1.0/ivr/create?access_token=${h.access}`,
        { method: 'POST', headers: UA, body: '\u0000\u0001\u0002' },
      ],
      [`/openapi/v1.0/ivr/create?access_token=${h.access}`, { method: 'POST', headers: UA, body: 'null' }],
      [`/openapi/v1.0/ivr/create?access_token=${h.access}`, { method: 'PUT', headers: UA, body: '{}' }],
      [`/openapi/v1.0/queue/agent_status?access_token=${h.access}&id=%E0%A4%A`, { headers: UA }],
      ['/api/download/%E0%A4%A?access_token=x', { headers: UA }],
      ['/sim/faults', { method: 'POST', body: '"down"' }],
      ['/sim/inbound-calls', { method: 'POST', body: '[]' }],
    ];
    for (const [path, options] of cases) {
      const answer = await rawRequest(h.sim.url, path, options);
      expect(answer.status, path).toBeLessThan(500);
      expect(() => JSON.parse(answer.text) as unknown, path).not.toThrow();
    }
    expect(internalErrors).toEqual([]);
  });

  it('survives raw bytes that are not HTTP and junk on the event socket', async () => {
    await withTimeout(
      new Promise<void>((resolve) => {
        const socket = connect(h.sim.port, '127.0.0.1', () =>
          socket.end(Buffer.from([0x16, 0x03, 0x01, 0xff, 0x00, 0x0d, 0x0a, 0x0d, 0x0a])),
        );
        socket.on('data', () => undefined);
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      }),
      'raw socket',
    );
    const client = await WsClient.open(h.sim, await token(h.sim));
    client.socket.send(Buffer.from([0xff, 0x00, 0x01]), { binary: true });
    expect(JSON.parse(await client.next(() => true, 'binary answer'))).toMatchObject({ errcode: 40002 });
    client.socket.send('x'.repeat(100 * 1024));
    expect((await client.waitClose()).code).toBe(1009);
    const notWs = new WebSocket(`${h.sim.url.replace('http', 'ws')}/elsewhere`);
    await withTimeout(new Promise((resolve) => notWs.once('error', resolve)), 'upgrade refused');
    expect((await get(h.sim.url, '/sim/health')).body['status']).toBe('ok');
    expect(internalErrors).toEqual([]);
  });
});
