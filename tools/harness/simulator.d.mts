import type { ManagedProcess } from './processes.mjs';

/** Options of the simulator child; each maps to its `--flag`. */
export interface SimulatorArgs {
  scenario?: 'small' | 'contact-center' | 'stress';
  seed?: number;
  speed?: number;
  /** Multiplier on generated traffic (calls and conferences); 0 = a still call center. */
  trafficRate?: number;
  holdWindowMs?: number;
  accessTtlS?: number;
  wsIdleMs?: number;
  timeZone?: string;
  /** Share of generated inbound calls held for a decision. */
  controlledShare?: number;
  /** Queue agents instead of the scenario's count. */
  agents?: number;
  /** Finished calls seeded over the day before today (`--history`). */
  history?: number;
  /** Any other flags, e.g. ['--sn', 'ABC123']. */
  extraArgs?: string[];
}

/** The simulator's arguments: a free port on 127.0.0.1, each option given, then `extraArgs`. */
export declare function simulatorArgs(options?: SimulatorArgs): string[];

/** The URL of a started simulator once it says it listens; killed (and rejected) after `timeoutMs`. */
export declare function simulatorUrl(child: ManagedProcess, timeoutMs: number): Promise<string>;
