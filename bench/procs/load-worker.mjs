// A load process: holds many socket.io clients (to the gateway or to the bare socket.io server), records
// when each client receives each marker, and drives pushes (POSTs to the simulator or the bare server) and
// decisions on command from the bench over IPC. Every timestamp is wall-clock (wallNow), so times taken in
// different processes of this machine can be subtracted.
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { postJson, sleep } from '../lib/http.mjs';
import { serveRpc } from '../lib/rpc.mjs';
import { wallNow } from '../lib/stats.mjs';

/** Client groups (e.g. 'gateway', 'bare'), each a list of connected sockets. */
const groups = new Map();
/** `${group}|${marker key}` -> receive time per client index of the group (NaN until received). */
const received = new Map();
/** Messages (snapshots and deltas of any stream) received per group since the last reset. */
const messages = new Map();
let disconnects = 0;
/**
 * Inbound frames per group since `framesReset`, by the ids they carry (upserted or removed, sorted, joined
 * with a space): every client gets the same frames, so a few hundred entries however many clients.
 */
const inboundFrames = new Map();
/** Byte size of the first prompt delta each group received (the bare server copies it). */
const sampleDeltaBytes = new Map();
let eluMark = performance.eventLoopUtilization();
let cpuMark = process.cpuUsage();
let wallMark = performance.now();

/** Inbound statuses whose arrival is measured: the prompt itself and the outcome of a decision. */
const MEASURED_STATUS = new Set(['pending', 'accepted']);

const clientsOf = (group) => groups.get(group) ?? [];

function mark(group, key, index, at) {
  const slot = `${group}|${key}`;
  let times = received.get(slot);
  if (!times) {
    times = new Float64Array(clientsOf(group).length).fill(Number.NaN);
    received.set(slot, times);
  }
  if (index >= 0 && index < times.length && Number.isNaN(times[index])) times[index] = at;
}

function onDelta(client, delta, at) {
  const { group, index } = client;
  messages.set(group, (messages.get(group) ?? 0) + 1);
  const patch = delta?.patch;
  if (!patch) return;
  if (delta.kind === 'inbound') {
    tallyFrame(group, patch);
    for (const call of patch.upsert ?? []) {
      if (!MEASURED_STATUS.has(call.status)) continue;
      if (call.status === 'pending' && !sampleDeltaBytes.has(group))
        sampleDeltaBytes.set(group, JSON.stringify(delta).length);
      mark(group, call.status === 'pending' ? call.callId : `${call.callId}:${call.status}`, index, at);
    }
  } else if (delta.kind === 'queue') {
    for (const agent of patch.agents?.upsert ?? []) {
      if (typeof agent.pauseReason === 'string' && agent.pauseReason.startsWith('bm-'))
        mark(group, agent.pauseReason, index, at);
    }
  }
}

function tallyFrame(group, patch) {
  const ids = new Set([...(patch.upsert ?? []).map((call) => call.callId), ...(patch.remove ?? [])]);
  const key = [...ids].sort().join(' ');
  let tally = inboundFrames.get(group);
  if (!tally) inboundFrames.set(group, (tally = new Map()));
  tally.set(key, (tally.get(key) ?? 0) + 1);
}

/**
 * What one handshake sent and received at the engine.io level, for the error of a handshake that does not
 * finish (bench/README.md, "where we stand", item 6): whether the CONNECT packet left this client, whether
 * anything came back, and the state of the engine's write path. Detached once connected, so the clients'
 * steady-state messages pay nothing for it.
 */
function handshakeTrace(socket) {
  const started = performance.now();
  const events = [];
  const at = () => Math.round(performance.now() - started);
  const note = (direction) => (packet) =>
    events.push(
      `${at()}ms ${direction} ${packet.type}${packet.data ? ` ${String(packet.data).slice(0, 24)}` : ''}`,
    );
  const sent = note('out');
  const got = note('in');
  // io() has made the engine already (autoConnect), so its first packet out, the CONNECT, is seen too.
  const engine = socket.io.engine;
  const onOpen = () => events.push(`${at()}ms engine open ${engine?.id}`);
  engine?.on('packetCreate', sent);
  engine?.on('packet', got);
  socket.io.on('open', onOpen);
  return {
    detach() {
      socket.io.off('open', onOpen);
      engine?.off('packetCreate', sent);
      engine?.off('packet', got);
    },
    describe() {
      const engine = socket.io.engine;
      const transport = engine?.transport;
      return (
        `engine ${engine?.readyState ?? 'none'}, write buffer ${engine?.writeBuffer?.length ?? '?'}, ` +
        `transport writable ${transport?.writable ?? '?'}, ws readyState ${transport?.ws?.readyState ?? '?'}; ` +
        events.join(', ')
      );
    },
  };
}

