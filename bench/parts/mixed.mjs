// Part 9 - mixed: what one gateway carries in a contact centre with queue widgets embedded in intranet pages.
// Thousands of read-only viewers (each on one queue, through that queue's display link), TVs on every queue
// and supervisors deciding held calls, with the simulator's contact-centre traffic on and calls held at a
// steady rate. Held-call prompts must reach the supervisors within 50 ms whatever the viewers cost, and queue
// updates the viewers within 1 s.
import { parsePrometheus, postJson, requestJson, sleep } from '../lib/http.mjs';
import { treeCpuSeconds, treeRssBytes } from '../lib/procs.mjs';
import { bytes, latencyCell, row } from '../lib/report.mjs';
import { fetchSnapshots } from '../lib/live-snapshot.mjs';
import {
  BENCH_USERS,
  connectSpread,
  controlledLine,
  login,
  startGateway,
  startSimulator,
  startWorkers,
} from '../lib/services.mjs';
import { summarize } from '../lib/stats.mjs';
import { markerAgents } from './throughput.mjs';

const PROMPT_P99_MS = 50;
const VIEWER_P99_MS = 1_000;
/** A prompt or a queue change not received this long after the last push counts as lost. */
const GRACE_MS = 5_000;

async function displayToken(gateway, adminToken, queues, name) {
  const answer = await postJson(`${gateway.url}/api/display-tokens`, { name, queues }, { token: adminToken });
  const token = answer?.data?.token;
  if (!token) throw new Error(`creating the display link "${name}" failed`);
  return token;
}

/**
 * The gateway's event-loop delay (p99 and max, ms) since the last call: prom-client's default metrics reset
 * their histogram at every scrape of /metrics.
 */
async function loopDelay(gateway) {
  const { body } = await requestJson(`${gateway.url}/metrics`);
  const metrics = parsePrometheus(typeof body === 'string' ? body : '');
  const ms = (name) => (metrics.get(`switchboard_nodejs_eventloop_lag_${name}_seconds`) ?? NaN) * 1000;
  return { p99: ms('p99'), max: ms('max') };
}

/** Every client of `group` for `markers`: latencies, misses, messages, the busiest load process. */
async function collected(pool, group, markers) {
  const answers = await pool.all('collect', () => ({ group, markers }), 60_000);
  return {
    latencies: answers.flatMap((a) => a.latencies),
    missing: answers.reduce((sum, a) => sum + a.missing, 0),
    expected: answers.reduce((sum, a) => sum + a.clients, 0) * markers.length,
    messages: answers.reduce((sum, a) => sum + a.messages, 0),
    clients: answers.reduce((sum, a) => sum + a.clients, 0),
    seconds: Math.max(...answers.map((a) => a.seconds)),
    elu: Math.max(...answers.map((a) => a.eventLoopUtilization)),
  };
}

/** The CPU of a process and its children over a window, in % of one core (call `stop()` at the end). */
function treeCpuMeter(pid) {
  const start = treeCpuSeconds(pid);
  const startAt = performance.now();
  return { stop: () => ((treeCpuSeconds(pid) - start) / ((performance.now() - startAt) / 1000)) * 100 };
}

/** How a gateway with `workers` socket workers is named in the rows. */
function setupName(workers) {
  return workers === 0 ? 'one process' : `${workers} socket worker${workers === 1 ? '' : 's'}`;
}

/** Runs part 9 once per socket-worker count of the profile; answers table rows. */
export async function mixed(ctx) {
  const rows = [];
  for (const workers of ctx.profile.mixed.socketWorkers) rows.push(...(await mixedWith(ctx, workers)));
  return rows;
}

