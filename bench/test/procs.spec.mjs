import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../tools/harness/vitest-wait.mjs';
import { cpuSeconds, killAll, rssBytes, spawnNode, stopChild, waitForOutput } from '../lib/procs.mjs';

const guard = fileURLToPath(new URL('../lib/child-guard.mjs', import.meta.url));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('child processes', () => {
  it('reads CPU time and RSS of a process from /proc', () => {
    expect(cpuSeconds(process.pid)).toBeGreaterThan(0);
    expect(rssBytes(process.pid)).toBeGreaterThan(1024 * 1024);
    expect(cpuSeconds(2 ** 30)).toBeUndefined();
  });

  it('killAll ends a child and the processes it started (its process group)', async () => {
    // The child starts a grandchild and prints its pid; both must go.
    const child = spawnNode([
      '-e',
      `const g = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
       console.log('grandchild ' + g.pid); setInterval(() => {}, 1000);`,
    ]);
    const [, grandchild] = await waitForOutput(child, /grandchild (\d+)/, 10_000, 'the test child');
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    killAll();
    expect(await exited).toBe('SIGKILL');
    await waitFor(() => !alive(Number(grandchild)), 'the grandchild to be gone', 5_000, 50);
  });

  it('stopChild asks politely first and resolves once the child exited', async () => {
    const child = spawnNode([
      '-e',
      "process.on('SIGTERM', () => process.exit(7)); console.log('up'); setInterval(() => {}, 1000)",
    ]);
    await waitForOutput(child, /up/, 10_000, 'the test child');
    await stopChild(child);
    expect(child.exitCode).toBe(7);
  });

  it('a guarded server process exits by itself when the bench that started it is gone', async () => {
    // A middle process starts a guarded grandchild, reports its pid and exits: the grandchild is orphaned.
    const middle = spawn(
      process.execPath,
      [
        '-e',
        `const g = require('node:child_process').spawn(process.execPath, ['--import', ${JSON.stringify(guard)}, '-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', detached: true, env: { ...process.env, BENCH_GUARD_PARENT: String(process.pid) } });
         g.unref(); console.log('guarded ' + g.pid); setTimeout(() => process.exit(0), 300);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [, pid] = await waitForOutput(middle, /guarded (\d+)/, 10_000, 'the middle process');
    expect(alive(Number(pid))).toBe(true);
    await waitFor(() => !alive(Number(pid)), 'the orphaned guarded process to exit', 5_000, 50);
  });

  it('a guarded process exits when the bench that started it died before the guard loaded', async () => {
    // The middle process exits at once: the grandchild's guard loads with the reaper as its parent.
    const middle = spawn(
      process.execPath,
      [
        '-e',
        `const g = require('node:child_process').spawn(process.execPath, ['--import', ${JSON.stringify(guard)}, '-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', detached: true, env: { ...process.env, BENCH_GUARD_PARENT: String(process.pid) } });
         g.unref(); console.log('guarded ' + g.pid); process.exit(0);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [, pid] = await waitForOutput(middle, /guarded (\d+)/, 10_000, 'the middle process');
    await waitFor(() => !alive(Number(pid)), 'the orphaned guarded process to exit', 5_000, 50);
  });
});
