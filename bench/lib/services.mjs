// Starting the processes a part needs: the built simulator, the built gateway, the bare socket.io server,
// the PBX tap, redis-server and load processes. Each runs as a separate process on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../tools/harness/ports.mjs';
import { waitUntil } from '../../tools/harness/wait.mjs';
import { simulatorArgs } from '../../tools/harness/simulator.mjs';
import { getJson, postJson, requestJson, parsePrometheus } from './http.mjs';
import {
  captureOutput,
  forkScript,
  isRunning,
  rssBytes,
  spawnNode,
  spawnProgram,
  stopChild,
  waitForOutput,
} from './procs.mjs';
import { rpcClient } from './rpc.mjs';
import { wallNow } from './stats.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
export const PATHS = {
  simulator: here('../../apps/pbx-simulator/dist/main.js'),
  gateway: here('../../apps/gateway/dist/main.js'),
  hasher: here('../../apps/gateway/dist/auth/password-hasher.js'),
  dashboard: process.env.BENCH_DASHBOARD_DIR ?? here('../../apps/dashboard/dist'),
  cluster: here('../../apps/gateway/dist/cluster'),
  guard: here('./child-guard.mjs'),
  worker: here('../procs/load-worker.mjs'),
  bare: here('../procs/bare-server.mjs'),
  tap: here('../procs/pbx-tap.mjs'),
  browser: here('../procs/browser-worker.mjs'),
};

/** Demo API credentials of the simulator. */
export const SIM_CLIENT = { id: 'switchboard-demo', secret: 'switchboard-demo-secret' };
/** The users the bench signs in as (configured through USERS). */
export const BENCH_USERS = {
  supervisor: { username: 'bench-supervisor', password: 'bench-supervisor-password', role: 'supervisor' },
  admin: { username: 'bench-admin', password: 'bench-admin-password', role: 'admin' },
};

/**
 * Runs `start` again once when it fails: other work on the machine may be rebuilding an app's dist at
 * that very moment, which makes one start fail without saying anything about the app.
 */
