// Part 6 - the dashboard in Chromium: gzipped JS and CSS the wallboard route loads, time from navigation to
// a wallboard showing 200 agents, long tasks while 500 agents change state 20 times a second, and the JS
// heap after a first and a later checkpoint of accelerated traffic (growth = a leak).
import { postJson, sleep } from '../lib/http.mjs';
import { fetchSnapshots } from '../lib/live-snapshot.mjs';
import { forkScript, captureOutput, stopChild } from '../lib/procs.mjs';
import { rpcClient } from '../lib/rpc.mjs';
import { browserPartUnavailable } from '../lib/browser-parts.mjs';
import { bytes, ms, row } from '../lib/report.mjs';
import { BENCH_USERS, PATHS, login, startGateway, startSimulator, startWorkers } from '../lib/services.mjs';
import { median } from '../lib/stats.mjs';

const JS_LIMIT = 150 * 1024;

/**
 * Queues (in id order) whose distinct agents add up to `wanted` or a little more: a queue that would
 * overshoot by more than 10 % is skipped. Answers the ids, the distinct agents and their count.
 */
export function pickQueues(snapshots, wanted) {
  const chosen = [];
  const agents = new Map();
  const queues = [...snapshots.values()].sort((a, b) => a.id - b.id);
  for (const queue of queues) {
    if (agents.size >= wanted) break;
    const fresh = queue.agents.filter((agent) => !agents.has(agent.number));
    if (agents.size + fresh.length > wanted * 1.1) continue;
    chosen.push(queue.id);
    for (const agent of fresh) agents.set(agent.number, queue.number);
  }
  return {
    ids: chosen,
    count: agents.size,
    agents: [...agents].map(([number, queue]) => ({ number, queue })),
  };
}

async function displayUrl(gateway, adminToken, queues, name) {
  const answer = await postJson(`${gateway.url}/api/display-tokens`, { name, queues }, { token: adminToken });
  const token = answer?.data?.token;
  if (!token) throw new Error('creating a display link failed');
  return `${gateway.url}/wallboard?queues=${queues.join(',')}&display=${encodeURIComponent(token)}`;
}

