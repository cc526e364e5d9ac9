/**
 * The inbound hold window's transitions over real HTTP, against the real call center: accept and refuse
 * within the window, expiry (accepted automatically and routed), and accept/refuse after the decision or the
 * window (errcode 0 with the call_id, no effect). Once with a short window, once with the PBX's real 10 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorConfig } from '../src/config.js';
import { startSimulator, type RunningSimulator } from '../src/simulator.js';
import { controlledLine, holdCall, timesInQueue, type ControlledLine } from './support/held-calls.js';
import { api, waitFor, token, WsClient } from './support/sim-harness.js';

const SHORT_WINDOW_MS = 800;
const REAL_WINDOW_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Setup {
  sim: RunningSimulator;
  access: string;
  ws: WsClient;
  line: ControlledLine;
}

/** A small call center without generated traffic, so the queue holds only the calls a test makes. */
async function setup(holdWindowMs: number): Promise<Setup> {
  const sim = await startSimulator(
    simulatorConfig({ port: 0, scenario: 'small', seed: 5, speed: 1, trafficRate: 0, holdWindowMs }),
  );
  const access = await token(sim);
  const ws = await WsClient.open(sim, access);
  await ws.ask('{"topic_list":[30012,30016]}', 'subscription');
  return { sim, access, ws, line: controlledLine(sim) };
}

async function teardown(s: Setup | undefined): Promise<void> {
  s?.ws.close();
  await s?.sim.close();
}

/** What accept and refuse answer for a held call, whether or not the decision still has an effect. */
const decided = (call_id: string) => ({ errcode: 0, errmsg: 'SUCCESS', call_id });

const decide = (s: Setup, op: 'call/accept_inbound' | 'call/refuse_inbound', channelId: string) =>
  api(s.sim, s.access, op, { channel_id: channelId }).then((answer) => answer.body);

/** The 30012 New CDR frame of a call, once the record store has published it. */
const cdrOf = (s: Setup, callId: string) =>
  s.ws
    .next((m) => m.includes('"type":30012') && m.includes(callId), `30012 of ${callId}`)
    .then((frame) => JSON.parse((JSON.parse(frame) as { msg: string }).msg) as Record<string, unknown>);

describe(`inbound hold window over HTTP (${SHORT_WINDOW_MS} ms)`, () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup(SHORT_WINDOW_MS);
  });
  afterAll(async () => teardown(s));

  const inQueue = (callId: string) => timesInQueue(s.sim, s.access, s.line.queueId, callId);

  it('publishes 30016 and keeps the call out of the queue while it is held', async () => {
    const incoming = s.ws.next((m) => m.includes('"type":30016'), '30016');
    const { call_id, channel_id } = await holdCall(s.sim, s.line);
    const msg = JSON.parse((JSON.parse(await incoming) as { msg: string }).msg) as Record<string, unknown>;
    expect(msg).toMatchObject({ call_id, members: [{ inbound: { channel_id, member_status: 'ALERT' } }] });
    expect(await inQueue(call_id)).toBe(0);
    // Decided here so the call does not linger into the next test.
    expect(await decide(s, 'call/refuse_inbound', channel_id)).toMatchObject({ errcode: 0, call_id });
  });

  it('accept within the window routes the call into its queue at once; later decisions have no effect', async () => {
    const { call_id, channel_id } = await holdCall(s.sim, s.line);
    expect(await decide(s, 'call/accept_inbound', channel_id)).toEqual(decided(call_id));
    expect(await inQueue(call_id)).toBe(1);
    // Refuse after the decision: same answer, the call stays routed.
    expect(await decide(s, 'call/refuse_inbound', channel_id)).toEqual(decided(call_id));
    await sleep(SHORT_WINDOW_MS + 200);
    expect(await inQueue(call_id)).toBe(1); // the window passing does not route it again
  });

  it('refuse within the window drops the call (CDR FAILED); a later accept has no effect', async () => {
    const { call_id, channel_id } = await holdCall(s.sim, s.line);
    const cdr = cdrOf(s, call_id);
    expect(await decide(s, 'call/refuse_inbound', channel_id)).toEqual(decided(call_id));
    expect(await cdr).toMatchObject({ call_id, status: 'FAILED', talk_duration: 0 });
    expect(await inQueue(call_id)).toBe(0);
    expect(await decide(s, 'call/accept_inbound', channel_id)).toEqual(decided(call_id));
    await sleep(SHORT_WINDOW_MS + 200);
    expect(await inQueue(call_id)).toBe(0);
  });

  it('without a decision the call is accepted automatically when the window passes; late accept/refuse change nothing', async () => {
    const heldAt = performance.now();
    const { call_id, channel_id } = await holdCall(s.sim, s.line);
    await sleep(SHORT_WINDOW_MS / 2);
    expect(await inQueue(call_id)).toBe(0);
    await waitFor(async () => (await inQueue(call_id)) === 1, 'automatic routing', SHORT_WINDOW_MS + 2_000);
    expect(performance.now() - heldAt).toBeGreaterThanOrEqual(SHORT_WINDOW_MS - 5);
    expect(await decide(s, 'call/refuse_inbound', channel_id)).toEqual(decided(call_id));
    expect(await decide(s, 'call/accept_inbound', channel_id)).toEqual(decided(call_id));
    expect(await inQueue(call_id)).toBe(1); // neither dropped by the late refuse nor routed twice
  });

  it('a channel that was never held answers 40004 naming channel_id', async () => {
    const answer = await decide(s, 'call/accept_inbound', 'PJSIP/trunk-nowhere-endpoint-00000000');
    expect(answer).toMatchObject({ errcode: 40004, errmsg: 'NOT FOUND' });
    expect(JSON.stringify(answer)).toContain('channel_id');
  });
});

describe('inbound hold window over HTTP with the real 10 s', () => {
  let s: Setup | undefined;
  afterAll(async () => teardown(s));

  it('routes an undecided call after 10 real seconds, not before', async () => {
    s = await setup(REAL_WINDOW_MS);
    const current = s;
    const heldAt = performance.now();
    const { call_id, channel_id } = await holdCall(current.sim, current.line);
    const inQueue = () => timesInQueue(current.sim, current.access, current.line.queueId, call_id);
    await sleep(REAL_WINDOW_MS - 500 - (performance.now() - heldAt));
    expect(await inQueue()).toBe(0);
    await waitFor(async () => (await inQueue()) === 1, 'automatic routing after 10 s', 1_500);
    const elapsed = performance.now() - heldAt;
    expect(elapsed).toBeGreaterThanOrEqual(REAL_WINDOW_MS - 5);
    expect(elapsed).toBeLessThan(REAL_WINDOW_MS + 1_000);
    expect(await decide(current, 'call/accept_inbound', channel_id)).toEqual(decided(call_id));
  }, 15_000);
});
