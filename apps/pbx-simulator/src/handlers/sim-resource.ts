/** What every stateful resource of the simulated PBX offers the simulator. */
import type { HandlerTable, WorldInfo } from '../contracts.js';
import type { DisplayTime } from '../support/display-time.js';

/** A resource: its operation handlers and a way back to its seeded state. */
export interface SimResource {
  readonly handlers: HandlerTable;
  /** Back to the seeded state (POST /sim/reset). */
  reset(): void;
}

/** What resources read from the rest of the simulator. */
export interface ResourceContext {
  seed: number;
  /** The call center's static world (extensions, trunks, inbound routes). */
  world: () => WorldInfo;
  /** PBX clock, unix seconds. */
  clock: () => number;
  display: DisplayTime;
}

/** Next id after the largest in `ids` (1 for none). */
export function nextId(ids: Iterable<number>): number {
  let max = 0;
  for (const id of ids) if (id > max) max = id;
  return max + 1;
}

/** Comma-separated ids -> numbers, in order, without repeats. */
export function idList(value: unknown): number[] {
  const ids = String(value ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id));
  return [...new Set(ids)];
}
