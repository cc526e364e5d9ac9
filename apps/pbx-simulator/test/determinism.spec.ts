/**
 * Whole-simulator determinism: two simulators started with the same seed, speed and start time push the same
 * event frames over the event socket and keep the same CDRs (read with cdr/search); another seed differs.
 * The engine fires each timer at its simulated due time, so real-clock timing only decides how far each run
 * got when it is read: the comparison takes the common prefix of equal length.
 */
import { EVENT_MSG_ENCODING } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { createCallCenter } from '../src/callcenter/index.js';
import { simulatorConfig } from '../src/config.js';
import { startSimulator } from '../src/simulator.js';
import { api, waitFor, token, WsClient } from './support/sim-harness.js';

const SPEED = 120;
/** Monday 6 January 2025, 08:00 UTC. */
const START_S = Date.UTC(2025, 0, 6, 8, 0, 0) / 1000;
/** Event frames compared. */
const EVENTS = 400;
/** Simulated time each run covers before its CDRs are read (6 minutes = 3 real seconds at speed 120). */
const SPAN_S = 6 * 60;
const MIN_CDRS = 20;
const ALL_TOPICS = Object.keys(EVENT_MSG_ENCODING).map(Number);

interface Capture {
  /** Event frames as sent, in order. */
  frames: string[];
  /** CDRs, oldest first. */
  cdrs: Record<string, unknown>[];
}

/** Event frames only: the subscription answer and heartbeat replies belong to one connection, not the PBX. */
const isEventFrame = (text: string): boolean => text.startsWith('{"type":');

async function capture(seed: number): Promise<Capture> {
  let release: (() => void) | undefined;
  const sim = await startSimulator(
    simulatorConfig({ port: 0, seed, speed: SPEED, scenario: 'contact-center', startTime: START_S }),
    {
      createCallCenter: (options) => {
        const center = createCallCenter(options);
        // startSimulator starts the call center as soon as it listens; hold time still until the socket has
        // subscribed, so the capture begins with the very first event.
        const start = () => {
          release = () => center.control.start();
        };
        return { handlers: center.handlers, control: { ...center.control, start } };
      },
    },
  );
  try {
    const access = await token(sim);
    const ws = await WsClient.open(sim, access);
    try {
      expect(await ws.ask(JSON.stringify({ topic_list: ALL_TOPICS }))).toBe(
        '{"errcode":0,"errmsg":"SUCCESS"}',
      );
      if (!release) throw new Error('the simulator did not start its call center');
      release();
      const frames = () => ws.messages.filter(isEventFrame);
      const now = () => sim.control.now?.() ?? 0;
      await waitFor(
        () => frames().length >= EVENTS && now() >= START_S + SPAN_S,
        `${EVENTS} events and ${SPAN_S} simulated seconds`,
        10_000,
      );
      const { body } = await api(sim, access, 'cdr/search', { page_size: 10_000 });
      expect(body['errcode']).toBe(0);
      const cdrs = [...(body['data'] as Record<string, unknown>[])].reverse();
      return { frames: frames(), cdrs };
    } finally {
      ws.close();
    }
  } finally {
    await sim.close();
  }
}

/** The first `n` items of each, where `n` is the shorter length. */
function commonPrefix<T>(a: T[], b: T[]): [T[], T[]] {
  const n = Math.min(a.length, b.length);
  return [a.slice(0, n), b.slice(0, n)];
}

describe('whole-simulator determinism', () => {
  it('same seed and speed: the same event frames and CDRs; another seed: different ones', async () => {
    const [first, second, other] = await Promise.all([capture(42), capture(42), capture(43)]);

    const [framesA, framesB] = commonPrefix(first.frames, second.frames);
    expect(framesA.length).toBeGreaterThanOrEqual(EVENTS);
    expect(framesB).toEqual(framesA);
    // Not just agents idling: calls ring, get answered and end within the compared frames.
    const types = new Set(framesA.map((f) => (JSON.parse(f) as { type: number }).type));
    for (const type of [30008, 30011, 30012, 30029]) expect(types).toContain(type);

    const [cdrsA, cdrsB] = commonPrefix(first.cdrs, second.cdrs);
    expect(cdrsA.filter((c) => 'new_id' in c).length).toBeGreaterThanOrEqual(MIN_CDRS);
    expect(cdrsB).toEqual(cdrsA);

    const [framesC] = commonPrefix(other.frames, first.frames);
    expect(framesC).not.toEqual(framesA.slice(0, framesC.length));
    const [cdrsC, cdrsA2] = commonPrefix(other.cdrs, first.cdrs);
    expect(cdrsC).not.toEqual(cdrsA2);
  });
});
