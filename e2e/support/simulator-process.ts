import { existsSync } from 'node:fs';
import type { ManagedProcess } from '../../tools/harness/processes.mjs';
import { simulatorArgs, simulatorUrl, type SimulatorArgs } from '../../tools/harness/simulator.mjs';
import { startNode } from './child-process.js';
import { SIMULATOR_MAIN } from './repo-paths.js';

/** The simulator's published demo credentials (the gateway uses them, and then offers the demo users). */
export const DEMO_CLIENT = { id: 'switchboard-demo', secret: 'switchboard-demo-secret' } as const;

/** Flags of the simulator child (seed 42 unless told). */
export type SimulatorOptions = SimulatorArgs;

/** What the world endpoint lists (the parts the tests read). */
export interface SimWorld {
  extensions: { id: number; number: string; name: string }[];
  trunks: { id: number; name: string; controlled: boolean }[];
  inboundRoutes: { id: number; name: string; did_patterns: string[]; trunk_ids: number[] }[];
  queues: { id: number; number: string; name: string }[];
  /** Caller numbers of the scenario; `contact` ones are in the company contact book under `name`. */
  callers: { number: string; name: string; contact: boolean }[];
}

/** GET /sim/stats, the parts the tests read. */
export interface SimStats {
  requests: { total: number; by_operation: Record<string, number> };
}

/** A simulator child process and its /sim control surface. */
export interface SimulatorProcess {
  url: string;
  child: ManagedProcess;
  get<T>(path: string): Promise<T>;
  /** POSTs JSON to a /sim route; fails on any non-2xx answer, naming the route and the answer. */
  post<T>(path: string, body: unknown): Promise<T>;
  /** How many PBX requests of `operation` (e.g. `call/accept_inbound`) the simulator has served. */
  operationCount(operation: string): Promise<number>;
  stop(): Promise<void>;
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Starts the built simulator on a free port; resolves once it says where it listens. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<SimulatorProcess> {
  if (!existsSync(SIMULATOR_MAIN))
    throw new Error(`${SIMULATOR_MAIN} is missing: build it first (npx nx build pbx-simulator)`);
  const child = startNode('the simulator', SIMULATOR_MAIN, simulatorArgs({ seed: 42, ...options }), {
    PBX_SIM_CLIENT_ID: DEMO_CLIENT.id,
    PBX_SIM_CLIENT_SECRET: DEMO_CLIENT.secret,
  });
  const url = await simulatorUrl(child, 15_000);
  const get = <T>(path: string) => json<T>(`${url}${path}`);
  return {
    url,
    child,
    get,
    post: <T>(path: string, body: unknown) =>
      json<T>(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    operationCount: async (operation) =>
      (await get<SimStats>('/sim/stats')).requests.by_operation[operation] ?? 0,
    stop: async () => void (await child.stop()),
  };
}