/** Part 9 on a fresh simulator and gateway with `workers` socket workers. */
async function mixedWith(ctx, workers) {
  const { viewers, tvs, supervisors, seconds, promptRate, queueChangeRate, trafficRate, loadProcesses } =
    ctx.profile.mixed;
  const setup = setupName(workers);
  const stops = [];
  try {
    const sim = await startSimulator({ scenario: 'contact-center', trafficRate });
    stops.unshift(sim.stop);
    const gateway = await startGateway({ pbxUrl: sim.url, socketWorkers: workers });
    stops.unshift(gateway.stop);
    const queues = (await sim.world()).queues;
    const queueStreams = queues.map((q) => `queue:${q.id}`);
    const supervisorToken = await login(gateway.url, BENCH_USERS.supervisor);
    // Every queue polled once (all snapshots there) before anyone connects; marker agents from them.
    const snapshots = await fetchSnapshots(gateway.url, supervisorToken, queueStreams, 60_000);
    const agents = markerAgents(snapshots);
    const idByNumber = new Map(queues.map((q) => [q.number, q.id]));
    const adminToken = await login(gateway.url, BENCH_USERS.admin);
    const tvToken = await displayToken(
      gateway,
      adminToken,
      queues.map((q) => q.id),
      'bench TV',
    );
    const pool = await startWorkers(loadProcesses);
    stops.unshift(pool.stop);
    // The supervisors' screens in a load process of their own, as each is its own machine: sharing one with a
    // thousand viewers would time that process's queue of viewer deltas, not the gateway's prompt.
    const desks = await startWorkers(1);
    stops.unshift(desks.stop);
    const drivers = await startWorkers(2, 'driver');
    stops.unshift(drivers.stop);
    const [promptDriver, queueDriver] = drivers.workers;

    // Viewers: an embed of one queue each (its own display link), spread evenly over the queues.
    const perQueue = new Map();
    const retries = [];
    for (const [i, queue] of queues.entries()) {
      const count = Math.floor(viewers / queues.length) + (i < viewers % queues.length ? 1 : 0);
      const token = await displayToken(gateway, adminToken, [queue.id], `bench embed ${queue.id}`);
      retries.push(
        await connectSpread(pool, count, {
          group: `viewers:${queue.id}`,
          url: gateway.url,
          token,
          streams: [`queue:${queue.id}`, 'health'],
        }),
      );
      perQueue.set(queue.id, count);
    }
    retries.push(
      await connectSpread(pool, tvs, {
        group: 'tvs',
        url: gateway.url,
        token: tvToken,
        streams: [...queueStreams, 'health'],
      }),
    );
    retries.push(
      await connectSpread(desks, supervisors, {
        group: 'supervisors',
        url: gateway.url,
        token: supervisorToken,
        streams: ['inbound', 'health'],
      }),
    );
    const retried = retries.reduce((sum, r) => sum + r.retried, 0);
    const retryReason = retries.find((r) => r.retryReason)?.retryReason;
    ctx.log(
      `  ${setup}: ${viewers} viewers over ${queues.length} queues, ${tvs} TVs on every queue, ${supervisors} supervisors on held calls`,
    );
    // Let the handshake burst settle, and warm the held-call path up (as part 1 does) before the window.
    await sleep(2_000);
    const line = { url: sim.url, ...(await controlledLine(sim)) };
    const warm = await promptDriver.call('push', {
      kind: 'inbound',
      target: line,
      ratePerSec: promptRate,
      count: 3,
    });
    const warmLast = warm.markers.at(-1);
    if (warmLast)
      await desks.all('waitMarker', () => ({ group: 'supervisors', key: warmLast.key, timeoutMs: GRACE_MS }));

    await pool.all('reset');
    await desks.all('reset');
    await loopDelay(gateway);
    const before = await sim.stats();
    const gatewayCpu = treeCpuMeter(gateway.pid);
    const [prompts, changes] = await Promise.all([
      promptDriver.call(
        'push',
        { kind: 'inbound', target: line, ratePerSec: promptRate, count: Math.round(promptRate * seconds) },
        seconds * 1000 + 60_000,
      ),
      queueDriver.call(
        'push',
        {
          kind: 'agent',
          target: { url: sim.url, agents },
          ratePerSec: queueChangeRate,
          count: Math.round(queueChangeRate * seconds),
        },
        seconds * 1000 + 60_000,
      ),
    ]);
    for (const pushed of [prompts, changes])
      if (pushed.errors > 0) throw new Error(`${pushed.errors} pushes failed (${pushed.firstError})`);
    const markersOf = (queueId) => changes.markers.filter((m) => idByNumber.get(m.queue) === queueId);
    // Each socket gets its pushes in order: once every client has its last marker, the window is complete.
    const waits = [
      [desks, 'supervisors', prompts.markers.at(-1)],
      [pool, 'tvs', changes.markers.at(-1)],
    ];
    for (const queue of queues) waits.push([pool, `viewers:${queue.id}`, markersOf(queue.id).at(-1)]);
    for (const [clients, group, last] of waits)
      if (last)
        await clients.all(
          'waitMarker',
          () => ({ group, key: last.key, timeoutMs: GRACE_MS }),
          GRACE_MS + 10_000,
        );
    const cpu = gatewayCpu.stop();
    const rss = treeRssBytes(gateway.pid);
    const delay = await loopDelay(gateway);
    const after = await sim.stats();

    const sup = await collected(desks, 'supervisors', prompts.markers);
    const tv = await collected(pool, 'tvs', changes.markers);
    const embeds = [];
    for (const queue of queues)
      embeds.push(await collected(pool, `viewers:${queue.id}`, markersOf(queue.id)));
    const viewerLatencies = [...tv.latencies, ...embeds.flatMap((e) => e.latencies)];
    const viewerMissing = tv.missing + embeds.reduce((sum, e) => sum + e.missing, 0);
    const viewerExpected = tv.expected + embeds.reduce((sum, e) => sum + e.expected, 0);
    const viewerMessages = tv.messages + embeds.reduce((sum, e) => sum + e.messages, 0);
    const viewerClients = tv.clients + embeds.reduce((sum, e) => sum + e.clients, 0);
    const elu = Math.max(sup.elu, tv.elu, ...embeds.map((e) => e.elu));
    const windowSec = sup.seconds;
    const eventsPerSec = (after.events.published - before.events.published) / windowSec;
    const p = summarize(sup.latencies);
    const v = summarize(viewerLatencies);
    const embedsOnly = summarize(embeds.flatMap((e) => e.latencies));
    return [
      row(9, `${setup}: held-call prompt → ${supervisors} supervisors (p50 / p95 / p99)`, latencyCell(p), {
        target: `p99 ≤ ${PROMPT_P99_MS} ms`,
        pass: p.p99 !== undefined && p.p99 <= PROMPT_P99_MS,
        note: `${prompts.markers.length} calls held at ${promptRate}/s; while ${viewerClients} viewers get queue updates; ${(sup.messages / Math.max(sup.clients, 1) / windowSec).toFixed(1)} msg/s per supervisor`,
      }),
      row(9, `${setup}: queue change → ${viewerClients} viewers (p50 / p95 / p99)`, latencyCell(v), {
        target: `p99 ≤ ${VIEWER_P99_MS} ms`,
        pass: v.p99 !== undefined && v.p99 <= VIEWER_P99_MS,
        note: `a controlled change (30029 through /sim/events, ${queueChangeRate}/s round robin over the queues) → the delta at every viewer of its queue; embeds alone p99 ${embedsOnly.p99?.toFixed(0) ?? '–'} ms, TVs p99 ${summarize(tv.latencies).p99?.toFixed(0) ?? '–'} ms; ${(viewerMessages / Math.max(viewerClients, 1) / windowSec).toFixed(1)} msg/s per viewer`,
      }),
      row(
        9,
        `${setup}: loss (not received within 5 s): prompts / queue changes`,
        `${sup.missing} of ${sup.expected} / ${viewerMissing} of ${viewerExpected}`,
        { target: 'no loss', pass: sup.missing === 0 && viewerMissing === 0 },
      ),
      row(
        9,
        `${setup}: gateway CPU and RSS during the mixed window (all its processes)`,
        `${cpu?.toFixed(0) ?? '–'} % of one core, ${bytes(rss)}`,
        {
          note: `${eventsPerSec.toFixed(0)} PBX events/s (contact-center traffic ×${trafficRate}); ${viewerClients + sup.clients} sockets; gateway event-loop delay p99 ${delay.p99.toFixed(0)} ms, max ${delay.max.toFixed(0)} ms; busiest load process ${(elu * 100).toFixed(0)} % busy; handshakes tried twice: ${retried}${retryReason ? ` (${retryReason})` : ''}`,
        },
      ),
    ];
  } finally {
    for (const stop of stops) await stop();
  }
}
