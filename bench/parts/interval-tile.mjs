// Part 11 - the wallboard's interval chart (`?intervals=1`) in Chromium: the JS a TV loads with it (the chart
// and uPlot come in a chunk of their own, only with the option), and long tasks on a one-queue board of 500
// agents changing state 20 times a second, with the tile and without it, while the chart is made to refresh.
import { postJson, sleep } from '../lib/http.mjs';
import { fetchSnapshots } from '../lib/live-snapshot.mjs';
import { forkScript, captureOutput, stopChild } from '../lib/procs.mjs';
import { rpcClient } from '../lib/rpc.mjs';
import { browserPartUnavailable } from '../lib/browser-parts.mjs';
import { bytes, ms, row } from '../lib/report.mjs';
import { BENCH_USERS, PATHS, login, startGateway, startSimulator, startWorkers } from '../lib/services.mjs';

const JS_LIMIT = 150 * 1024;
const CHART_DRAWN = '[data-testid="interval-chart"][data-drawn="true"]';

/** Runs part 11; answers table rows. */
export async function intervalTileInBrowser(ctx) {
  const { agents: agentCount, longTaskSec, changesPerSec, refreshEverySec } = ctx.profile.intervalTile;
  const title = 'wallboard interval chart in Chromium';
  const unavailable = browserPartUnavailable(11, title);
  if (unavailable) return unavailable;
  const stops = [];
  const began = performance.now();
  const phase = (what) => ctx.log(`  ${what} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  try {
    // One queue holding every agent: the board of that queue is the one that shows the chart.
    const sim = await startSimulator({
      scenario: 'small',
      trafficRate: 1,
      extra: ['--agents', String(agentCount)],
    });
    stops.unshift(sim.stop);
    const gateway = await startGateway({
      pbxUrl: sim.url,
      env: { DASHBOARD_DIR: PATHS.dashboard, PBX_MAX_REQUESTS_PER_SECOND: '100' },
    });
    stops.unshift(gateway.stop);
    const adminToken = await login(gateway.url, BENCH_USERS.admin);
    const queue = (await sim.world()).queues[0];
    const snapshots = await fetchSnapshots(gateway.url, adminToken, [`queue:${queue.id}`], 60_000);
    const view = snapshots.get(`queue:${queue.id}`);
    const agents = view.agents.map((agent) => ({ number: agent.number, queue: view.number }));
    phase(`simulator and gateway up, queue ${queue.id} with ${agents.length} agents`);
    const created = await postJson(
      `${gateway.url}/api/display-tokens`,
      { name: 'bench interval tile', queues: [queue.id] },
      { token: adminToken },
    );
    const token = created?.data?.token;
    if (!token) throw new Error('creating a display link failed');
    const plain = `${gateway.url}/wallboard?queues=${queue.id}&display=${encodeURIComponent(token)}`;
    const withTile = `${plain}&intervals=1`;

    const child = forkScript(PATHS.browser);
    const output = captureOutput(child);
    stops.unshift(() => stopChild(child));
    const browser = rpcClient(child, 'browser process');
    const { version } = await browser.call('launch', {}, 30_000).catch((error) => {
      throw new Error(`${error.message}\n${output.tail()}`);
    });

    // Cold loads (fresh context): what a TV downloads with the option and without it.
    const loaded = await browser.call(
      'loadBoard',
      { url: withTile, count: agents.length, waitSelector: CHART_DRAWN },
      40_000,
    );
    const bare = await browser.call('loadBoard', { url: plain, count: agents.length }, 40_000);
    phase('cold loads with and without the tile');

    const drivers = await startWorkers(1, 'driver');
    stops.unshift(drivers.stop);
    await postJson(`${sim.url}/sim/traffic`, { rate: 5 });

    /** Long tasks on the soak page over the window, while agents change state and the chart refreshes. */
    const soakWindow = async (url, refresh) => {
      const soak = await browser.call(
        'openSoak',
        { url, count: agents.length, ...(refresh ? { waitSelector: CHART_DRAWN } : {}) },
        60_000,
      );
      const totalSec = longTaskSec + 3;
      const started = performance.now();
      const injecting = drivers.workers[0].call(
        'push',
        {
          kind: 'toggle',
          target: { url: sim.url, agents },
          ratePerSec: changesPerSec,
          count: Math.round(changesPerSec * totalSec),
        },
        totalSec * 1000 + 60_000,
      );
      const at = (seconds) => sleep(Math.max(0, started + seconds * 1000 - performance.now()));
      await at(2);
      await browser.call('longTasks'); // start-up work is not steady state
      let refreshes = 0;
      for (let second = refreshEverySec; second <= longTaskSec; second += refreshEverySec) {
        await at(2 + second - refreshEverySec / 2);
        // The chart asks the gateway again and is fed the answer (setData), as every minute on a TV.
        if (refresh) {
          await browser.call('pageEvent', { type: 'visibilitychange' });
          refreshes += 1;
        }
      }
      await at(2 + longTaskSec);
      const tasks = await browser.call('longTasks');
      const injected = await injecting;
      return { tasks, cards: soak.cards, injected, refreshes };
    };
    const off = await soakWindow(plain, false);
    phase(`soak without the tile: ${off.tasks.count} long tasks`);
    const on = await soakWindow(withTile, true);
    phase(`soak with the tile: ${on.tasks.count} long tasks`);

    const perMinute = (t) => ((t.count / longTaskSec) * 60).toFixed(1);
    const soakNote = (w) =>
      `${w.tasks.count} in ${longTaskSec} s (longest ${ms(w.tasks.longest)} ms); ${w.cards} cards on the page; ${w.injected.markers.length} changes injected${w.injected.errors ? `, ${w.injected.errors} failed` : ''}; simulator traffic ×5`;
    return [
      row(11, 'wallboard with intervals=1: JS shipped (gzip)', bytes(loaded.js.gzip), {
        target: '≤ 150 KB',
        pass: loaded.js.gzip <= JS_LIMIT,
        note: `${loaded.js.files} files, ${bytes(loaded.js.raw)} raw; without the option ${bytes(bare.js.gzip)} in ${bare.js.files} files (the chart's chunk adds ${bytes(loaded.js.gzip - bare.js.gzip)}); Chromium ${version}`,
      }),
      row(
        11,
        `navigation → ${agents.length}-agent board with its interval chart drawn`,
        `${ms(loaded.readyMs)} ms`,
        {
          note: `cards first at ${ms(loaded.ms)} ms; one cold load (fresh context); ${loaded.pages} page${loaded.pages === 1 ? '' : 's'} of agents`,
        },
      ),
      row(
        11,
        `long tasks (> 50 ms) with the interval tile, ${agents.length} agents changing state ${changesPerSec}/s`,
        `${perMinute(on.tasks)} per minute`,
        {
          target: 'none at steady state',
          pass: on.tasks.count === 0,
          note: `${soakNote(on)}; the chart refreshed ${on.refreshes} times in the window (GET intervals + setData)`,
        },
      ),
      row(11, 'long tasks (> 50 ms), the same board without the tile', `${perMinute(off.tasks)} per minute`, {
        note: soakNote(off),
      }),
    ];
  } finally {
    for (const stop of stops) await stop();
  }
}
