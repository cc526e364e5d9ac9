// Child processes of `npm start`: spawned in their own process group (so a Ctrl-C reaches only start.mjs,
// which then stops them in order, once), their output read line by line, the last lines kept for a
// post-mortem, and stopped with a signal that escalates to SIGKILL when they hang.
import { spawn } from 'node:child_process';

const KEPT_LINES = 40;

/**
 * A supervised child process.
 * @typedef {object} Child
 * @property {string} name
 * @property {number} pid
 * @property {() => boolean} alive
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 * @property {(listener: (line: string) => void) => void} onLine
 * @property {() => string[]} lastLines
 * @property {(signal?: NodeJS.Signals, graceMs?: number) => Promise<{ code: number | null, signal: NodeJS.Signals | null }>} stop
 */

/**
 * Starts `command args` with piped output.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {Child}
 */
export function startChild(name, command, args, options) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  /** @type {string[]} */
  const kept = [];
  /** @type {((line: string) => void)[]} */
  const listeners = [];
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // spawn failures (e.g. ENOENT) emit 'error' and maybe no 'exit'.
    child.once('error', (error) => {
      kept.push(`${name} could not be started: ${error.message}`);
      resolve({ code: 127, signal: null });
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        kept.push(line);
        if (kept.length > KEPT_LINES) kept.shift();
        for (const listener of listeners) listener(line);
      }
    });
  }
  let done = false;
  void exited.then(() => (done = true));
  return {
    name,
    pid: child.pid ?? -1,
    alive: () => !done,
    exited,
    onLine: (listener) => listeners.push(listener),
    lastLines: () => [...kept],
    stop: async (signal = 'SIGTERM', graceMs = 10_000) => {
      if (!done) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/**
 * Runs a command to completion, its output captured (shown only when it fails).
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ code: number | null, output: string }>}
 */
export function runToEnd(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ code: 127, output: `${output}\n${error.message}` }));
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** True when a child ended the way a requested stop ends it (exit 0, or killed by the signal sent). */
export function stoppedCleanly(result, signal = 'SIGTERM') {
  return result.code === 0 || result.signal === signal;
}