function openClient(group, url, token, streams, timeoutMs) {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: timeoutMs,
      ...(token ? { auth: { token } } : {}),
    });
    const client = { socket, group, index: -1 };
    const trace = handshakeTrace(socket);
    socket.on('delta', (delta) => onDelta(client, delta, wallNow()));
    socket.on('snapshot', () => messages.set(group, (messages.get(group) ?? 0) + 1));
    socket.on('disconnect', () => disconnects++);
    const fail = (error) => {
      clearTimeout(timer);
      trace.detach();
      socket.close();
      reject(error);
    };
    let connected = false;
    const timer = setTimeout(
      () =>
        fail(
          new Error(
            connected
              ? `no answer to subscribe within ${timeoutMs} ms`
              : `no connection within ${timeoutMs} ms (${trace.describe()})`,
          ),
        ),
      timeoutMs,
    );
    socket.once('connect_error', (error) => fail(error));
    socket.once('connect', () => {
      connected = true;
      trace.detach();
      socket
        .timeout(timeoutMs)
        .emitWithAck('subscribe', { streams })
        .then((answer) => {
          clearTimeout(timer);
          if (answer?.ok === false) return fail(new Error(`subscribe refused: ${answer.error?.message}`));
          resolve(client);
        }, fail);
    });
  });
}

async function login(url, user, password) {
  const answer = await postJson(`${url}/api/auth/login`, { username: user, password });
  if (!answer?.ok) throw new Error(`login of ${user} failed`);
  return answer.data.token;
}

/** A schedule of `count` ticks `everyMs` apart; `tick(i)` runs at each without waiting for the last one. */
async function paced(count, everyMs, tick, maxInFlight = 64) {
  const start = performance.now();
  const running = new Set();
  for (let i = 0; i < count; i++) {
    const due = start + i * everyMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    while (running.size >= maxInFlight) await Promise.race(running);
    const task = tick(i).finally(() => running.delete(task));
    running.add(task);
  }
  await Promise.allSettled(running);
}

let pushCounter = 0;
/**
 * How long a push's POST may take. A server that falls behind (bare socket.io at N = 5,000 on a loaded
 * 2-core machine answered after more than 10 s) then shows it in its latencies instead of ending the part.
 */
const PUSH_TIMEOUT_MS = 60_000;
/** One push of each kind: returns the marker key and when (wall clock) the POST was sent. */
const PUSHERS = {
  async inbound(target) {
    const t0 = wallNow();
    const answer = await postJson(
      `${target.url}/sim/inbound-calls`,
      { from: target.from, to: target.to, trunk_name: target.trunk },
      { timeoutMs: PUSH_TIMEOUT_MS },
    );
    return { key: answer.call_id, t0, channelId: answer.channel_id };
  },
  async bare(target) {
    const key = `bare-${process.pid}-${++pushCounter}`;
    const t0 = wallNow();
    await postJson(`${target.url}/push`, { id: key, size: target.size }, { timeoutMs: PUSH_TIMEOUT_MS });
    return { key, t0 };
  },
  async agent(target) {
    // LoggedOut first, so the marker (a paused state with a fresh reason) is always a visible change,
    // whatever the agent was doing.
    const agent = target.agents[pushCounter % target.agents.length];
    const key = `bm-${process.pid}-${++pushCounter}`;
    const msg = { queue_number: `queue-${agent.queue}`, agent_number: agent.number };
    await postJson(`${target.url}/sim/events`, {
      type: 30029,
      msg: { ...msg, status: 'LoggedOut', reason: '' },
    });
    const t0 = wallNow();
    await postJson(`${target.url}/sim/events`, {
      type: 30029,
      msg: { ...msg, status: 'Paused', reason: key },
    });
    return { key, t0, queue: agent.queue };
  },
  async toggle(target) {
    // Round robin over the agents; each pass flips them between a break and available.
    const n = pushCounter++;
    const agent = target.agents[n % target.agents.length];
    const paused = Math.floor(n / target.agents.length) % 2 === 0;
    const t0 = wallNow();
    await postJson(`${target.url}/sim/events`, {
      type: 30029,
      msg: {
        queue_number: `queue-${agent.queue}`,
        agent_number: agent.number,
        status: paused ? 'Paused' : 'Idle',
        reason: paused ? 'Break' : '',
      },
    });
    return { key: `toggle-${n}`, t0 };
  },
};