/** Runs part 6; answers table rows. */
export async function dashboardInBrowser(ctx) {
  const { runs, longTaskSec, heapAtSec, changesPerSec } = ctx.profile.dashboard;
  const title = 'dashboard in Chromium';
  const unavailable = browserPartUnavailable(6, title);
  if (unavailable) return unavailable;
  const stops = [];
  const began = performance.now();
  const phase = (what) => ctx.log(`  ${what} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  try {
    const sim = await startSimulator({ scenario: 'stress', trafficRate: 1 });
    stops.unshift(sim.stop);
    // A larger request budget only makes the 50 queues' first polls finish sooner (the board needs them all).
    const gateway = await startGateway({
      pbxUrl: sim.url,
      env: { DASHBOARD_DIR: PATHS.dashboard, PBX_MAX_REQUESTS_PER_SECOND: '100' },
    });
    stops.unshift(gateway.stop);
    phase('simulator and gateway up');
    const adminToken = await login(gateway.url, BENCH_USERS.admin);
    const queueIds = (await sim.world()).queues.map((q) => q.id);
    const snapshots = await fetchSnapshots(
      gateway.url,
      adminToken,
      queueIds.map((id) => `queue:${id}`),
      60_000,
    );
    phase('gateway ready, every queue polled');
    const board200 = pickQueues(snapshots, 200);
    const board500 = pickQueues(snapshots, 500);
    const url200 = await displayUrl(gateway, adminToken, board200.ids, 'bench 200');
    const url500 = await displayUrl(gateway, adminToken, board500.ids, 'bench 500');

    const child = forkScript(PATHS.browser);
    const output = captureOutput(child);
    stops.unshift(() => stopChild(child));
    const browser = rpcClient(child, 'browser process');
    const { version } = await browser.call('launch', {}, 30_000).catch((error) => {
      throw new Error(`${error.message}\n${output.tail()}`);
    });

    // Load the 200-agent board in a fresh context each run (cold cache): time to 200 cards, JS/CSS weight.
    const loads = [];
    for (let r = 0; r < runs; r++)
      loads.push(await browser.call('loadBoard', { url: url200, count: board200.count }, 40_000));
    phase(`${runs} cold loads of the ${board200.count}-agent board`);
    const loadMs = median(loads.map((l) => l.ms));
    const { js, css } = loads[0];

    // Soak: the 500-agent board while agents change state and the simulator's traffic is raised.
    const soak = await browser.call('openSoak', { url: url500, count: board500.count }, 60_000);
    phase(`${board500.count}-agent board open; soak starts`);
    const drivers = await startWorkers(1, 'driver');
    stops.unshift(drivers.stop);
    await postJson(`${sim.url}/sim/traffic`, { rate: 5 });
    const totalSec = Math.max(longTaskSec, ...heapAtSec) + 2;
    const started = performance.now();
    const injecting = drivers.workers[0].call(
      'push',
      {
        kind: 'toggle',
        target: { url: sim.url, agents: board500.agents },
        ratePerSec: changesPerSec,
        count: Math.round(changesPerSec * totalSec),
      },
      totalSec * 1000 + 60_000,
    );
    const at = (seconds) => sleep(Math.max(0, started + seconds * 1000 - performance.now()));
    await at(2);
    await browser.call('longTasks'); // the board's start-up work is not steady state
    const profileDir = process.env.BENCH_PROFILE_DIR;
    if (profileDir) await browser.call('profileStart');
    await at(2 + longTaskSec);
    const tasks = await browser.call('longTasks');
    if (profileDir)
      ctx.log(
        `  page profile: ${(await browser.call('profileStop', { file: `${profileDir}/wallboard-${Date.now()}.cpuprofile` })).file}`,
      );
    // Heap checkpoints come after the long-task window: the forced GC must not count as a long task.
    const heaps = [];
    for (const seconds of heapAtSec) {
      await at(Math.max(seconds, 2 + longTaskSec));
      heaps.push({ seconds, ...(await browser.call('heap', {}, 30_000)) });
    }
    const injected = await injecting;
    const perMinute = (tasks.count / longTaskSec) * 60;
    const growth = (heaps[1].used - heaps[0].used) / heaps[0].used;
    const label = (s) => (s % 60 === 0 ? `${s / 60} min` : `${s} s`);
    return [
      row(6, 'wallboard route: JS shipped (gzip)', bytes(js.gzip), {
        target: '≤ 150 KB',
        pass: js.gzip <= JS_LIMIT,
        note: `${js.files} files, ${bytes(js.raw)} raw; Chromium ${version}`,
      }),
      row(6, 'wallboard route: CSS shipped (gzip)', bytes(css.gzip), {
        note: `${css.files} files, ${bytes(css.raw)} raw`,
      }),
      row(6, `navigation → wallboard showing ${board200.count} agents`, `${ms(loadMs)} ms`, {
        target: '≤ 1 s',
        pass: loadMs <= 1000,
        note: `median of ${runs} cold loads (fresh context) until every agent card is on screen, or the first page of them when the board pages its agents at the legible size; ${board200.ids.length} queues, ${loads[0].cards} cards, ${loads[0].pages} page${loads[0].pages === 1 ? '' : 's'}`,
      }),
      row(
        6,
        `long tasks (> 50 ms) while ${board500.count} agents change state ${changesPerSec}/s`,
        `${perMinute.toFixed(1)} per minute`,
        {
          target: 'none at steady state',
          pass: tasks.count === 0,
          note: `${tasks.count} in ${longTaskSec} s (longest ${ms(tasks.longest)} ms); ${soak.cards} cards; ${injected.markers.length} changes injected${injected.errors ? `, ${injected.errors} failed` : ''}; simulator traffic ×5`,
        },
      ),
      row(
        6,
        `JS heap after ${label(heaps[0].seconds)} / ${label(heaps[1].seconds)} of accelerated traffic`,
        `${bytes(heaps[0].used)} / ${bytes(heaps[1].used)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %)`,
        {
          target: ctx.quick ? 'growth < 10 % (judged at 1 and 10 min, full run)' : 'growth < 10 %',
          // Seconds after start-up say little about a leak: only the full run's minutes are judged.
          pass: ctx.quick ? undefined : growth < 0.1,
          note: `read in the same page task as a forced full GC${ctx.quick ? '; quick run: checkpoints far shorter than the target’s 1 and 10 minutes' : ''}`,
        },
      ),
    ];
  } finally {
    for (const stop of stops) await stop();
  }
}
