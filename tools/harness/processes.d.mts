import type { ChildProcess } from 'node:child_process';

/** How a child ended: its exit code, or the signal that ended it (code 127: it could not be started). */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SpawnOptions {
  cwd?: string;
  /** The child's whole environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** A process group of its own: a terminal's Ctrl-C reaches only the parent; signals reach the whole group. */
  detached?: boolean;
  /** Pipe stdin (default: ignored). */
  stdin?: boolean;
  /** Fork `command` (a script) with an IPC channel; `execArgv` goes to that node. */
  ipc?: boolean;
  execArgv?: string[];
}

export interface ProcessOptions extends SpawnOptions {
  /** What messages call it (default: the command). */
  name?: string;
  /** Characters of output kept (default 20,000; Infinity keeps everything). */
  outputLimit?: number;
  /** How long `stop()` waits before SIGKILL (default 3 s). */
  graceMs?: number;
}

/** A process started by {@link startProcess}. */
export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly pid: number;
  /** Resolves once it exited. */
  readonly exited: Promise<ChildExit>;
  isRunning(): boolean;
  /** The last output (stdout and stderr), for failure messages. */
  output(): string;
  /** The last `count` (default 40) lines of output. */
  lastLines(count?: number): string[];
  /** Calls `listener` with every complete line it writes from now on. */
  onLine(listener: (line: string) => void): void;
  /**
   * Resolves with the first match of `pattern` in its output (so far or later); rejects after `timeoutMs`, or
   * when it exits first unless `afterExit` (its own children may still write). `what` names the awaited step
   * in the messages (`gateway exited (1) before listening`; default: printing the pattern).
   */
  waitForOutput(
    pattern: RegExp,
    timeoutMs: number,
    options?: { afterExit?: boolean; what?: string },
  ): Promise<RegExpExecArray>;
  /**
   * Polls `check` (default every 100 ms) until it returns something truthy; fails naming `what` after
   * `timeoutMs`, or at once when the process exits; the output is in the message.
   */
  waitUntil<T>(
    check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
    what: string,
    timeoutMs: number,
    intervalMs?: number,
  ): Promise<T>;
  /** Sends `signal` (default SIGTERM), SIGKILL after `graceMs`; resolves once it exited. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<ChildExit>;
}

/** Starts a process with its output captured; it is killed when this process exits. */
export declare function startProcess(
  command: string,
  args?: string[],
  options?: ProcessOptions,
): ManagedProcess;

/** Spawns `command args` with stdout and stderr piped, killed when this process exits. */
export declare function spawnChild(command: string, args?: string[], options?: SpawnOptions): ChildProcess;

/** Keeps the last `limit` (default 20,000) characters of output and drains the pipes; `onLine` sees each line. */
export declare function captureOutput(
  child: ChildProcess,
  options?: { limit?: number; onLine?: (line: string) => void },
): { tail(): string; note(line: string): void; stop(): void };

/** Resolves with the first match of `pattern` in what the child writes from now on; rejects on exit or timeout. */
export declare function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs: number,
  what: string,
): Promise<RegExpExecArray>;

/** Sends `signal` (default SIGTERM), SIGKILL after `graceMs` (default 3 s); resolves once it exited. */
export declare function stopChild(
  child: ChildProcess,
  options?: { signal?: NodeJS.Signals; graceMs?: number },
): Promise<ChildExit>;

/** Resolves once the child exited (or failed to start). */
export declare function exitOf(child: ChildProcess): Promise<ChildExit>;

/** True until the child exited (or failed to start). */
export declare function isRunning(child: ChildProcess): boolean;

/** Kills (SIGKILL) every child started here that still runs. */
export declare function killAll(): void;

/** Runs a command to its end, output captured; SIGKILL after `timeoutMs` (then `timedOut`). */
export declare function runToEnd(
  command: string,
  args: string[],
  options?: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<ChildExit & { output: string; timedOut: boolean }>;
