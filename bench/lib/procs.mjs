// Child processes of a bench run, on the shared harness (tools/harness/processes.mjs): every one is spawned
// in its own process group and registered, so a run that ends in any way (done, failed, Ctrl-C, hard time
// limit) kills exactly the processes it started (a load process may have started Chromium: the group goes).
import { readFileSync } from 'node:fs';
import { killAll, spawnChild, stopChild as stopHarnessChild } from '../../tools/harness/processes.mjs';

export { captureOutput, isRunning, killAll, waitForOutput } from '../../tools/harness/processes.mjs';

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

/** Spawns `node <args>` (stdout/stderr piped; stdin too with `stdin: true`) as a registered child in its own process group. */
export function spawnNode(args, { env = {}, cwd, stdin = false } = {}) {
  return spawnChild(process.execPath, args, { cwd, env: childEnv(env), stdin, detached: true });
}

/** The environment of a bench child: ours, `env`, and who its parent is for the child guard. */
function childEnv(env) {
  return { ...process.env, ...env, BENCH_GUARD_PARENT: String(process.pid) };
}

/** Spawns any program (redis-server) as a registered child in its own process group. */
export function spawnProgram(file, args, { env = {} } = {}) {
  return spawnChild(file, args, { env: childEnv(env), detached: true });
}

/** Forks a bench script with an IPC channel, as a registered child in its own process group. */
export function forkScript(script, args = [], { env = {}, execArgv = [] } = {}) {
  return spawnChild(script, args, { env: childEnv(env), execArgv, ipc: true, detached: true });
}

/** Sends SIGTERM to the child's group, then SIGKILL after `graceMs`; resolves once it exited. */
export async function stopChild(child, graceMs = 3_000) {
  await stopHarnessChild(child, { graceMs });
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

/** A process's children (a gateway's socket workers), from /proc. */
export function childPids(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds of a process and its children together (a gateway with its socket workers). */
export function treeCpuSeconds(pid) {
  return [pid, ...childPids(pid)].reduce((total, p) => total + (cpuSeconds(p) ?? 0), 0);
}

/** Resident set size of a process and its children together, in bytes. */
export function treeRssBytes(pid) {
  return [pid, ...childPids(pid)].reduce((total, p) => total + (rssBytes(p) ?? 0), 0);
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
