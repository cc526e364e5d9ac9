// Part 2 - decision round trip: a supervisor accepts a held call; measured (a) until the accept request
// reaches the PBX (at a TCP tap in front of the simulator), (a') until the supervisor's acknowledgement,
// and (b) until every other connected supervisor has been told the call was accepted.
import { sleep } from '../lib/http.mjs';
import { row } from '../lib/report.mjs';
import {
  BENCH_USERS,
  connectSpread,
  controlledLine,
  startGateway,
  startSimulator,
  startTap,
  startWorkers,
} from '../lib/services.mjs';
import { median, summarize } from '../lib/stats.mjs';
import { ms } from '../lib/report.mjs';

/** One decision: hold a call, wait until everyone has the prompt, accept it, see who learns when. */
async function decideOnce({ pool, decider, simTarget }) {
  const pushed = await decider.call('push', { kind: 'inbound', target: simTarget, ratePerSec: 1, count: 1 });
  if (pushed.errors > 0) throw new Error(`holding a call failed (${pushed.firstError})`);
  const [{ key: callId, channelId }] = pushed.markers;
  const prompted = await Promise.all([
    decider.call('waitMarker', { group: 'decider', key: callId, timeoutMs: 5_000 }),
    ...pool.workers.map((w) => w.call('waitMarker', { group: 'others', key: callId, timeoutMs: 5_000 })),
  ]);
  if (prompted.includes(false)) throw new Error(`the prompt for ${callId} did not reach every client`);
  await sleep(20);
  const decided = await decider.call('decide', { group: 'decider', callId });
  if (!decided.ok) throw new Error(`accept of ${callId} failed: ${decided.error}`);
  const told = await Promise.all(
    pool.workers.map((w) =>
      w.call('waitMarker', { group: 'others', key: `${callId}:accepted`, timeoutMs: 2_000 }),
    ),
  );
  const seen = await pool.all('collect', () => ({
    group: 'others',
    markers: [{ key: callId, t0: decided.t0 }],
    suffix: ':accepted',
    withLatencies: false,
  }));
  const lasts = seen.map((s) => s.perMarker[0].last);
  return {
    channelId,
    t0: decided.t0,
    ackMs: decided.tAck - decided.t0,
    allToldMs: told.includes(false) || lasts.includes(null) ? undefined : Math.max(...lasts),
    missing: seen.reduce((sum, s) => sum + s.missing, 0),
  };
}

/** Runs part 2; answers table rows. */
export async function decisionRoundTrip(ctx) {
  const { others, runs, decisions, loadProcesses } = ctx.profile.decision;
  const stops = [];
  try {
    const sim = await startSimulator({ scenario: 'small', trafficRate: 0 });
    stops.unshift(sim.stop);
    const tap = await startTap(sim.url);
    stops.unshift(tap.stop);
    const gateway = await startGateway({ pbxUrl: tap.url });
    stops.unshift(gateway.stop);
    const pool = await startWorkers(loadProcesses);
    stops.unshift(pool.stop);
    const deciders = await startWorkers(1, 'decider');
    stops.unshift(deciders.stop);
    const decider = deciders.workers[0];
    const user = BENCH_USERS.supervisor;
    const login = { url: gateway.url, user: user.username, password: user.password, streams: ['inbound'] };
    await connectSpread(pool, others, { ...login, group: 'others' });
    await decider.call('connect', { ...login, group: 'decider', count: 1 });
    const simTarget = { url: sim.url, ...(await controlledLine(sim)) };
    await decideOnce({ pool, decider, simTarget }); // warm-up
    await tap.marks();

    const perRun = [];
    let missing = 0;
    let unmatched = 0;
    for (let r = 0; r < runs; r++) {
      const results = [];
      for (let d = 0; d < decisions; d++) results.push(await decideOnce({ pool, decider, simTarget }));
      const marks = new Map((await tap.marks()).map((m) => [m.channelId, m.at]));
      const toPbx = [];
      for (const result of results) {
        const at = marks.get(result.channelId);
        if (at === undefined) unmatched++;
        else toPbx.push(at - result.t0);
        missing += result.missing;
      }
      const allTold = results.map((x) => x.allToldMs).filter((x) => x !== undefined);
      perRun.push({
        toPbx: summarize(toPbx),
        ack: summarize(results.map((x) => x.ackMs)),
        allTold: summarize(allTold),
        notTold: results.length - allTold.length,
      });
    }
    const med = (pick) => median(perRun.map(pick));
    const pbxP99 = med((r) => r.toPbx.p99);
    const toldP99 = med((r) => r.allTold.p99);
    const notTold = perRun.reduce((sum, r) => sum + r.notTold, 0);
    const n = `${runs} runs × ${decisions} decisions, ${others} other clients`;
    return [
      row(2, 'accept → request at the PBX (p50 / p99)', `${ms(med((r) => r.toPbx.p50))} / ${ms(pbxP99)} ms`, {
        target: 'p99 ≤ 20 ms',
        pass: pbxP99 !== undefined && unmatched === 0 ? pbxP99 <= 20 : false,
        note: `${n}; measured at a TCP tap in front of the simulator${unmatched ? `; ${unmatched} accepts not seen at the tap` : ''}`,
      }),
      row(
        2,
        'accept → acknowledgement to the deciding client',
        `${ms(med((r) => r.ack.p50))} / ${ms(med((r) => r.ack.p99))} ms`,
        {
          note: 'after the PBX answered and the outcome was published',
        },
      ),
      row(
        2,
        'accept → every other client told "accepted"',
        `${ms(med((r) => r.allTold.p50))} / ${ms(toldP99)} ms`,
        {
          target: 'p99 ≤ 50 ms',
          pass: toldP99 !== undefined && notTold === 0 && missing === 0 ? toldP99 <= 50 : false,
          note: `per decision the slowest of the ${others} clients${notTold || missing ? `; ${notTold} decisions not seen by all (${missing} client deliveries missing)` : ''}`,
        },
      ),
    ];
  } finally {
    for (const stop of stops) await stop();
  }
}
