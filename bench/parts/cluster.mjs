// Part 10 - cluster mode on one machine: sustained deliveries per second with push p99 ≤ 100 ms for the
// gateway as one process (SOCKET_WORKERS=0) and with 1 and 2 socket workers, found by ramping the held-call
// rate on N supervisors until p99 passes 100 ms or a prompt is lost; and the PBX request rate of a gateway
// with workers beside one without (it must be the same: the workers never talk to the PBX).
import { sleep } from '../lib/http.mjs';
import { childPids, cpuSeconds, rssBytes } from '../lib/procs.mjs';
import { latencyCell, naRow, row } from '../lib/report.mjs';
import {
  BENCH_USERS,
  connectSpread,
  controlledLine,
  startGateway,
  startSimulator,
  startWorkers,
} from '../lib/services.mjs';
import { medianOf } from '../lib/stats.mjs';
import { measurePushes } from './event-to-screen.mjs';
import { POLL_ENV, SCENARIO, measureLoad, within } from './pbx-load.mjs';

const P99_LIMIT_MS = 100;
const FIELDS = ['p50', 'p95', 'p99', 'lossPct', 'messagesPerSec', 'loadElu'];

/** CPU seconds of the primary and of its workers together, so a step's CPU covers every gateway process. */
function gatewayCpu(pid) {
  const workers = childPids(pid);
  const sum = (pids) => pids.reduce((total, p) => total + (cpuSeconds(p) ?? 0), 0);
  return { primary: cpuSeconds(pid) ?? 0, workers: sum(workers) };
}

const user = BENCH_USERS.supervisor;

/** RSS in MB of the primary and of its workers together. */
function gatewayRss(pid) {
  const mb = (bytes) => (bytes ?? 0) / 1024 / 1024;
  return { primary: mb(rssBytes(pid)), workers: childPids(pid).reduce((sum, p) => sum + mb(rssBytes(p)), 0) };
}

/**
 * One simulator and one gateway with `workers` socket workers, `clients` supervisors on 'inbound' (group
 * `w<workers>`); answers how to measure a step on it and the memory its clients added.
 */
async function startSetup(ctx, { pool, driver, workers, stops }) {
  const { clients, seconds, runs } = ctx.profile.cluster;
  const sim = await startSimulator({ scenario: 'small', trafficRate: 0 });
  stops.unshift(sim.stop);
  const gateway = await startGateway({ pbxUrl: sim.url, socketWorkers: workers });
  stops.unshift(gateway.stop);
  const target = { url: sim.url, ...(await controlledLine(sim)) };
  const group = `w${workers}`;
  await sleep(1_000);
  const idle = gatewayRss(gateway.pid);
  const connected = await connectSpread(pool, clients, {
    group,
    url: gateway.url,
    user: user.username,
    password: user.password,
    streams: ['inbound'],
  });
  await sleep(1_000);
  const busy = gatewayRss(gateway.pid);
  const perThousand = (key) => ((busy[key] - idle[key]) / clients) * 1000;
  ctx.log(
    `  SOCKET_WORKERS=${workers}: ${clients} clients (handshakes ${Math.round(connected.ms)} ms); RSS per 1,000 clients: primary ${perThousand('primary').toFixed(1)} MB, workers ${perThousand('workers').toFixed(1)} MB`,
  );
  const measure = (rate, count) =>
    measurePushes({ pool, driver, group, kind: 'inbound', target, rate, count, graceMs: 5_000 });
  await measure(ctx.profile.cluster.rates[0], 5);
  return {
    workers,
    memory: { primary: perThousand('primary'), workers: perThousand('workers'), idle },
    steps: [],
    done: false,
    /** Runs `runs` windows at `rate`; answers the step's medians, loss and the gateway's CPU. */
    async step(rate) {
      const windows = [];
      const cpuBefore = gatewayCpu(gateway.pid);
      const startedAt = performance.now();
      for (let r = 0; r < runs; r++) windows.push(await measure(rate, Math.round(rate * seconds)));
      const cpuAfter = gatewayCpu(gateway.pid);
      const elapsed = (performance.now() - startedAt) / 1000;
      return {
        rate,
        ...medianOf(windows, FIELDS),
        lost: windows.reduce((sum, w) => sum + w.missing, 0),
        primaryCpu: ((cpuAfter.primary - cpuBefore.primary) / elapsed) * 100,
        workersCpu: ((cpuAfter.workers - cpuBefore.workers) / elapsed) * 100,
      };
    },
  };
}

/**
 * Every SOCKET_WORKERS value at once (each its own simulator and gateway, the same clients count), the push
 * rate ramped for all of them together: at each rate each setup is measured in turn, so a change in the
 * machine's other load falls on all of them alike. A setup leaves the ramp at its first miss.
 */
async function ramp(ctx, { pool, driver }) {
  const { clients, rates, workers: counts } = ctx.profile.cluster;
  const stops = [];
  try {
    return await rampAll(ctx, { pool, driver, stops, clients, rates, counts });
  } finally {
    for (const stop of stops) await stop();
  }
}

async function rampAll(ctx, { pool, driver, stops, clients, rates, counts }) {
  const setups = [];
  for (const workers of counts) setups.push(await startSetup(ctx, { pool, driver, workers, stops }));
  for (const rate of rates) {
    for (const setup of setups.filter((s) => !s.done)) {
      const step = await setup.step(rate);
      setup.steps.push(step);
      setup.done = !passes(step);
      ctx.log(
        `    SOCKET_WORKERS=${setup.workers}, ${rate} pushes/s (${rate * clients} deliveries/s): p99 ${step.p99?.toFixed(1)} ms, loss ${step.lost}, CPU primary ${step.primaryCpu.toFixed(0)} % + workers ${step.workersCpu.toFixed(0)} %, busiest load process ${(step.loadElu * 100).toFixed(0)} %`,
      );
    }
    if (setups.every((s) => s.done)) break;
  }
  await pool.all('close');
  return setups;
}