serveRpc({
  /** Opens `count` more clients in `group` (at most `concurrency` handshakes at a time) and subscribes each. */
  async connect({ group, url, token, user, password, count, streams, concurrency = 50, timeoutMs = 30_000 }) {
    const started = performance.now();
    const session = token ?? (user ? await login(url, user, password) : undefined);
    const list = [...clientsOf(group)];
    let failed = 0;
    let retried = 0;
    let firstError;
    let retryReason;
    let next = 0;
    // A handshake that does not finish is tried once more, as a browser's socket.io client reconnects after
    // its timeout; how many needed it is reported, with the first one's trace, so the figures measure the
    // steady state without hiding a handshake left unanswered (bench/README.md, "where we stand", item 6).
    const open = async () => {
      try {
        return await openClient(group, url, session, streams, timeoutMs);
      } catch (error) {
        retried++;
        retryReason ??= error instanceof Error ? error.message : String(error);
        return openClient(group, url, session, streams, timeoutMs);
      }
    };
    const worker = async () => {
      while (next < count) {
        next++;
        try {
          const client = await open();
          client.index = list.length;
          list.push(client);
        } catch (error) {
          failed++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    groups.set(group, list);
    for (const slot of [...received.keys()]) if (slot.startsWith(`${group}|`)) received.delete(slot);
    return {
      connected: list.length,
      failed,
      firstError,
      retried,
      retryReason,
      ms: performance.now() - started,
    };
  },

  /** Closes every client of `group` (all groups when none is named). */
  async close({ group } = {}) {
    let closed = 0;
    for (const name of group ? [group] : [...groups.keys()]) {
      for (const client of clientsOf(name)) client.socket.close();
      closed += clientsOf(name).length;
      groups.delete(name);
      inboundFrames.delete(name);
    }
    received.clear();
    await sleep(50);
    return { closed };
  },

  reset() {
    received.clear();
    messages.clear();
    disconnects = 0;
    eluMark = performance.eventLoopUtilization();
    cpuMark = process.cpuUsage();
    wallMark = performance.now();
    return {};
  },

  /**
   * Latencies (ms) of every client of `group` for every marker (`{key, t0}`; `suffix` selects a status, e.g.
   * ':accepted'), how many client x marker pairs never arrived, and per marker when the last client got it.
   */
  collect({ group, markers, suffix = '', withLatencies = true }) {
    const clients = clientsOf(group);
    const latencies = [];
    const perMarker = [];
    let missing = 0;
    for (const { key, t0 } of markers) {
      const times = received.get(`${group}|${key}${suffix}`);
      let got = 0;
      let last = -Infinity;
      for (let i = 0; i < clients.length; i++) {
        const at = times ? times[i] : Number.NaN;
        if (Number.isNaN(at)) {
          missing++;
          continue;
        }
        got++;
        if (withLatencies) latencies.push(at - t0);
        if (at > last) last = at;
      }
      perMarker.push({ key, got, last: got > 0 ? last - t0 : null });
    }
    const elu = performance.eventLoopUtilization(eluMark);
    const cpu = process.cpuUsage(cpuMark);
    const seconds = (performance.now() - wallMark) / 1000;
    return {
      clients: clients.length,
      latencies,
      perMarker,
      missing,
      messages: messages.get(group) ?? 0,
      seconds,
      disconnects,
      sampleDeltaBytes: sampleDeltaBytes.get(group) ?? 0,
      eventLoopUtilization: elu.utilization,
      cpuPercent: ((cpu.user + cpu.system) / 1e6 / Math.max(seconds, 1e-3)) * 100,
    };
  },

  /** Starts counting `group`'s inbound frames afresh (see `frames`). */
  framesReset({ group }) {
    inboundFrames.delete(group);
    return {};
  },

  /**
   * Inbound frames `group`'s clients received since `framesReset` that carry a change (prompt, outcome,
   * removal) of one of the calls `keys`: a frame carrying several of them counts once.
   */
  frames({ group, keys }) {
    const wanted = new Set(keys);
    let frames = 0;
    for (const [ids, count] of inboundFrames.get(group) ?? [])
      if (ids.split(' ').some((id) => wanted.has(id))) frames += count;
    return { clients: clientsOf(group).length, frames };
  },

  /** Resolves true once every client of `group` received `key`, false after `timeoutMs`. */
  async waitMarker({ group, key, timeoutMs = 5_000 }) {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      const times = received.get(`${group}|${key}`);
      if (clientsOf(group).length === 0 || (times && !times.some(Number.isNaN))) return true;
      await sleep(2);
    }
    return false;
  },

  /** Runs `count` pushes of `kind` at `ratePerSec`; answers each marker key with its send time. */
  async push({ kind, target, ratePerSec, count }) {
    const pusher = PUSHERS[kind];
    if (!pusher) throw new Error(`unknown push kind ${kind}`);
    const markers = [];
    const errors = [];
    await paced(count, 1000 / ratePerSec, async () => {
      try {
        markers.push(await pusher(target));
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    });
    return { markers, errors: errors.length, firstError: errors[0] };
  },

  /** Sends inbound:decide from the first client of `group`; answers the send and acknowledgement times. */
  async decide({ group, callId, decision = 'accept' }) {
    const client = clientsOf(group)[0];
    if (!client) throw new Error(`no client in ${group} to decide with`);
    const t0 = wallNow();
    const answer = await client.socket.timeout(10_000).emitWithAck('inbound:decide', { callId, decision });
    return { t0, tAck: wallNow(), ok: answer?.ok === true, error: answer?.error?.message };
  },

  usage() {
    let clients = 0;
    for (const list of groups.values()) clients += list.length;
    return { rss: process.memoryUsage().rss, clients };
  },
});
