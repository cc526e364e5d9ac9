// Part 1 - event to screen: the simulator holds an inbound call (30016) and N supervisor clients receive the
// prompt; the same clients also hold a connection to a bare socket.io server that broadcasts a delta of the
// same byte size at the same rate. Runs alternate gateway / bare so both see the same machine load.
import { sleep } from '../lib/http.mjs';
import { cpuSeconds } from '../lib/procs.mjs';
import { latencyCell, ms, ratioRow, row } from '../lib/report.mjs';
import {
  BENCH_USERS,
  connectSpread,
  controlledLine,
  startBare,
  startGateway,
  startSimulator,
  startTap,
  startWorkers,
} from '../lib/services.mjs';
import { medianOf, summarize, wallNow } from '../lib/stats.mjs';

/** The gateway's hold window in this part (its default PBX_HOLD_WINDOW_MS, set explicitly). */
const HOLD_WINDOW_MS = 10_000;
/** How long a settled held call stays on screens: RESOLVED_VISIBLE_MS of libs/live-protocol/src/held-call-rules.ts. */
const RESOLVED_VISIBLE_MS = 30_000;

const FIELDS = [
  'p50',
  'p95',
  'p99',
  'max',
  'lossPct',
  'messagesPerSec',
  'loadElu',
  'cpuPerFrameUs',
  'fromEventP99',
];

/**
 * One timed run: `count` pushes at `rate`/s through `driver`, then what every client of `group` saw. With
 * `serverPid`, also the CPU that server process used over the run per frame its clients received.
 */
export async function measurePushes({
  pool,
  driver,
  group,
  kind,
  target,
  rate,
  count,
  graceMs,
  serverPid,
  tap,
}) {
  await pool.all('reset');
  if (tap) await tap.incoming();
  const cpuBefore = serverPid ? cpuSeconds(serverPid) : undefined;
  const pushed = await driver.call('push', { kind, target, ratePerSec: rate, count }, count * 1000 + 60_000);
  if (pushed.errors > 0) throw new Error(`${pushed.errors} pushes failed (${pushed.firstError})`);
  // Messages arrive in order on each socket: once every client has the last marker, the run is complete
  // (anything still missing is lost). graceMs bounds the wait.
  const last = pushed.markers.at(-1);
  if (last)
    await pool.all('waitMarker', () => ({ group, key: last.key, timeoutMs: graceMs }), graceMs + 10_000);
  await sleep(20);
  const cpuAfter = serverPid ? cpuSeconds(serverPid) : undefined;
  const answers = await pool.all('collect', () => ({ group, markers: pushed.markers }), 60_000);
  const frames = answers.reduce((sum, a) => sum + a.messages, 0);
  const latencies = answers.flatMap((a) => a.latencies);
  const clients = answers.reduce((sum, a) => sum + a.clients, 0);
  const missing = answers.reduce((sum, a) => sum + a.missing, 0);
  const expected = clients * pushed.markers.length;
  const seconds = Math.max(...answers.map((a) => a.seconds));
  const fromEvent = tap ? await latencyFromEvent(pool, group, pushed.markers, tap) : undefined;
  return {
    ...summarize(latencies),
    fromEventP99: fromEvent?.p99,
    eventsUnseen: fromEvent?.unseen,
    lossPct: expected > 0 ? (missing / expected) * 100 : undefined,
    missing,
    // Every message a client got (all streams), per client per second.
    messagesPerSec: answers.reduce((sum, a) => sum + a.messages, 0) / Math.max(clients, 1) / seconds,
    loadElu: Math.max(...answers.map((a) => a.eventLoopUtilization)),
    sampleDeltaBytes: Math.max(...answers.map((a) => a.sampleDeltaBytes)),
    // Server CPU (user + system, /proc/<pid>/stat) per frame delivered to the group's clients, in µs.
    cpuPerFrameUs:
      cpuBefore !== undefined && cpuAfter !== undefined && frames > 0
        ? ((cpuAfter - cpuBefore) * 1e6) / frames
        : undefined,
    perMarker: answers.map((a) => a.perMarker),
    keys: pushed.markers.map((marker) => marker.key),
    lastPushAt: last?.t0,
  };
}

/**
 * The same receive times, timed from when the simulator's 30016 for each call passed the tap in front of it
 * (instead of from the POST that made the simulator hold the call): the gateway's own share, without the
 * simulator's work and its event hop.
 */
