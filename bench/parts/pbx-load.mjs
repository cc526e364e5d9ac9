// Part 3 - PBX load: requests per minute the simulator receives while 1, 100 and 1,000 supervisors watch
// every queue, and with 1,000 clients spread over 3 gateway replicas sharing Redis. The gateway's polling
// must not depend on who watches: the counts should be equal. The single-gateway ladder and the replica
// run use two simulators of the same seed side by side (counts do not depend on CPU contention).
import { existsSync } from 'node:fs';
import { getJson, sleep } from '../lib/http.mjs';
import { naRow, row } from '../lib/report.mjs';
import {
  BENCH_USERS,
  PATHS,
  connectSpread,
  spread,
  startGateway,
  startRedis,
  startSimulator,
  startWorkers,
} from '../lib/services.mjs';
import { median } from '../lib/stats.mjs';

/**
 * Polling settings of this part: the default queue interval (2 s), jitter off, conferences on the same
 * interval and the queue list refreshed only at start, so every window of whole intervals holds the same
 * number of polls whoever watches; a difference between levels can only come from the clients.
 */
export const POLL_ENV = { POLL_JITTER: '0', POLL_CONFERENCES_MS: '2000', QUEUE_LIST_REFRESH_MS: '3600000' };
const POLL_OPERATIONS = ['queue/agent_status', 'queue/call_status'];
export const SCENARIO = { scenario: 'contact-center', trafficRate: 0 };

/** Requests per operation the simulator received during `windowSec`. */
async function requestWindow(sim, windowSec) {
  const before = await sim.stats();
  const startedAt = performance.now();
  await sleep(windowSec * 1000);
  const after = await sim.stats();
  const seconds = (performance.now() - startedAt) / 1000;
  const byOperation = {};
  for (const [op, count] of Object.entries(after.requests.by_operation))
    byOperation[op] = count - (before.requests.by_operation[op] ?? 0);
  const total = Object.values(byOperation).reduce((sum, n) => sum + n, 0);
  return { seconds, total, byOperation };
}

/** Medians over `runs` windows: requests per minute in total, per operation, and queue polls per queue. */
export async function measureLoad(sim, queueCount, runs, windowSec) {
  const windows = [];
  for (let r = 0; r < runs; r++) windows.push(await requestWindow(sim, windowSec));
  const perMinute = (w, n) => (n / w.seconds) * 60;
  const polls = (w) => POLL_OPERATIONS.reduce((sum, op) => sum + (w.byOperation[op] ?? 0), 0);
  const operations = [...new Set(windows.flatMap((w) => Object.keys(w.byOperation)))];
  return {
    total: median(windows.map((w) => perMinute(w, w.total))),
    perQueue: median(windows.map((w) => perMinute(w, polls(w)) / queueCount)),
    byOperation: Object.fromEntries(
      operations.map((op) => [op, median(windows.map((w) => perMinute(w, w.byOperation[op] ?? 0)))]),
    ),
  };
}

/** Operations whose rate differs from the reference by at least one request per minute, for the notes. */
function operationDifferences(load, reference) {
  const ops = new Set([...Object.keys(load.byOperation), ...Object.keys(reference.byOperation)]);
  const diffs = [];
  for (const op of ops) {
    const delta = (load.byOperation[op] ?? 0) - (reference.byOperation[op] ?? 0);
    if (Math.abs(delta) >= 1) diffs.push(`${op} ${delta > 0 ? '+' : ''}${delta.toFixed(0)}/min`);
  }
  return diffs.length ? `; vs 1 client: ${diffs.join(', ')}` : '';
}

export const within = (value, reference, tolerance) =>
  value !== undefined && reference !== undefined && Math.abs(value - reference) <= reference * tolerance;

/** Starts what a session needs; `stops` collects how to stop it, newest first. */
async function session(stops, loadProcesses) {
  const sim = await startSimulator(SCENARIO);
  stops.unshift(sim.stop);
  const pool = await startWorkers(loadProcesses);
  stops.unshift(pool.stop);
  const queueIds = (await sim.world()).queues.map((q) => q.id);
  const streams = ['health', 'inbound', ...queueIds.map((id) => `queue:${id}`)];
  return { sim, pool, queueIds, streams };
}

const login = (url) => ({
  url,
  user: BENCH_USERS.supervisor.username,
  password: BENCH_USERS.supervisor.password,
});

