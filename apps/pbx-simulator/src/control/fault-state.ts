/**
 * Fault injection: added latency, a rate of failed answers with chosen errcodes, and going down.
 * Every roll comes from a generator seeded with the simulator's seed, so a test run repeats exactly.
 */
import { PBX_ERRCODE, PBX_OPERATIONS } from '@switchboard/pbx-api';
import { SeededRandom } from '../support/seeded-random.js';

/** How the PBX behaves while down. */
export type DownMode = 'http503' | 'reset';

/** Current fault settings, as GET /sim/faults answers them. */
export interface FaultSettings {
  latencyMs: number;
  jitterMs: number;
  errorRate: number;
  errcodes: number[];
  /** Operations the error rate applies to; empty = all (`download` and `subscribe` included). */
  operations: string[];
  down: boolean;
  downMode: DownMode;
  /** Milliseconds until the PBX comes back by itself (null = stays down until told). */
  downRemainingMs: number | null;
}

/** One-shot actions a fault update may ask for. */
export interface FaultActions {
  dropEventSockets: boolean;
  revokeTokens: boolean;
  /** Every download link issued so far (recordings, AI files) stops working now. */
  expireDownloadLinks: boolean;
}

/** Names accepted in `operations`. */
export const FAULT_OPERATIONS: readonly string[] = [...Object.keys(PBX_OPERATIONS), 'download', 'subscribe'];

const NONE = (): Omit<FaultSettings, 'downRemainingMs'> => ({
  latencyMs: 0,
  jitterMs: 0,
  errorRate: 0,
  errcodes: [PBX_ERRCODE.SERVER_BUSY],
  operations: [],
  down: false,
  downMode: 'http503',
});

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Validates a POST /sim/faults body: the settings to change and the actions to run, or the problems. */
export function parseFaultUpdate(body: unknown):
  | {
      ok: true;
      clear: boolean;
      settings: Partial<FaultSettings>;
      downForMs: number | undefined;
      actions: FaultActions;
    }
  | { ok: false; problems: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, problems: ['body must be a JSON object'] };
  }
  const input = body as Record<string, unknown>;
  const problems: string[] = [];
  const settings: Partial<FaultSettings> = {};
  const actions: FaultActions = { dropEventSockets: false, revokeTokens: false, expireDownloadLinks: false };
  let clear = false;
  let downForMs: number | undefined;
  const intField = (key: string, min: number, max: number): number | undefined => {
    const v = input[key];
    if (isInt(v) && v >= min && v <= max) return v;
    problems.push(`${key} must be a whole number from ${min} to ${max}, got ${JSON.stringify(v)}`);
    return undefined;
  };
  const boolField = (key: string): boolean | undefined => {
    const v = input[key];
    if (typeof v === 'boolean') return v;
    problems.push(`${key} must be true or false, got ${JSON.stringify(v)}`);
    return undefined;
  };
  for (const key of Object.keys(input)) {
    switch (key) {
      case 'clear':
        clear = boolField(key) ?? false;
        break;
      case 'latencyMs':
      case 'jitterMs': {
        const v = intField(key, 0, 60_000);
        if (v !== undefined) settings[key] = v;
        break;
      }
      case 'errorRate': {
        const v = input[key];
        if (typeof v === 'number' && v >= 0 && v <= 1) settings.errorRate = v;
        else problems.push(`errorRate must be a number from 0 to 1, got ${JSON.stringify(v)}`);
        break;
      }
      case 'errcodes': {
        const v = input[key];
        if (Array.isArray(v) && v.length > 0 && v.every((c) => isInt(c) && c !== 0))
          settings.errcodes = v as number[];
        else
          problems.push(
            `errcodes must be a non-empty array of non-zero whole numbers, got ${JSON.stringify(v)}`,
          );
        break;
      }
      case 'operations': {
        const v = input[key];
        const unknown = Array.isArray(v)
          ? v.filter((o) => typeof o !== 'string' || !FAULT_OPERATIONS.includes(o))
          : [];
        if (Array.isArray(v) && unknown.length === 0) settings.operations = v as string[];
        else if (!Array.isArray(v))
          problems.push(`operations must be an array of operation names, got ${JSON.stringify(v)}`);
        else
          problems.push(`operations has unknown names: ${unknown.map((o) => JSON.stringify(o)).join(', ')}`);
        break;
      }
      case 'down': {
        const v = boolField(key);
        if (v !== undefined) settings.down = v;
        break;
      }
      case 'downMode': {
        const v = input[key];
        if (v === 'http503' || v === 'reset') settings.downMode = v;
        else problems.push(`downMode must be "http503" or "reset", got ${JSON.stringify(v)}`);
        break;
      }
      case 'downForMs':
        downForMs = intField(key, 1, 3_600_000);
        break;
      case 'dropEventSockets':
      case 'revokeTokens':
      case 'expireDownloadLinks':
        actions[key] = boolField(key) ?? false;
        break;
      default:
        problems.push(`unknown field ${JSON.stringify(key)}`);
    }
  }
  if (downForMs !== undefined && settings.down !== true) problems.push('downForMs needs "down": true');
  return problems.length > 0 ? { ok: false, problems } : { ok: true, clear, settings, downForMs, actions };
}

/** The live fault settings and their seeded dice. */
export class FaultState {
  private current = NONE();
  private downUntil: number | undefined;
  private random: SeededRandom;

  constructor(private readonly seed: number) {
    this.random = SeededRandom.light(seed);
  }

  /** Applies a parsed update. */
  apply(update: { clear: boolean; settings: Partial<FaultSettings>; downForMs: number | undefined }): void {
    if (update.clear) this.current = NONE();
    const { downRemainingMs: _ignored, ...settings } = update.settings;
    this.current = { ...this.current, ...settings };
    if (settings.down !== undefined) this.downUntil = undefined;
    if (update.downForMs !== undefined) this.downUntil = Date.now() + update.downForMs;
    this.random = SeededRandom.light(this.seed);
  }

  settings(): FaultSettings {
    const down = this.isDown();
    return {
      ...this.current,
      errcodes: [...this.current.errcodes],
      operations: [...this.current.operations],
      down,
      downRemainingMs: down && this.downUntil !== undefined ? Math.max(0, this.downUntil - Date.now()) : null,
    };
  }

  /** Whether PBX requests are refused now; a timed outage ends by itself. */
  isDown(): boolean {
    if (this.current.down && this.downUntil !== undefined && Date.now() >= this.downUntil) {
      this.current.down = false;
      this.downUntil = undefined;
    }
    return this.current.down;
  }

  get downMode(): DownMode {
    return this.current.downMode;
  }

  /** Delay to add before answering, in ms. */
  delayMs(): number {
    const { latencyMs, jitterMs } = this.current;
    return latencyMs + (jitterMs > 0 ? Math.floor(this.random.next() * (jitterMs + 1)) : 0);
  }

  /** The errcode to answer `operation` with instead of serving it, or undefined to serve it. */
  injectedErrcode(operation: string): number | undefined {
    const { errorRate, errcodes, operations } = this.current;
    if (errorRate <= 0) return undefined;
    if (operations.length > 0 && !operations.includes(operation)) return undefined;
    if (this.random.next() >= errorRate) return undefined;
    return this.random.pick(errcodes);
  }

  reset(): void {
    this.current = NONE();
    this.downUntil = undefined;
    this.random = SeededRandom.light(this.seed);
  }
}
