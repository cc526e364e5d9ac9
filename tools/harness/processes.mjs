// Child processes of tests, the bench and `npm start`: spawned with their output captured (the tail goes
// into error messages), awaited until ready (a log line, or any check such as an HTTP probe), stopped with
// a signal that escalates to SIGKILL after a grace period, and killed when the parent process exits.
import { fork, spawn } from 'node:child_process';
import { duration, waitUntil } from './wait.mjs';

/** Children still running; the parent's exit takes them down. */
const live = new Set();
/** Children spawned in a process group of their own: signals go to the whole group. */
const groups = new WeakSet();
/** Each child's exit, as `{ code, signal }` (a child that could not be spawned: code 127). */
const exits = new WeakMap();
/** Children known to have exited (or failed to start). */
const gone = new WeakSet();
let hooked = false;

/** Sends `signal` to a child (its whole process group when it has one); a child already gone is fine. */
function send(child, signal) {
  if (child.pid === undefined) return;
  try {
    if (groups.has(child)) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Kills every child still running (SIGKILL, whole groups); safe to call more than once. */
export function killAll() {
  for (const child of live) send(child, 'SIGKILL');
  live.clear();
}

/** Resolves with the child's `{ code, signal }` once it exited (or failed to start). */
export function exitOf(child) {
  let exited = exits.get(child);
  if (!exited) {
    exited = new Promise((resolve) => {
      const end = (code, signal) => {
        gone.add(child);
        resolve({ code, signal });
      };
      if (child.exitCode !== null || child.signalCode !== null) end(child.exitCode, child.signalCode);
      child.once('exit', end);
      // A spawn failure (ENOENT) emits 'error' and maybe no 'exit'.
      child.once('error', () => end(127, null));
    });
    exits.set(child, exited);
  }
  return exited;
}

/** True until the child exited (or failed to start). */
export function isRunning(child) {
  return !gone.has(child) && child.exitCode === null && child.signalCode === null;
}

/**
 * Spawns `command args` with stdout and stderr piped, registered so that it dies with this process.
 * `env` is the child's whole environment (default: this process's). `detached` gives it a process group of
 * its own (a Ctrl-C in the terminal then reaches only the parent; a stop reaches its children too); `stdin`
 * pipes stdin; `ipc` forks `command` (a script) with an IPC channel, `execArgv` going to that node.
 */
export function spawnChild(command, args = [], options = {}) {
  const { cwd, env = process.env, detached = false, stdin = false, ipc = false, execArgv } = options;
  const stdio = [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe', ...(ipc ? ['ipc'] : [])];
  const child = ipc
    ? fork(command, args, { cwd, env, stdio, detached, ...(execArgv ? { execArgv } : {}) })
    : spawn(command, args, { cwd, env, stdio, detached });
  if (detached) groups.add(child);
  if (!hooked) {
    hooked = true;
    process.once('exit', killAll);
  }
  live.add(child);
  void exitOf(child).then(() => live.delete(child));
  return child;
}

/**
 * Keeps the last `limit` characters a child wrote to stdout and stderr (for error messages) and keeps its
 * pipes drained, so a chatty child never blocks; `onLine` sees each complete line. `stop()` detaches.
 */
export function captureOutput(child, { limit = 20_000, onLine } = {}) {
  let tail = '';
  const partial = new Map();
  const listeners = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    const take = (chunk) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-limit);
      if (!onLine) return;
      const lines = ((partial.get(stream) ?? '') + text).split('\n');
      partial.set(stream, lines.pop() ?? '');
      for (const line of lines) onLine(line);
    };
    stream.on('data', take);
    listeners.push(() => stream.off('data', take));
  }
  return {
    tail: () => tail,
    /** Adds a line of its own (e.g. why the child could not be started). */
    note: (line) => (tail = `${tail}${line}\n`.slice(-limit)),
    stop: () => listeners.forEach((off) => off()),
  };
}

/**
 * Resolves with the first match of `pattern` in `text()`, tested whenever the child writes; rejects after
 * `timeoutMs`, or when the child exits first (unless `afterExit`: a child's own children may still write).
 * Messages call the child `name`, and what it was to do `what` (default: printing the pattern).
 */
