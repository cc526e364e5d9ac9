import { spawn, type ChildProcess } from 'node:child_process';

/** Output kept per child for error messages; older output is dropped. */
const OUTPUT_LIMIT = 20_000;

const alive = new Set<ChildProcess>();
// A test run that crashes must not leave gateways or simulators behind.
process.once('exit', () => {
  for (const child of alive) child.kill('SIGKILL');
});

/** A Node child process started by a test, with its recent output for diagnostics. */
export interface NodeChild {
  readonly pid: number | undefined;
  /** Resolves when the process has exited (at once if it already has). */
  readonly exited: Promise<void>;
  isRunning(): boolean;
  /** The last few KB of stdout and stderr. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects on exit or after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  /** Sends `signal` and waits for the exit; SIGTERM escalates to SIGKILL after 3 s. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Runs `node <script> ...args` with exactly `env` (plus PATH), never the test runner's environment. */
export function spawnNode(script: string, args: string[], env: Record<string, string>): NodeChild {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  alive.add(child);
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      alive.delete(child);
      for (const listener of listeners) listener();
      resolve();
    }),
  );
  const isRunning = () => child.exitCode === null && child.signalCode === null;

  return {
    pid: child.pid,
    exited,
    isRunning,
    output: () => output,
    waitForOutput: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        const check = () => {
          const match = pattern.exec(output);
          if (match) {
            done();
            resolve(match);
          } else if (!isRunning()) {
            done();
            reject(new Error(`${script} exited (${String(child.exitCode ?? child.signalCode)}):\n${output}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${String(pattern)} from ${script} within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    stop: async (signal = 'SIGTERM') => {
      if (!isRunning()) return;
      child.kill(signal);
      const escalate = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(escalate);
    },
  };
}