async function latencyFromEvent(pool, group, markers, tap) {
  const seen = new Map((await tap.incoming()).map((event) => [event.callId, event.at]));
  const timed = markers.filter((m) => seen.has(m.key)).map((m) => ({ key: m.key, t0: seen.get(m.key) }));
  const answers = await pool.all('collect', () => ({ group, markers: timed }), 60_000);
  return { ...summarize(answers.flatMap((a) => a.latencies)), unseen: markers.length - timed.length };
}

/**
 * Frames per call per client: the inbound frames `group`'s clients received since its `framesReset` that
 * carry a change of one of the calls of `runs` (a frame carrying several counts once), ÷ calls × clients.
 */
export async function framesPerCall(pool, group, runs) {
  const keys = runs.flatMap((run) => run.keys);
  const answers = await pool.all('frames', () => ({ group, keys }), 60_000);
  const clients = answers.reduce((sum, a) => sum + a.clients, 0);
  const frames = answers.reduce((sum, a) => sum + a.frames, 0);
  return clients > 0 && keys.length > 0 ? frames / (clients * keys.length) : undefined;
}

/** A simulator, a TCP tap in front of it (to time its 30016 frames) and a gateway that reaches it through the tap. */
async function startPair() {
  const sim = await startSimulator({ scenario: 'small', trafficRate: 0 });
  const stops = [sim.stop];
  try {
    const tap = await startTap(sim.url);
    stops.unshift(tap.stop);
    const gateway = await startGateway({
      pbxUrl: tap.url,
      env: { PBX_HOLD_WINDOW_MS: String(HOLD_WINDOW_MS) },
    });
    stops.unshift(gateway.stop);
    return {
      sim,
      tap,
      gateway,
      stop: async () => {
        for (const stop of stops) await stop();
      },
    };
  } catch (error) {
    for (const stop of stops) await stop();
    throw error;
  }
}

/**
 * Runs part 1; answers table rows. Per N: a fresh simulator + gateway, N clients on each server, the bare
 * runs first (the gateway idle), then the gateway runs. Bare goes first because each held call's deadline
 * (10 s) and removal (30 s after that) change the gateway's state later: work that belongs to the gateway's
 * runs, not to the baseline's (screens derive both by the held-call rule; a gateway without implied commits
 * pushes them). After the runs, frames per held call are counted until those changes have passed.
 */
export async function eventToScreen(ctx) {
  const { clients: levels, runs, seconds, rate, loadProcesses } = ctx.profile.eventToScreen;
  const stops = [];
  try {
    const bare = await startBare();
    stops.unshift(bare.stop);
    const pool = await startWorkers(loadProcesses);
    stops.unshift(pool.stop);
    const drivers = await startWorkers(1, 'driver');
    stops.unshift(drivers.stop);
    const driver = drivers.workers[0];
    const count = Math.round(rate * seconds);
    // A marker not received 5 s after the last push counts as lost (a late one ends the wait as it comes).
    const graceMs = 5_000;
    const rows = [];
    for (const n of levels) {
      const pair = await startPair();
      try {
        const simTarget = { url: pair.sim.url, ...(await controlledLine(pair.sim)) };
        const user = BENCH_USERS.supervisor;
        const gw = await connectSpread(pool, n, {
          group: 'gateway',
          url: pair.gateway.url,
          user: user.username,
          password: user.password,
          streams: ['inbound'],
        });
        await connectSpread(pool, n, { group: 'bare', url: bare.url, streams: ['inbound'] });
        ctx.log(
          `  ${n} clients on the gateway and on bare socket.io (gateway handshakes ${Math.round(gw.ms)} ms)`,
        );
        const pushesAtRate = (run) => measurePushes({ pool, driver, rate, graceMs, ...run });
        // One prompt through the gateway gives the byte size of its delta, which the bare server copies.
        const probe = await pushesAtRate({ group: 'gateway', kind: 'inbound', target: simTarget, count: 1 });
        const bareTarget = { url: bare.url, size: probe.sampleDeltaBytes };
        const pids = { bare: bare.pid, gateway: pair.gateway.pid };
        const measure = (group, kind, target, pushes) =>
          pushesAtRate({
            group,
            kind,
            target,
            count: pushes,
            serverPid: pids[group],
            tap: group === 'gateway' ? pair.tap : undefined,
          });
        await measure('bare', 'bare', bareTarget, 5);
        await pool.all('framesReset', () => ({ group: 'bare' }));
        const bareRuns = [];
        for (let r = 0; r < runs; r++) bareRuns.push(await measure('bare', 'bare', bareTarget, count));
        await measure('gateway', 'inbound', simTarget, 5);
        await pool.all('framesReset', () => ({ group: 'gateway' }));
        const gatewayRuns = [];
        for (let r = 0; r < runs; r++)
          gatewayRuns.push(await measure('gateway', 'inbound', simTarget, count));
        // The follow-ups of the runs' calls (auto-accept at the deadline, removal after the visible time)
        // belong to them: count until the last call's have passed.
        const lastPushAt = gatewayRuns.at(-1)?.lastPushAt ?? wallNow();
        const settled = lastPushAt + HOLD_WINDOW_MS + RESOLVED_VISIBLE_MS + 2_000;
        ctx.log(`  counting the runs' follow-up frames for ${Math.round((settled - wallNow()) / 1000)} s`);
        await sleep(Math.max(0, settled - wallNow()));
        const frames = {
          gateway: await framesPerCall(pool, 'gateway', gatewayRuns),
          bare: await framesPerCall(pool, 'bare', bareRuns),
        };
        await pool.all('close');
        rows.push(...levelRows(n, gatewayRuns, bareRuns, probe.sampleDeltaBytes, count, frames));
      } finally {
        await pair.stop();
      }
    }
    return rows;
  } finally {
    for (const stop of stops) await stop();
  }
}