function matchOutput(
  child,
  text,
  pattern,
  timeoutMs,
  name,
  { afterExit = false, what = `printing ${pattern}` } = {},
) {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(text());
      if (match) finish(() => resolve(match));
    };
    const onExit = ({ code, signal }) => {
      check();
      if (afterExit) return;
      finish(() => reject(new Error(`${name} exited (${code ?? signal}) before ${what}:\n${text()}`)));
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`${name} not ${what} within ${duration(timeoutMs)}:\n${text()}`))),
      timeoutMs,
    );
    let done = false;
    function finish(settle) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      settle();
    }
    // Listeners added after the capturing ones: the text already holds the chunk when `check` runs.
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    void exitOf(child).then(onExit);
    check();
  });
}

/**
 * Resolves with the first match of `pattern` in what the child writes from now on; rejects when it exits
 * first or after `timeoutMs`, with that output in the message.
 */
export function waitForOutput(child, pattern, timeoutMs, what) {
  const seen = captureOutput(child, { limit: 16_000 });
  return matchOutput(child, seen.tail, pattern, timeoutMs, what).finally(seen.stop);
}

/**
 * Sends `signal` (default SIGTERM) and, if the child has not exited after `graceMs`, SIGKILL; resolves with
 * its `{ code, signal }` once it exited.
 */
export async function stopChild(child, { signal = 'SIGTERM', graceMs = 3_000 } = {}) {
  if (!isRunning(child)) return exitOf(child);
  send(child, signal);
  const timer = setTimeout(() => send(child, 'SIGKILL'), graceMs);
  const result = await exitOf(child);
  clearTimeout(timer);
  return result;
}

/**
 * Starts a process and answers a handle on it: its captured output, a wait for a log line, a wait on any
 * check that gives up as soon as the process dies, and a stop. `name` is what messages call it;
 * `outputLimit` (default 20,000 characters; Infinity keeps everything) bounds the kept output; `graceMs`
 * (default 3 s) is how long a stop waits before SIGKILL. Other options as for {@link spawnChild}.
 */
export function startProcess(command, args = [], options = {}) {
  const { name = command, outputLimit = 20_000, graceMs = 3_000 } = options;
  const child = spawnChild(command, args, options);
  const lineListeners = [];
  const output = captureOutput(child, {
    limit: outputLimit,
    onLine: (line) => lineListeners.forEach((listener) => listener(line)),
  });
  child.once('error', (error) => output.note(`${name} could not be started: ${error.message}`));
  const died = () =>
    !isRunning(child) && `${name} exited (${child.signalCode ?? `code ${child.exitCode ?? 127}`})`;
  return {
    name,
    child,
    pid: child.pid ?? -1,
    exited: exitOf(child),
    isRunning: () => isRunning(child),
    output: output.tail,
    lastLines: (count = 40) =>
      output
        .tail()
        .split('\n')
        .filter((line, i, all) => i < all.length - 1 || line !== '')
        .slice(-count),
    onLine: (listener) => void lineListeners.push(listener),
    waitForOutput: (pattern, timeoutMs, options) =>
      matchOutput(child, output.tail, pattern, timeoutMs, name, options),
    waitUntil: (check, what, timeoutMs, intervalMs = 100) =>
      waitUntil(check, what, timeoutMs, {
        intervalMs,
        bail: () => died() && `${died()} before ${what}`,
      }).catch((error) => {
        throw new Error(`${error.message}\n${output.tail()}`);
      }),
    stop: (signal = 'SIGTERM', grace = graceMs) => stopChild(child, { signal, graceMs: grace }),
  };
}

/**
 * Runs a command to its end with its output captured; resolves `{ code, signal, output, timedOut }` (a
 * command that cannot be started: code 127, the reason in `output`). Killed (SIGKILL) after `timeoutMs`.
 */
export function runToEnd(command, args, { cwd, env = process.env, timeoutMs } = {}) {
  const child = spawnChild(command, args, { cwd, env });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.once('error', (error) => (output += `\n${error.message}`));
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          send(child, 'SIGKILL');
        }, timeoutMs);
  return new Promise((resolve) => {
    const done = (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output, timedOut });
    };
    child.once('close', done);
    child.once('error', () => done(127, null));
  });
}