/** One gateway; clients added level by level; the load at each level. */
async function ladder({ levels, runs, windowSec, loadProcesses, stops }) {
  const { sim, pool, queueIds, streams } = await session(stops, loadProcesses);
  const gateway = await startGateway({ pbxUrl: sim.url, env: POLL_ENV });
  stops.unshift(gateway.stop);
  await sleep(2_500); // first polls and the start-up CDR rebuild are over
  const loads = [];
  let connected = 0;
  for (const n of levels) {
    await connectSpread(pool, n - connected, { group: 'gateway', ...login(gateway.url), streams });
    connected = n;
    await sleep(500);
    loads.push({ n, ...(await measureLoad(sim, queueIds.length, runs, windowSec)) });
  }
  return { loads, queues: queueIds.length };
}

/** `replicas` gateways on one Redis, `n` clients spread over them; the load, or why it failed. */
async function replicaRun({ n, replicas, runs, windowSec, loadProcesses, stops }) {
  const { sim, pool, queueIds, streams } = await session(stops, loadProcesses);
  const redis = await startRedis();
  stops.unshift(redis.stop);
  const started = await Promise.allSettled(
    Array.from({ length: replicas }, () =>
      startGateway({ pbxUrl: sim.url, env: { ...POLL_ENV, REDIS_URL: redis.url } }),
    ),
  );
  for (const result of started) if (result.status === 'fulfilled') stops.unshift(result.value.stop);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const gateways = started.map((result) => result.value);
  await sleep(2_500);
  const shares = spread(n, gateways.length);
  for (const [i, gateway] of gateways.entries())
    if (shares[i] > 0)
      await connectSpread(pool, shares[i], { group: `replica-${i}`, ...login(gateway.url), streams });
  await sleep(500);
  const load = await measureLoad(sim, queueIds.length, runs, windowSec);
  const ready = await Promise.all(
    gateways.map((g) =>
      getJson(`${g.url}/readyz`).then(
        () => 'ready',
        () => 'not ready',
      ),
    ),
  );
  return { load, ready };
}

/** Runs part 3; answers table rows. */
export async function pbxLoad(ctx) {
  const { clients: levels, runs, windowSec, replicas, loadProcesses } = ctx.profile.pbxLoad;
  // A reconcile poll (brought forward by an agent event of the simulator's own life) adds two requests.
  const tolerance = ctx.quick ? 0.1 : 0.05;
  const replicaFigure = `PBX requests/min, ${replicas} gateway replicas (Redis), ${levels.at(-1)} clients`;
  const stops = [];
  try {
    const hasCluster = existsSync(PATHS.cluster);
    const [single, multi] = await Promise.allSettled([
      ladder({ levels, runs, windowSec, loadProcesses, stops }),
      hasCluster
        ? replicaRun({ n: levels.at(-1), replicas, runs, windowSec, loadProcesses, stops })
        : Promise.resolve(undefined),
    ]);
    if (single.status === 'rejected') throw single.reason;
    const { loads, queues } = single.value;
    const reference = loads[0];
    const rows = loads.map((load, i) =>
      row(3, `PBX requests/min, 1 gateway, ${load.n} client${load.n > 1 ? 's' : ''}`, load.total.toFixed(0), {
        target: i === 0 ? 'equal for all' : `= ${reference.total.toFixed(0)} ± ${tolerance * 100} %`,
        pass: i === 0 ? undefined : within(load.total, reference.total, tolerance),
        note: `queue polls ${load.perQueue.toFixed(1)}/min per watched queue (${queues} queues)${operationDifferences(load, reference)}`,
      }),
    );
    if (!hasCluster) {
      rows.push(naRow(3, replicaFigure, 'no cluster support (apps/gateway/src/cluster is not built)'));
    } else if (multi.status === 'rejected') {
      // The first line says what failed; the last line of a gateway's output usually says why.
      const lines = String(multi.reason?.message ?? multi.reason)
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const why = lines.length > 1 ? ` (${lines.at(-1).slice(0, 200)})` : '';
      rows.push(
        row(3, replicaFigure, 'failed', {
          target: 'equal to 1 gateway',
          pass: false,
          note: `the cluster run failed: ${lines[0]}${why}`,
        }),
      );
    } else {
      const { load, ready } = multi.value;
      rows.push(
        row(3, replicaFigure, load.total.toFixed(0), {
          target: `= ${reference.total.toFixed(0)} ± ${tolerance * 100} %`,
          pass: within(load.total, reference.total, tolerance),
          note: `queue polls ${load.perQueue.toFixed(1)}/min per watched queue; replicas ${ready.join(', ')}${operationDifferences(load, reference)}`,
        }),
      );
    }
    return rows;
  } finally {
    for (const stop of stops) await stop();
  }
}
