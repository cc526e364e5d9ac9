// Child processes of a bench run: every one is spawned in its own process group and registered, so a run
// that ends in any way (done, failed, Ctrl-C, hard time limit) kills exactly the processes it started.
import { fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const children = new Set();

/** Kills every registered child's process group at once (SIGKILL); safe to call more than once. */
export function killAll() {
  for (const child of children) killGroup(child, 'SIGKILL');
  children.clear();
}

function killGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    // Negative pid: the child's whole group (a load process may have started Chromium).
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

let hooked = false;
/** Installs the exit hooks once: normal exit, signals and uncaught errors all kill the children. */
export function installCleanup() {
  if (hooked) return;
  hooked = true;
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal}, stopping the processes it started`);
      killAll();
      process.exit(130);
    });
  }
  process.once('uncaughtException', (error) => {
    console.error(`bench: ${error.stack ?? error}`);
    killAll();
    process.exit(1);
  });
}

function register(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Spawns `node <args>` (stdout/stderr piped; stdin too with `stdin: true`) as a registered child in its own process group. */
export function spawnNode(args, { env = {}, cwd, stdin = false } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return register(child);
}

/** Spawns any program (redis-server) as a registered child in its own process group. */
export function spawnProgram(file, args, { env = {} } = {}) {
  const child = spawn(file, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return register(child);
}

/** Forks a bench script with an IPC channel, as a registered child in its own process group. */
export function forkScript(script, args = [], { env = {}, execArgv = [] } = {}) {
  const child = fork(script, args, {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  return register(child);
}

/** Sends SIGTERM to the child's group, then SIGKILL after `graceMs`; resolves once it exited. */
export async function stopChild(child, graceMs = 3_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Keeps the last `limit` characters a child wrote (for error messages) and keeps its pipes drained, so a
 * chatty child never blocks. `onLine` sees complete lines of stdout+stderr.
 */
export function captureOutput(child, { limit = 8_000, onLine } = {}) {
  let tail = '';
  let partial = '';
  const take = (chunk) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-limit);
    if (!onLine) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return { tail: () => tail };
}

/** Resolves with the first regexp match in the child's output; rejects on exit or after `timeoutMs`. */
export function waitForOutput(child, pattern, timeoutMs, what) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk) => {
      seen = (seen + chunk.toString()).slice(-16_000);
      const match = pattern.exec(seen);
      if (match) finish(() => resolve(match));
    };
    const onExit = (code, signal) =>
      finish(() => reject(new Error(`${what} exited (${code ?? signal}) before it was ready:\n${seen}`)));
    const timer = setTimeout(
      () => finish(() => reject(new Error(`${what} not ready within ${timeoutMs} ms:\n${seen}`))),
      timeoutMs,
    );
    function finish(settle) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      settle();
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux (getconf CLK_TCK)

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; undefined if unreadable. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Resident set size of a process in bytes, from /proc/<pid>/status; undefined if unreadable. */
export function rssBytes(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Measures a process's CPU use over a window: call `stop()` at the end for the percentage of one core. */
export function cpuMeter(pid) {
  const startCpu = cpuSeconds(pid);
  const startAt = performance.now();
  return {
    stop() {
      const endCpu = cpuSeconds(pid);
      const seconds = (performance.now() - startAt) / 1000;
      if (startCpu === undefined || endCpu === undefined || seconds <= 0) return undefined;
      return ((endCpu - startCpu) / seconds) * 100;
    },
  };
}
