import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { ShapeError, type Check } from './shape.js';
import { migrate, type StateFileFormat } from './state-formats.js';

/** After a failed write, the next attempt waits this long (a full disk should not spin the CPU). */
const RETRY_MS = 1_000;

/** A state file (or DATA_DIR itself) that cannot be used: names it and says what is wrong, on one line. */
export class StateFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
    remedy = 'repair it or move it away (the gateway does not start over state it cannot read)',
  ) {
    super(`state file ${file} ${problem}: ${remedy}`.replace(/\s+/g, ' '));
    this.name = 'StateFileError';
  }
}

/** The text of the state file at `path`; undefined when there is none, a {@link StateFileError} when unreadable. */
export async function readStateText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new StateFileError(path, `could not be read (${code ?? String(error)})`);
  }
}

/** How one state file is read and written. */
export interface StateFileOptions<T extends object> {
  path: string;
  /** What the file holds, for messages ("display links"). */
  what: string;
  /** The version written and how older versions are migrated (a row of STATE_FORMATS). */
  format: StateFileFormat;
  /** Validates the document read back, after it was migrated to the current version. */
  check: Check<T>;
  /** The document to write: the state at the moment the write starts, so the latest state wins. */
  snapshot: () => T;
  /** How long a change waits for more changes before it is written (0: on the next turn of the event loop). */
  coalesceMs?: number;
  /** File mode (default 0600: the files name sessions and users). */
  mode?: number;
  /** Called when a write failed; the state stays pending and is written again later. */
  onError?: (error: unknown) => void;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * One JSON document in DATA_DIR, replaced whole on every write. Why whole documents: the state is small (KBs
 * to a few hundred KB), and a rename-into-place (write-file-atomic writes a temporary file, fsyncs it, then
 * renames it over the old one) means a crash at any moment leaves either the old or the new file, never a
 * torn one. Why not a database: measured on this machine, lmdb segfaults opening a garbage file,
 * classic-level (LevelDB) silently drops corrupted log records, better-sqlite3 needs an install-script build
 * that this npm (11) skips, and Node 20 has no node:sqlite.
 *
 * Writes are coalesced: changes only mark the document dirty; at most one write is in flight, and whatever
 * changed meanwhile goes into the next one.
 */
export class StateFile<T extends object> {
  private dirty = false;
  private writing: Promise<void> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waiters: Waiter[] = [];
  private lastError: unknown;
  private closed = false;

  constructor(private readonly options: StateFileOptions<T>) {}

  get path(): string {
    return this.options.path;
  }

  /**
   * Reads and validates the file: undefined when it does not exist (empty state); a {@link StateFileError}
   * when it cannot be read, is not JSON, is of another version or does not have the expected shape.
   */
  async read(): Promise<T | undefined> {
    const { path, what, check, format } = this.options;
    const text = await readStateText(path);
    if (text === undefined) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new StateFileError(path, `is not valid JSON (${(error as Error).message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new StateFileError(path, `is not a file of ${what} (not a JSON object)`);
    const migrated = migrate(
      value as Record<string, unknown>,
      (value as { version?: unknown }).version,
      format,
    );
    if (!migrated.ok)
      throw new StateFileError(
        path,
        `${migrated.problem}, so it is not a file of ${what} this gateway can read`,
      );
    value = migrated.document;
    try {
      return check(value, '');
    } catch (error) {
      if (error instanceof ShapeError)
        throw new StateFileError(path, `is not a valid file of ${what}: ${error.message}`);
      throw error;
    }
  }

  /** The state changed: it is written within `coalesceMs` (fire and forget; failures go to `onError`). */
  changed(): void {
    if (this.closed) return;
    this.dirty = true;
    this.schedule(this.options.coalesceMs ?? 0);
  }

  /** The state changed: resolves once a write that includes this change succeeded, rejects when it failed. */
  save(): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`${this.options.what}: the state file is closed`));
    const written = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.changed();
    return written;
  }

  /** Writes what is pending now and waits for it; later changes are no longer written (shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing) await this.writing;
    if (this.dirty) {
      this.start();
      await this.writing;
    }
    clearTimeout(this.timer);
    if (this.dirty) throw this.lastError;
  }

  private schedule(delayMs: number): void {
    // A write in flight schedules the next one when it ends; a timer already set will pick this change up.
    if (this.writing || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start();
    }, delayMs);
    this.timer.unref();
  }

  private start(): void {
    if (this.writing || !this.dirty) return;
    this.dirty = false;
    const waiters = this.waiters.splice(0);
    this.writing = this.write()
      .then(
        () => {
          this.lastError = undefined;
          for (const waiter of waiters) waiter.resolve();
        },
        (error: unknown) => {
          this.dirty = true;
          this.lastError = error;
          for (const waiter of waiters) waiter.reject(error);
          this.options.onError?.(error);
        },
      )
      .finally(() => {
        this.writing = undefined;
        if (this.dirty && !this.closed)
          this.schedule(this.lastError ? RETRY_MS : (this.options.coalesceMs ?? 0));
      });
  }

  private async write(): Promise<void> {
    const text = JSON.stringify({ version: this.options.format.version, ...this.options.snapshot() });
    await writeFileAtomic(this.options.path, `${text}\n`, { mode: this.options.mode ?? 0o600 });
  }
}
