/**
 * queue/agent_status `call_status` as the guide's page documents it (docs/pbx/queues-and-agents.md#call_status-values),
 * observed over real HTTP at three times the contact-center traffic: each sample reads every queue's agents and,
 * right after, every live call (call/query), which says independently who rings and who talks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorConfig } from '../src/config.js';
import { startSimulator, type RunningSimulator } from '../src/simulator.js';
import { api, token } from './support/sim-harness.js';

let sim: RunningSimulator;
let access: string;
beforeAll(async () => {
  sim = await startSimulator(
    simulatorConfig({
      port: 0,
      seed: 24,
      scenario: 'contact-center',
      speed: 5,
      trafficRate: 3,
    }),
  );
  access = await token(sim);
});
afterAll(async () => sim?.close());

type Row = Record<string, unknown>;
type Activity = 'ringing' | 'talking' | 'none';

/** What the live calls say each extension is doing: the strongest of its legs. */
function activityOf(calls: Row[]): Map<string, Activity> {
  const byNumber = new Map<string, Activity>();
  for (const call of calls)
    for (const member of call['members'] as Row[]) {
      const ext = member['extension'] as Row | undefined;
      if (!ext) continue;
      const number = String(ext['number']);
      const status = String(ext['member_status']);
      const activity: Activity = status === 'RING' ? 'ringing' : status === 'BYE' ? 'none' : 'talking';
      if (byNumber.get(number) !== 'talking') byNumber.set(number, activity);
    }
  return byNumber;
}

describe('call_status at traffic x3', () => {
  it('reads 1 for idle logged-in agents, 3 for ringing ones, 2 or 5 for talking ones, and nothing else', async () => {
    const queues = ((await api(sim, access, 'queue/list')).body['queue_list'] as Row[]).map((q) =>
      Number(q['id']),
    );
    const seen = {
      idle: new Map<number, number>(),
      ringing: new Map<number, number>(),
      talking: new Map<number, number>(),
    };
    const count = (map: Map<number, number>, code: number) => map.set(code, (map.get(code) ?? 0) + 1);
    const liveNow = async () => {
      const calls: Row[] = [];
      for (const type of ['inbound', 'outbound', 'internal'])
        calls.push(...((await api(sim, access, 'call/query', { type })).body['data'] as Row[]));
      return activityOf(calls);
    };
    const deadline = Date.now() + 6_000;
    while (Date.now() < deadline) {
      // Live calls read before and after the agents: only an agent doing the same in both is judged, so a call
      // that changed while the reads were under way counts for nothing.
      const before = await liveNow();
      const rows: Row[] = [];
      for (const id of queues)
        rows.push(
          ...((await api(sim, access, 'queue/agent_status', { id: String(id) })).body['data'] as Row[]),
        );
      const after = await liveNow();
      for (const row of rows) {
        if (row['is_login'] !== 1) continue;
        const number = String(row['number']);
        const activity = before.get(number) ?? 'none';
        if ((after.get(number) ?? 'none') !== activity) continue;
        const code = Number(row['call_status']);
        count(activity === 'none' ? seen.idle : activity === 'ringing' ? seen.ringing : seen.talking, code);
      }
    }
    const total = (map: Map<number, number>) => [...map.values()].reduce((a, b) => a + b, 0);
    // The figures, for the record: `npx vitest run test/agent-call-status.spec.ts` prints them.
    console.log('call_status observed at traffic x3 (code -> count):', {
      idle: Object.fromEntries(seen.idle),
      ringing: Object.fromEntries(seen.ringing),
      talking: Object.fromEntries(seen.talking),
    });
    const share = (map: Map<number, number>, codes: number[]) =>
      codes.reduce((sum, code) => sum + (map.get(code) ?? 0), 0) / Math.max(1, total(map));
    // Enough of each kind to mean something.
    expect(total(seen.idle)).toBeGreaterThan(100);
    expect(total(seen.ringing)).toBeGreaterThan(5);
    expect(total(seen.talking)).toBeGreaterThan(100);
    // A state can still flip and flip back between the reads: a sliver may differ.
    expect(share(seen.idle, [1])).toBeGreaterThan(0.98);
    expect(share(seen.ringing, [3, 4])).toBeGreaterThan(0.98);
    expect(share(seen.talking, [2, 5])).toBeGreaterThan(0.98);
    // Never 0 (unknown) from this PBX, and never a code the guide does not list.
    for (const map of Object.values(seen))
      for (const code of map.keys()) expect([1, 2, 3, 4, 5]).toContain(code);
  });
});
