// The parts of `npm run bench`, in order, with their time limits and the method notes of the report.
import { callListInBrowser } from './call-list.mjs';
import { cluster } from './cluster.mjs';
import { dashboardInBrowser } from './dashboard.mjs';
import { decisionRoundTrip } from './decision.mjs';
import { eventToScreen } from './event-to-screen.mjs';
import { intervalTileInBrowser } from './interval-tile.mjs';
import { memoryPerClient } from './memory.mjs';
import { mixed } from './mixed.mjs';
import { pbxLoad } from './pbx-load.mjs';
import { recordingsThroughGateway } from './recordings.mjs';
import { throughput } from './throughput.mjs';

/**
 * Each part: id, title, run(ctx) -> rows, the longest it may take under a profile, and optionally a
 * `parallel` key: consecutive parts with the same key run at the same time.
 */
export const PARTS = [
  {
    id: 1,
    title: 'event to screen (held call 30016 → N clients), gateway vs bare socket.io',
    run: eventToScreen,
    // Each N also waits 42 s after its last held call for the calls' deadline and removal (frames per call).
    limitMs: (p) => (p.name === 'quick' ? 240_000 : 18 * 60_000),
  },
  {
    id: 2,
    title: 'decision round trip (inbound:decide accept)',
    run: decisionRoundTrip,
    limitMs: (p) => (p.name === 'quick' ? 60_000 : 5 * 60_000),
  },
  {
    id: 3,
    title: 'PBX load (requests/min vs clients and replicas)',
    run: pbxLoad,
    // Parts 3 and 4 count requests and bytes, which CPU contention does not change: they run side by side.
    parallel: 'counts',
    limitMs: (p) => (p.name === 'quick' ? 90_000 : 10 * 60_000),
  },
  {
    id: 4,
    title: 'memory per connected client, gateway vs bare socket.io',
    run: memoryPerClient,
    parallel: 'counts',
    limitMs: (p) => (p.name === 'quick' ? 90_000 : 10 * 60_000),
  },
  {
    id: 5,
    title: 'throughput (stress scenario: CPU, push latency, highest event rate)',
    run: throughput,
    limitMs: (p) => (p.name === 'quick' ? 120_000 : 15 * 60_000),
  },
  {
    id: 6,
    title: 'dashboard in Chromium (size, time to board, long tasks, heap)',
    run: dashboardInBrowser,
    limitMs: (p) => (p.name === 'quick' ? 120_000 : 20 * 60_000),
  },
  {
    id: 7,
    title: 'Calls page in Chromium (10,000-record search: answer to rows, scrolling)',
    run: callListInBrowser,
    limitMs: (p) => (p.name === 'quick' ? 120_000 : 5 * 60_000),
  },
  {
    id: 8,
    title: 'call recordings through the gateway (playback start, memory while 20 clients stream)',
    run: recordingsThroughGateway,
    limitMs: (p) => (p.name === 'quick' ? 120_000 : 5 * 60_000),
  },
  {
    id: 9,
    title: 'mixed (viewers on queue streams, TVs and supervisors on held calls, contact-center traffic)',
    run: mixed,
    limitMs: (p) => (p.name === 'quick' ? 150_000 : 10 * 60_000),
  },
  {
    id: 10,
    title:
      'cluster mode (deliveries/s at p99 ≤ 100 ms with 0, 1, 2 socket workers; PBX requests with workers)',
    run: cluster,
    limitMs: (p) => (p.name === 'quick' ? 240_000 : 15 * 60_000),
  },
  {
    id: 11,
    title:
      'wallboard interval chart in Chromium (JS with intervals=1, long tasks with the tile on a 500-agent board)',
    run: intervalTileInBrowser,
    limitMs: (p) => (p.name === 'quick' ? 180_000 : 8 * 60_000),
  },
];

