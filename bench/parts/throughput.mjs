// Part 5 - throughput: the stress scenario (50 queues, 2,000 agents) at the default poll interval: gateway
// CPU and push latency (agent status event -> delta at the clients), then generated traffic ramped up to
// find the highest event rate at which the push p99 stays within 100 ms with no loss.
import { postJson, sleep } from '../lib/http.mjs';
import { cpuMeter } from '../lib/procs.mjs';
import { latencyCell, naRow, row } from '../lib/report.mjs';
import { fetchSnapshots } from '../lib/live-snapshot.mjs';
import {
  BENCH_USERS,
  connectSpread,
  login,
  startGateway,
  startSimulator,
  startWorkers,
} from '../lib/services.mjs';
import { medianOf } from '../lib/stats.mjs';
import { measurePushes } from './event-to-screen.mjs';

const P99_LIMIT_MS = 100;

/**
 * Agents to mark: one per queue, logged-out ones first. The simulator routes no call to a logged-out
 * agent, so the marker (a pause with a unique reason) cannot be hidden by a call that starts in between.
 */
export function markerAgents(snapshots) {
  const agents = [];
  for (const queue of snapshots.values()) {
    const agent = queue.agents.find((a) => a.state === 'logged_out') ?? queue.agents[0];
    if (agent)
      agents.push({ queue: queue.number, number: agent.number, loggedOut: agent.state === 'logged_out' });
  }
  return agents;
}

/**
 * The highest event rate that passed while every lower measured rate passed too (the rate multiplier does
 * not order event rates: a saturated call centre produces fewer state changes), and the first miss.
 */
export function sustainedRate(steps, passes) {
  const ordered = [...steps].sort((a, b) => a.eventsPerSec - b.eventsPerSec);
  const firstMiss = ordered.find((step) => !passes(step));
  const below = ordered.filter((step) => !firstMiss || step.eventsPerSec < firstMiss.eventsPerSec);
  return { best: below.at(-1), firstMiss };
}

/** One window: markers at `markerRate`/s while the simulator runs; push latency, gateway CPU, event rate. */
async function window({ pool, driver, sim, gateway, target, markerRate, windowSec }) {
  const before = await sim.stats();
  const startedAt = performance.now();
  const gatewayCpu = cpuMeter(gateway.pid);
  const simCpu = cpuMeter(sim.pid);
  const measured = await measurePushes({
    pool,
    driver,
    group: 'gateway',
    kind: 'agent',
    target,
    rate: markerRate,
    count: Math.round(markerRate * windowSec),
    graceMs: 2_000,
  });
  const cpu = gatewayCpu.stop();
  const simPercent = simCpu.stop();
  const after = await sim.stats();
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    ...measured,
    cpu,
    simCpu: simPercent,
    eventsPerSec: (after.events.published - before.events.published) / seconds,
  };
}

const FIELDS = ['p50', 'p95', 'p99', 'lossPct', 'cpu', 'simCpu', 'eventsPerSec', 'messagesPerSec', 'loadElu'];

/** Runs part 5; answers table rows. */
export async function throughput(ctx) {
  const { clients, runs, windowSec, markerRate, trafficRates, loadProcesses } = ctx.profile.throughput;
  const stops = [];
  try {
    const sim = await startSimulator({ scenario: 'stress', trafficRate: trafficRates[0] });
    stops.unshift(sim.stop);
    const gateway = await startGateway({ pbxUrl: sim.url });
    stops.unshift(gateway.stop);
    const queues = (await sim.world()).queues;
    const streams = ['health', 'inbound', ...queues.map((q) => `queue:${q.id}`)];
    const token = await login(gateway.url, BENCH_USERS.supervisor);
    // Every queue has been polled once when all queue snapshots exist (the budget spreads the first polls).
    const snapshots = await fetchSnapshots(gateway.url, token, streams.slice(2), 60_000);
    const target = { url: sim.url, agents: markerAgents(snapshots) };
    const loggedOut = target.agents.filter((a) => a.loggedOut).length;
    const pool = await startWorkers(loadProcesses);
    stops.unshift(pool.stop);
    const drivers = await startWorkers(1, 'driver');
    stops.unshift(drivers.stop);
    await connectSpread(pool, clients, { group: 'gateway', url: gateway.url, token, streams });
    const agentCount = [...snapshots.values()].reduce((sum, q) => sum + q.agents.length, 0);
    ctx.log(
      `  ${queues.length} queues, ${agentCount} queue memberships, ${clients} clients watching all queues`,
    );

    const steps = [];
    for (const rate of trafficRates) {
      await postJson(`${sim.url}/sim/traffic`, { rate });
      await sleep(1_000);
      const windows = [];
      for (let r = 0; r < runs; r++)
        windows.push(
          await window({ pool, driver: drivers.workers[0], sim, gateway, target, markerRate, windowSec }),
        );
      const m = medianOf(windows, FIELDS);
      steps.push({ rate, ...m, lost: windows.reduce((sum, w) => sum + w.missing, 0) });
      ctx.log(
        `  traffic ×${rate}: ${m.eventsPerSec.toFixed(0)} events/s, p99 ${m.p99?.toFixed(1)} ms, gateway CPU ${m.cpu?.toFixed(0)} %, busiest load process ${(m.loadElu * 100).toFixed(0)} % busy`,
      );
    }

    // The scenario as designed (traffic ×1) is the baseline; the other rates are the ramp.
    const base = steps.find((step) => step.rate === 1) ?? steps[0];
    const rows = [
      row(5, `stress at default poll interval (traffic ×${base.rate}): push latency`, latencyCell(base), {
        note: `${base.eventsPerSec.toFixed(0)} PBX events/s; agent status event → delta at ${clients} clients watching all 50 queues; loss ${base.lost}; ${loggedOut} of ${target.agents.length} marked agents logged out`,
      }),
      row(5, 'stress at default poll interval: gateway CPU', `${base.cpu.toFixed(0)} % of one core`, {
        note: `simulator ${base.simCpu.toFixed(0)} %; ${base.messagesPerSec.toFixed(0)} msg/s per client`,
      }),
    ];
    for (const step of steps.filter((s) => s !== base))
      rows.push(
        row(5, `traffic ×${step.rate}: ${step.eventsPerSec.toFixed(0)} events/s`, latencyCell(step), {
          note: `gateway CPU ${step.cpu.toFixed(0)} %, simulator ${step.simCpu.toFixed(0)} %, loss ${step.lost}, ${step.messagesPerSec.toFixed(0)} msg/s per client`,
        }),
      );
    const { best, firstMiss } = sustainedRate(
      steps,
      (s) => s.p99 !== undefined && s.p99 <= P99_LIMIT_MS && s.lost === 0,
    );
    const missNote = firstMiss
      ? `first miss at ${firstMiss.eventsPerSec.toFixed(0)} events/s (p99 ${firstMiss.p99?.toFixed(0) ?? '–'} ms, loss ${firstMiss.lost})`
      : "no miss up to the highest rate tried (the simulator's ceiling)";
    rows.push(
      best === undefined
        ? naRow(5, `highest event rate with p99 ≤ ${P99_LIMIT_MS} ms`, `below every rate tried; ${missNote}`)
        : row(
            5,
            `highest event rate with p99 ≤ ${P99_LIMIT_MS} ms, no loss`,
            `${best.eventsPerSec.toFixed(0)} events/s`,
            {
              note: missNote,
            },
          ),
    );
    return rows;
  } finally {
    for (const stop of stops) await stop();
  }
}
