import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built simulator (build it first: `npx nx run-many -t build -p pbx-api live-protocol pbx-simulator`). */
const SIMULATOR_MAIN = fileURLToPath(new URL('../../../pbx-simulator/dist/main.js', import.meta.url));
const LISTENING = /PBX simulator listening on (http:\/\/[^\s]+)/;

/** What GET /sim/stats answers (the parts tests read). */
export interface SimulatorStats {
  requests: { total: number; by_operation: Record<string, number>; by_errcode: Record<string, number> };
  events: { published: number; by_type: Record<string, number> };
  ws_clients: number;
}

/** Flags of the simulator child; each maps to its `--flag`. */
export interface SimulatorOptions {
  scenario?: 'small' | 'contact-center' | 'stress';
  seed?: number;
  speed?: number;
  trafficRate?: number;
  holdWindowMs?: number;
  accessTtlS?: number;
  wsIdleMs?: number;
  timeZone?: string;
  /** Any other flags, e.g. ['--sn', 'ABC123']. */
  extraArgs?: string[];
  /** How long to wait for the "listening" line. */
  startTimeoutMs?: number;
}

/** A running simulator child process. */
export interface RunningSimulator {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** GET /sim/stats. */
  stats(): Promise<SimulatorStats>;
  /** GET on any path; returns the parsed JSON body. */
  get<T = unknown>(path: string): Promise<T>;
  /** POST a JSON body to any path (e.g. /sim/faults, /sim/inbound-calls); returns status and parsed body. */
  post<T = unknown>(path: string, body: unknown): Promise<{ status: number; body: T }>;
  /** Kills the child and waits for it to exit. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A crashed test run must not leave simulators behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function flags(options: SimulatorOptions): string[] {
  const out = ['--port', '0', '--host', '127.0.0.1'];
  const add = (flag: string, value: string | number | undefined) => {
    if (value !== undefined) out.push(`--${flag}`, String(value));
  };
  add('scenario', options.scenario);
  add('seed', options.seed);
  add('speed', options.speed);
  add('traffic-rate', options.trafficRate);
  add('hold-window-ms', options.holdWindowMs);
  add('access-ttl', options.accessTtlS);
  add('ws-idle-ms', options.wsIdleMs);
  add('time-zone', options.timeZone);
  return [...out, ...(options.extraArgs ?? [])];
}

async function requestJson<T>(url: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

/** Spawns the built simulator on a free port and resolves once it prints its URL. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  if (!existsSync(SIMULATOR_MAIN)) {
    throw new Error(`simulator not built: ${SIMULATOR_MAIN} is missing (run nx build pbx-simulator)`);
  }
  const child = spawn(process.execPath, [SIMULATOR_MAIN, ...flags(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));

  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`simulator did not start within ${options.startTimeoutMs ?? 10_000} ms:\n${output}`));
    }, options.startTimeoutMs ?? 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/+$/, ''));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`simulator exited with code ${String(code)} before listening:\n${output}`));
    });
  });
  // Keep draining output so a chatty child never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();

  return {
    url,
    stats: async () => (await requestJson<SimulatorStats>(`${url}/sim/stats`)).body,
    get: async <T>(path: string) => (await requestJson<T>(`${url}${path}`)).body,
    post: <T>(path: string, body: unknown) =>
      requestJson<T>(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