/** How the figures are made, written under the table. */
export function METHOD_NOTES(profile) {
  const e = profile.eventToScreen;
  const d = profile.decision;
  const l = profile.pbxLoad;
  const m = profile.memory;
  const t = profile.throughput;
  return [
    `Clock: every process takes wall-clock time as performance.timeOrigin + performance.now(); all run on this machine, so times from different processes are subtracted directly.`,
    `1: ${e.loadProcesses} load processes hold the clients (socket.io-client, websocket transport, one sign-in per gateway shared by the load processes); a separate driver process POSTs /sim/inbound-calls ${e.rate}/s for ${e.seconds} s per run (t0 = just before the POST) and the bare server's /push at the same rate with a delta of the same byte size; latency = receipt at each client − t0; per N a fresh simulator (small scenario, traffic off) and gateway; the same N clients hold one connection to each server; ${e.runs} bare runs first (gateway idle), then ${e.runs} gateway runs, because every held call makes the gateway push again later (auto-accepted after the 10 s window, removed 30 s after) and those pushes belong to the gateway's runs; medians of the per-run p50/p95/p99. Loss = client × prompt pairs not received 5 s after the last push. "msg/s per client" counts everything a client received. Frames per held call per client: every inbound frame a client received that carries a change of one of the measured runs' calls (a frame carrying several counts once), counted from the first push until the last call's deadline and visible time (10 s + 30 s, + 2 s) were over, ÷ calls × clients; screens derive the auto-accept and the removal by the held-call rule, so the gateway sends neither (its removals ride with the next prompt), where it used to push both (3 frames per call). "Busiest load process" = the highest event-loop utilisation among the load processes (near 100 % would mean the clients, not the servers, set the latency).`,
    `2: ${d.others} other supervisors + 1 deciding supervisor (its own load process) watch 'inbound'; per decision the decider's process holds a call, waits until every client shows the prompt, then sends inbound:decide accept (t0). "At the PBX" = when the accept request's first bytes reach a TCP pass-through placed between the gateway and the simulator (the gateway reaches the PBX through it in this part only); "every other client told" = the slowest of the other clients to receive the delta with status accepted. p50/p99 per run of ${d.decisions} decisions, median of ${d.runs} runs.`,
    `3: contact-center scenario (5 queues), generated traffic off, default queue poll interval (2 s) with POLL_JITTER=0, POLL_CONFERENCES_MS=2000 and QUEUE_LIST_REFRESH_MS=3600000, so windows of whole intervals hold equal numbers of polls; every client subscribes to health, inbound and every queue; requests counted from /sim/stats over ${l.runs} windows of ${l.windowSec} s per level (median). Replicas: ${l.replicas} gateways with REDIS_URL on one redis-server and a second simulator of the same seed, clients spread evenly, measured at the same time as the single gateway. A reconcile poll (brought forward by an agent event of the simulator's own call-centre life) can add a few requests to one window; the tolerance is ±10 % (quick) or ±5 % (full). Parts 3 and 4 run side by side: they count requests and bytes, which CPU contention does not change.`,
    `4: contact-center scenario, traffic off (idle clients); each client subscribes to health + one queue on the gateway and joins two rooms on the bare server; both servers get their clients at once from the same load processes. Per client = (value with N clients − value with none) / N, after a full GC (gateway: node --expose-gc plus a preloaded bench guard (bench/lib/child-guard.mjs) that runs gc() when the bench writes "gc" to its stdin; RSS and heap read from its /metrics; bare: gc() then process.memoryUsage()); median of ${m.samples} samples.`,
    `5: stress scenario (50 queues, 2,000 agents), gateway with default settings (2 s queue poll interval, 20 PBX requests/s budget); ${t.clients} supervisors watch every queue. Push latency: a driver process sends 30029 LoggedOut then 30029 Paused with a unique reason for an agent (one per queue, a logged-out one where the queue has one, so no call can hide the pause; round robin) through POST /sim/events, ${t.markerRate}/s; t0 = just before the Paused POST; latency = the delta carrying that reason at each client. Event rate = events the simulator published per second (/sim/stats), raised with POST /sim/traffic (rates ×${t.trafficRates.join(', ×')}); the multiplier does not order event rates (a saturated call centre changes less), so the sustained rate is the highest measured rate below the first miss in event-rate order; CPU % from /proc/<pid>/stat over each window; ${t.runs} windows of ${t.windowSec} s per rate (median).`,
    `6: stress scenario, gateway serving apps/dashboard/dist; wallboards opened through display links (/wallboard?queues=…&display=…) on the first queues (by id) whose distinct agents reach 200 (and 500), skipping a queue that would overshoot by more than 10 %. Size: every .js/.css response of the 200-agent wallboard load, gzipped here with zlib's default level. Time: navigation start → every agent card of the board in the DOM, or its first page when the board pages its agents at the legible size for 4 m (page clock), fresh browser context per load, median of ${profile.dashboard.runs}. Long tasks: PerformanceObserver 'longtask' (≥ 50 ms) on the 500-agent board during ${profile.dashboard.longTaskSec} s while a driver process sends ${profile.dashboard.changesPerSec} agent status changes per second (30029 via POST /sim/events, round robin over the board's agents) and the simulator's traffic runs at ×5. Heap: gc() then performance.memory.usedJSHeapSize in one task of the page (Chromium with --js-flags=--expose-gc --enable-precise-memory-info; a GC and a read in two CDP calls also counted what the busy page allocated in between) at ${profile.dashboard.heapAtSec.join(' s and ')} s of that traffic (checkpoints after the long-task window, so the forced GC is not counted as a long task).`,
    `7: contact-center scenario, traffic off, simulator --history 10000 (calls seeded over yesterday), gateway serving apps/dashboard/dist; the bench supervisor's session put in sessionStorage and the Calls page opened at 1920x1080 on yesterday's range with a 10,000-record page, fresh context per load (${profile.callList.runs} loads, median). Answer → rows = performance.now() two animation frames after the first call row is in the DOM − responseEnd of the page's GET /api/calls (PerformanceResourceTiming; JSON parsing and rendering after the bytes arrived are inside the figure). Scrolling: on the last load, the list's scroller moved down by one viewport per animation frame until the bottom; PerformanceObserver 'longtask' (≥ 50 ms) entries during it, and the longest gap between frames.`,
    `8: contact-center scenario, traffic off, simulator --history ${Math.max(200, (profile.recordings.runs + profile.recordings.clients) * 6)} (recorded calls are real 8 kHz 16-bit mono WAV files served in two steps), gateway with PBX_MAX_REQUESTS_PER_SECOND=100, the bench admin signed in. Playback start: for ${profile.recordings.runs} different recorded calls one after another, t0 = before POST /api/calls/:id/recording-link; "first audio bytes" and "first 64 KB" = when the GET of the ticket link with Range bytes=0- (what an <audio> element sends first) has delivered its first chunk and 64 KB. Memory: ${profile.recordings.clients} clients each stream a different long recording (no range), reading at 160 KB/s (paused whenever ahead of that pace; ten times the audio's 16 KB/s, as a player filling its buffer), so the gateway must hold the PBX's stream back; a first round of ${profile.recordings.streamSec} s warms up what a first burst of streams allocates, then RSS and heap are read from the gateway's /metrics after a full GC before, every 2 s during a second round of ${profile.recordings.streamSec} s (peak reported), and 1 s after every stream was closed.`,
    `9: contact-center scenario (5 queues) with generated traffic ×${profile.mixed.trafficRate}, gateway with default settings. ${profile.mixed.viewers} read-only viewers spread evenly over the queues, each through its queue's display link (one per queue, as an intranet embed) on that queue and health; ${profile.mixed.tvs} TVs through one display link of every queue on all queues and health; ${profile.mixed.supervisors} supervisors (bench supervisor session) on inbound and health in a load process of their own (each supervisor's screen is its own machine; sharing a process with a thousand viewers would time that process's backlog of viewer deltas), the viewers and TVs in ${profile.mixed.loadProcesses} others. The whole part runs once per socket-worker count (${profile.mixed.socketWorkers.join(', ')}: SOCKET_WORKERS, a fresh simulator and gateway each). One window of ${profile.mixed.seconds} s in which one driver process holds calls (POST /sim/inbound-calls, as part 1) at ${profile.mixed.promptRate}/s and another makes a controlled queue change at ${profile.mixed.queueChangeRate}/s (30029 LoggedOut then Paused with a unique reason through POST /sim/events for one agent per queue, round robin, as part 5; t0 = just before the Paused POST): the simulator's own traffic cannot be timed at its source, so the viewers' figure times these changes, which travel the same path (event → queue state → delta to the queue's room). The Paused follows its LoggedOut within milliseconds, so it always falls in the queue's 50 ms publish window: the viewers' figure includes up to 50 ms of that window. Prompt latency = receipt of the pending call at each supervisor − t0; queue latency = the delta carrying the reason at each viewer of that queue and each TV − t0; percentiles over every client × marker. Loss = pairs not received 5 s after the last push. Gateway CPU from /proc/<pid>/stat over the window and RSS from /proc at its end, of the gateway and its socket workers together.`,
    `10: one simulator (small scenario, traffic off) and one gateway per SOCKET_WORKERS value (${profile.cluster.workers.join(', ')}), all running at once, ${profile.cluster.clients} supervisors on 'inbound' on each, held by ${profile.cluster.loadProcesses} load processes; held calls pushed as in part 1 at ${profile.cluster.rates.join(', ')}/s, each rate measured on every gateway in turn (so the machine's other load falls on all alike): ${profile.cluster.runs} run(s) of ${profile.cluster.seconds} s per rate (median); a gateway leaves the ramp at its first rate whose p99 exceeds 100 ms or loses a prompt; deliveries/s = clients × its highest passing rate. CPU = /proc/<pid>/stat of the primary and of its worker processes over the step; RSS per 1,000 clients = /proc RSS 1 s after the clients subscribed − 1 s before they connected, no GC forced. PBX requests: a gateway with the most workers and one with none, each on its own simulator of the same seed (contact-center scenario, part 3's polling settings), ${profile.cluster.pbxClients} clients on every stream of each, ${profile.cluster.pbxRuns} windows of ${profile.cluster.pbxWindowSec} s at the same time (median). Every process of the run (load processes, simulator, driver, gateways and workers) shares this machine's cores.`,
    `11: small scenario with --agents ${profile.intervalTile.agents} (one queue holding every agent) and traffic ×1, gateway serving apps/dashboard/dist; the queue's board opened through a display link (/wallboard?queues=<id>&display=…) with and without intervals=1, at 1920x1080. Size: every .js/.css response of a cold load (fresh context) until the agent cards and the chart's canvas are drawn (the chart and uPlot load on demand, only with the option), gzipped with zlib's default level. Long tasks: PerformanceObserver 'longtask' (≥ 50 ms) during ${profile.intervalTile.longTaskSec} s on the board without the tile, then on a fresh page with it, each while a driver process sends ${profile.intervalTile.changesPerSec} agent status changes per second (30029 via POST /sim/events, round robin over the queue's agents) and the simulator's traffic runs at ×5; with the tile, a visibilitychange event every ${profile.intervalTile.refreshEverySec} s makes the chart fetch GET /api/queues/:id/intervals and feed it to the chart (setData), as its minute's refresh does, so the window holds refreshes.`,
    `Machine load: the table is only as quiet as the machine; the load averages above are from the start and the end of the run. Targets are those of bench/README.md ("Targets"); "pass"/"MISS" compare the median figure with the target.`,
  ];
}