const passes = (step) => step.p99 !== undefined && step.p99 <= P99_LIMIT_MS && step.lost === 0;

/** The PBX requests/min of a gateway with `workers` socket workers and one without, side by side. */
async function pbxRates(ctx, { pool, workers }) {
  const { pbxClients, pbxRuns, pbxWindowSec } = ctx.profile.cluster;
  const stops = [];
  try {
    const start = async (count) => {
      const sim = await startSimulator(SCENARIO);
      stops.unshift(sim.stop);
      const gateway = await startGateway({ pbxUrl: sim.url, env: POLL_ENV, socketWorkers: count });
      stops.unshift(gateway.stop);
      const queueIds = (await sim.world()).queues.map((q) => q.id);
      const streams = ['health', 'inbound', ...queueIds.map((id) => `queue:${id}`)];
      await connectSpread(pool, pbxClients, {
        group: `pbx-${count}`,
        url: gateway.url,
        user: user.username,
        password: user.password,
        streams,
      });
      return { sim, queues: queueIds.length };
    };
    const [single, cluster] = await Promise.all([start(0), start(workers)]);
    await sleep(2_500); // first polls and the start-up CDR rebuild are over
    const [one, many] = await Promise.all([
      measureLoad(single.sim, single.queues, pbxRuns, pbxWindowSec),
      measureLoad(cluster.sim, cluster.queues, pbxRuns, pbxWindowSec),
    ]);
    return { one, many };
  } finally {
    for (const stop of stops) await stop();
  }
}

/** Runs part 10; answers table rows. */
export async function cluster(ctx) {
  const { clients, workers: counts, loadProcesses } = ctx.profile.cluster;
  const stops = [];
  try {
    const pool = await startWorkers(loadProcesses);
    stops.unshift(pool.stop);
    const drivers = await startWorkers(1, 'driver');
    stops.unshift(drivers.stop);
    const results = await ramp(ctx, { pool, driver: drivers.workers[0] });
    const rows = [];
    const sustained = new Map();
    for (const { workers, steps } of results) {
      const passed = steps.filter(passes);
      const best = passed.at(-1);
      const miss = steps.find((step) => !passes(step));
      const figure = `deliveries/s at p99 ≤ ${P99_LIMIT_MS} ms, no loss, SOCKET_WORKERS=${workers}, ${clients} clients`;
      const missNote = miss
        ? `first miss at ${miss.rate} pushes/s (p99 ${miss.p99?.toFixed(0) ?? '–'} ms, loss ${miss.lost})`
        : 'no miss up to the highest rate tried';
      if (!best) {
        rows.push(naRow(10, figure, `below every rate tried; ${missNote}`));
        continue;
      }
      sustained.set(workers, best.rate * clients);
      rows.push(
        row(10, figure, `${(best.rate * clients).toLocaleString('en-US')}`, {
          target: workers === 0 ? 'reported' : 'rises with workers',
          note: `${best.rate} pushes/s × ${clients}: ${latencyCell(best)}; CPU primary ${best.primaryCpu.toFixed(0)} % + workers ${best.workersCpu.toFixed(0)} %; busiest load process ${(best.loadElu * 100).toFixed(0)} %; ${missNote}`,
        }),
      );
    }
    const base = sustained.get(0);
    for (const workers of counts.filter((n) => n > 0)) {
      const value = sustained.get(workers);
      if (base === undefined || value === undefined) continue;
      rows.push(
        row(
          10,
          `sustained deliveries/s, SOCKET_WORKERS=${workers} / one process`,
          `${(value / base).toFixed(2)}×`,
          {
            target: '> 1× where cores are spare',
            pass: undefined,
            note: 'on this machine the load processes, the simulator and the gateway share the same cores',
          },
        ),
      );
    }

    for (const { workers, memory } of results.filter((r) => r.workers > 0))
      rows.push(
        row(
          10,
          `RSS per 1,000 clients, SOCKET_WORKERS=${workers}: workers / primary`,
          `${memory.workers.toFixed(1)} MB / ${memory.primary.toFixed(1)} MB`,
          {
            note: `idle: workers ${memory.idle.workers.toFixed(0)} MB, primary ${memory.idle.primary.toFixed(0)} MB; RSS 1 s after ${clients} clients subscribed, no GC forced (sizing, not a precise per-client figure: part 4 has that)`,
          },
        ),
      );
    const single = results.find((r) => r.workers === 0);
    if (single)
      rows.push(
        row(10, 'RSS per 1,000 clients, one process', `${single.memory.primary.toFixed(1)} MB`, {
          note: `idle ${single.memory.idle.primary.toFixed(0)} MB; measured as above`,
        }),
      );

    const most = Math.max(...counts);
    const tolerance = ctx.quick ? 0.1 : 0.05;
    const { one, many } = await pbxRates(ctx, { pool, workers: most });
    rows.push(
      row(
        10,
        `PBX requests/min, SOCKET_WORKERS=${most} vs one process (side by side)`,
        `${many.total.toFixed(0)} vs ${one.total.toFixed(0)}`,
        {
          target: `equal ± ${tolerance * 100} %`,
          pass: within(many.total, one.total, tolerance),
          note: `queue polls ${many.perQueue.toFixed(1)} vs ${one.perQueue.toFixed(1)}/min per queue; ${ctx.profile.cluster.pbxClients} clients on each`,
        },
      ),
    );
    return rows;
  } finally {
    for (const stop of stops) await stop();
  }
}
