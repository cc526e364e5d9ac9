import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { requestJson } from '../../../../tools/harness/http.mjs';
import { startProcess } from '../../../../tools/harness/processes.mjs';
import { simulatorArgs, simulatorUrl, type SimulatorArgs } from '../../../../tools/harness/simulator.mjs';

/** The built simulator (build it first: `npx nx run-many -t build -p pbx-api live-protocol pbx-simulator`). */
const SIMULATOR_MAIN = fileURLToPath(new URL('../../../pbx-simulator/dist/main.js', import.meta.url));

/** What GET /sim/stats answers (the parts tests read). */
export interface SimulatorStats {
  requests: { total: number; by_operation: Record<string, number>; by_errcode: Record<string, number> };
  events: { published: number; by_type: Record<string, number> };
  ws_clients: number;
}

/** Flags of the simulator child, and how long to wait for it. */
export interface SimulatorOptions extends SimulatorArgs {
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

/** Spawns the built simulator on a free port and resolves once it prints its URL. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  if (!existsSync(SIMULATOR_MAIN)) {
    throw new Error(`simulator not built: ${SIMULATOR_MAIN} is missing (run nx build pbx-simulator)`);
  }
  const { startTimeoutMs = 10_000, ...args } = options;
  const simulator = startProcess(process.execPath, [SIMULATOR_MAIN, ...simulatorArgs(args)], {
    name: 'simulator',
  });
  const url = await simulatorUrl(simulator, startTimeoutMs);
  const get = async <T>(path: string) => (await requestJson<T>(`${url}${path}`, { timeoutMs: 5_000 })).body;

  return {
    url,
    stats: () => get<SimulatorStats>('/sim/stats'),
    get,
    post: async <T>(path: string, body: unknown) => {
      const answer = await requestJson<T>(`${url}${path}`, { method: 'POST', body, timeoutMs: 5_000 });
      return { status: answer.status, body: answer.body };
    },
    stop: async () => void (await simulator.stop()),
  };
}