function levelRows(n, gatewayRuns, bareRuns, deltaBytes, count, frames) {
  const g = medianOf(gatewayRuns, FIELDS);
  const b = medianOf(bareRuns, FIELDS);
  const lost = gatewayRuns.reduce((sum, r) => sum + r.missing, 0);
  const detail = (m) =>
    `${m.messagesPerSec.toFixed(1)} msg/s per client; busiest load process ${(m.loadElu * 100).toFixed(0)} % busy`;
  return [
    row(1, `event→screen, gateway, N=${n} (p50 / p95 / p99)`, latencyCell(g), {
      note: `${detail(g)}; prompt delta ${deltaBytes} B`,
    }),
    row(1, `event→screen, bare socket.io, N=${n}`, latencyCell(b), { note: detail(b) }),
    ratioRow(1, `p99 gateway / bare, N=${n}`, g.p99, b.p99, n === 1000 ? 1.25 : undefined),
    row(
      1,
      `p99 from the PBX's event, gateway / bare socket.io from its POST, N=${n}`,
      g.fromEventP99 === undefined ? '–' : `${ms(g.fromEventP99)} / ${ms(b.p99)} ms`,
      {
        note: `ratio ${g.fromEventP99 !== undefined && b.p99 ? (g.fromEventP99 / b.p99).toFixed(2) : '–'}×; the gateway's receive times timed from when each 30016 passed a TCP tap between simulator and gateway, not from the POST that made the simulator hold the call: the row above includes the simulator's work and event hop, which bare socket.io does not have${unseen(gatewayRuns)}`,
      },
    ),
    row(
      1,
      `server CPU per delivered frame, gateway / bare socket.io, N=${n}`,
      `${cpuCell(g.cpuPerFrameUs)} / ${cpuCell(b.cpuPerFrameUs)}`,
      {
        note: `ratio ${g.cpuPerFrameUs && b.cpuPerFrameUs ? (g.cpuPerFrameUs / b.cpuPerFrameUs).toFixed(2) : '–'}×; process CPU (/proc/<pid>/stat, 10 ms ticks) over each run ÷ frames its clients received`,
      },
    ),
    row(
      1,
      `frames per held call per client, gateway / bare socket.io, N=${n}`,
      `${framesCell(frames.gateway)} / ${framesCell(frames.bare)}`,
      {
        note: `inbound frames each client received that carry a change of one of the measured runs' ${gatewayRuns.length * count} calls (prompt, outcome, removal; one frame carrying several counts once), from the first push until the last call's deadline (${HOLD_WINDOW_MS / 1000} s) and visible time (${RESOLVED_VISIBLE_MS / 1000} s) were over, ÷ calls × clients; bare sends one frame per push`,
      },
    ),
    row(
      1,
      `loss (not received within 5 s), gateway, N=${n}`,
      `${lost} of ${gatewayRuns.length * count * n}`,
      {
        target: 'no loss',
        pass: lost === 0,
      },
    ),
  ];
}

function unseen(runs) {
  const count = runs.reduce((sum, r) => sum + (r.eventsUnseen ?? 0), 0);
  return count > 0 ? `; ${count} calls' 30016 not seen at the tap` : '';
}

function framesCell(perCall) {
  return perCall === undefined ? '–' : perCall.toFixed(2);
}

function cpuCell(us) {
  return us === undefined ? '–' : `${us.toFixed(1)} µs`;
}