async function startWithRetry(start, what) {
  try {
    return await start();
  } catch (error) {
    console.error(`  ${what} did not start (${String(error.message).split('\n')[0]}); trying once more`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return start();
  }
}

/** Starts the built simulator (retried once); answers `{url, pid, child, stats, world, stop}`. */
export function startSimulator(options = {}) {
  return startWithRetry(() => startSimulatorOnce(options), 'the simulator');
}

/** Starts the built gateway (retried once); see {@link startGatewayOnce}. */
export function startGateway(options) {
  return startWithRetry(() => startGatewayOnce(options), 'the gateway');
}

/** Starts the built simulator; answers `{url, pid, child, stop}`. */
async function startSimulatorOnce({
  scenario = 'small',
  seed = 42,
  speed = 1,
  trafficRate = 0,
  extra = [],
} = {}) {
  const args = ['--import', PATHS.guard, PATHS.simulator];
  args.push(...simulatorArgs({ scenario, seed, speed, trafficRate, extraArgs: extra }));
  const child = spawnNode(args);
  const match = await waitForOutput(
    child,
    /PBX simulator listening on (http:\/\/\S+)/,
    20_000,
    'the simulator',
  );
  captureOutput(child);
  const url = match[1].replace(/\/+$/, '');
  return {
    url,
    pid: child.pid,
    child,
    stats: () => getJson(`${url}/sim/stats`),
    world: () => getJson(`${url}/sim/world`),
    stop: () => stopChild(child),
  };
}

let usersEnv;
/** USERS for the bench users, hashed with the gateway's own hasher (made once per run). */
async function benchUsersEnv() {
  if (usersEnv) return usersEnv;
  const { hashPassword } = await import(PATHS.hasher);
  const users = [];
  for (const user of Object.values(BENCH_USERS)) {
    users.push({
      username: user.username,
      role: user.role,
      queues: 'all',
      passwordHash: await hashPassword(user.password),
    });
  }
  usersEnv = JSON.stringify(users);
  return usersEnv;
}

/**
 * Starts the built gateway against `pbxUrl` with the bench users and raised command limits; resolves once
 * /readyz answers 200 (the PBX answered). `env` overrides any setting; `nodeArgs` (default: the words of
 * BENCH_GATEWAY_NODE_ARGS) go to node, e.g. `--cpu-prof` to profile the gateway during a run. Memory can be read after a full GC
 * through {@link gatewayMemory} (the child runs with --expose-gc and the child guard listening on stdin).
 * `socketWorkers` sets SOCKET_WORKERS; without it the gateway runs as one process (SOCKET_WORKERS=0), so
 * every part but part 10 measures the same thing on a machine where `auto` would fork workers.
 */
async function startGatewayOnce({
  pbxUrl,
  env = {},
  socketWorkers = 0,
  nodeArgs = process.env.BENCH_GATEWAY_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
}) {
  const port = await freePort();
  // BENCH_PROFILE_DIR: every gateway of the run writes a CPU profile there when it is stopped.
  const profileFile = process.env.BENCH_PROFILE_DIR
    ? `${process.env.BENCH_PROFILE_DIR}/gateway-${Date.now()}-${port}.cpuprofile`
    : undefined;
  // Each gateway its own state: a run must not continue the streams, links and audit of the last one.
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-bench-data-'));
  const child = spawnNode(['--expose-gc', '--import', PATHS.guard, ...nodeArgs, PATHS.gateway], {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SITE_TIME_ZONE: 'UTC',
      PBX_BASE_URL: pbxUrl,
      PBX_CLIENT_ID: SIM_CLIENT.id,
      PBX_CLIENT_SECRET: SIM_CLIENT.secret,
      AUTH_SECRET: randomBytes(24).toString('base64url'),
      DATA_DIR: dataDir,
      USERS: await benchUsersEnv(),
      COMMANDS_PER_SECOND: '1000',
      BENCH_GC_STDIN: '1',
      SOCKET_WORKERS: String(socketWorkers),
      ...(profileFile ? { BENCH_CPU_PROFILE: profileFile } : {}),
      ...env,
    },
    stdin: true,
  });
  const output = captureOutput(child);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntil(
      async () => (await requestJson(`${url}/readyz`, { timeoutMs: 2_000 })).status === 200,
      'the gateway to be ready',
      30_000,
      { bail: () => !isRunning(child) && `gateway exited (${child.exitCode ?? child.signalCode})` },
    );
  } catch (error) {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${error.message}\n${output.tail()}`);
  }
  const stop = async () => {
    if (profileFile && child.exitCode === null) {
      child.stdin.write('profile\n');
      await waitForOutput(child, /cpu profile (written|failed)/, 30_000, 'the gateway profile').catch(
        () => {},
      );
    }
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, pid: child.pid, child, output, stop };
}

/** Signs a bench user in; answers the session token. */
export async function login(url, user) {
  const answer = await postJson(`${url}/api/auth/login`, {
    username: user.username,
    password: user.password,
  });
  if (!answer?.ok) throw new Error(`login of ${user.username} failed`);
  return answer.data.token;
}

/** The gateway's memory from /metrics after a full GC ("gc" to the child guard), with /proc as fallback. */
export async function gatewayMemory(gateway, settleMs = 400) {
  gateway.child.stdin.write('gc\n');
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const { body } = await requestJson(`${gateway.url}/metrics`);
  const metrics = parsePrometheus(typeof body === 'string' ? body : '');
  const pick = (...names) => names.map((n) => metrics.get(n)).find((v) => v !== undefined);
  return {
    rss:
      pick('switchboard_process_resident_memory_bytes', 'process_resident_memory_bytes') ??
      rssBytes(gateway.pid),
    heapUsed: pick('switchboard_nodejs_heap_size_used_bytes', 'nodejs_heap_size_used_bytes'),
    clients: pick('switchboard_connected_clients'),
  };
}

/** Starts the bare socket.io server process. */
export async function startBare() {
  const child = spawnNode(['--expose-gc', PATHS.bare]);
  const match = await waitForOutput(
    child,
    /listening on (http:\/\/\S+)/,
    10_000,
    'the bare socket.io server',
  );
  captureOutput(child);
  const url = match[1];
  return {
    url,
    pid: child.pid,
    memory: () => getJson(`${url}/memory`),
    stop: () => stopChild(child),
  };
}

/** Starts the PBX tap in front of `simUrl`; answers its URL and `marks()` (accept requests seen). */
export async function startTap(simUrl) {
  const child = forkScript(PATHS.tap, [String(new URL(simUrl).port)]);
  const match = await waitForOutput(child, /listening on (http:\/\/\S+)/, 10_000, 'the PBX tap');
  captureOutput(child);
  const rpc = rpcClient(child, 'pbx tap');
  return {
    url: match[1],
    marks: () => rpc.call('marks'),
    incoming: () => rpc.call('incoming'),
    stop: () => stopChild(child),
  };
}

/** Starts redis-server on a free port without persistence; answers its URL. */
export async function startRedis() {
  if (!existsSync('/usr/bin/redis-server')) throw new Error('redis-server is not installed');
  const port = await freePort();
  const child = spawnProgram('/usr/bin/redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await waitForOutput(child, /Ready to accept connections/, 10_000, 'redis-server');
  captureOutput(child);
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

/** `count` load processes, each a socket.io client holder driven over IPC. */
export async function startWorkers(count, label = 'load') {
  const workers = [];
  for (let i = 0; i < count; i++) {
    const child = forkScript(PATHS.worker, [], { execArgv: ['--max-old-space-size=2048'] });
    captureOutput(child);
    workers.push({ child, pid: child.pid, ...rpcClient(child, `${label} process ${i + 1}`) });
  }
  return {
    workers,
    /** Calls `cmd` on every worker; `argsOf(i)` gives each its arguments. */
    all: (cmd, argsOf = () => ({}), timeoutMs) =>
      Promise.all(workers.map((w, i) => w.call(cmd, argsOf(i), timeoutMs))),
    stop: () => Promise.all(workers.map((w) => stopChild(w.child))),
  };
}

/** Splits `total` into `parts` nearly equal whole numbers. */
export function spread(total, parts) {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

/**
 * Opens `total` clients spread over the pool; throws when fewer than all connect. A `user` is signed in
 * once here and its session shared by every load process: the gateway lets only a few sign-ins of one
 * user run at once (apps/gateway/src/auth/login-throttle.ts), so one each would limit the load processes.
 */
export async function connectSpread(pool, total, options, timeoutMs = 120_000) {
  const shares = spread(total, pool.workers.length);
  const { user, password, ...rest } = options;
  const session =
    rest.token === undefined && user !== undefined
      ? { ...rest, token: await login(rest.url, { username: user, password }) }
      : options;
  const answers = await pool.all('connect', (i) => ({ ...session, count: shares[i] }), timeoutMs);
  const connected = answers.reduce((sum, a) => sum + a.connected, 0);
  if (connected < total) {
    const error = answers.find((a) => a.firstError)?.firstError ?? 'unknown';
    throw new Error(`only ${connected} of ${total} clients connected (${error})`);
  }
  return {
    connected,
    ms: Math.max(...answers.map((a) => a.ms)),
    // Handshakes that needed a second try, and why the first failed.
    retried: answers.reduce((sum, a) => sum + (a.retried ?? 0), 0),
    retryReason: answers.find((a) => a.retryReason)?.retryReason,
  };
}

/** The first controlled trunk of the simulator's world with a DID routed through it. */
export async function controlledLine(sim) {
  const world = await sim.world();
  for (const trunk of world.trunks.filter((t) => t.controlled)) {
    const route = world.inboundRoutes.find((r) => r.trunk_ids.includes(trunk.id));
    if (route) return { trunk: trunk.name, to: route.did_patterns[0], from: '5559990000' };
  }
  throw new Error('the scenario has no controlled trunk with an inbound route');
}

export { wallNow };
