/** The built command-line entry: ready line, clean shutdown on signals, clear config errors. */
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTimeout } from './support/sim-harness.js';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const run = promisify(execFile);

beforeAll(async () => {
  await run(process.execPath, [tsc, '-p', 'tsconfig.lib.json'], { cwd: projectRoot, timeout: 120_000 });
}, 130_000);

function start(args: string[]) {
  const child = spawn(process.execPath, [main, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('main', () => {
  it('prints the ready line, serves, and exits 0 on SIGTERM', async () => {
    const proc = start(['--port', '0', '--seed', '42', '--scenario', 'small', '--speed', '1']);
    try {
      await withTimeout(
        new Promise<void>((resolve) =>
          proc.child.stdout.on('data', () => proc.out().includes('\n') && resolve()),
        ),
        'ready line',
        15_000,
      );
      const match = /^PBX simulator listening on (http:\/\/127\.0\.0\.1:(\d+))\n$/.exec(proc.out());
      expect(match, proc.out() + proc.err()).not.toBeNull();
      const health = await fetch(`${match?.[1] ?? ''}/sim/health`, { signal: AbortSignal.timeout(5_000) });
      expect(await health.json()).toMatchObject({ status: 'ok', scenario: 'small', seed: 42 });
      proc.child.kill('SIGTERM');
      expect(await withTimeout(proc.exited, 'exit after SIGTERM', 10_000)).toBe(0);
      expect(proc.out()).toContain('PBX simulator stopping (SIGTERM)');
    } finally {
      proc.child.kill('SIGKILL');
    }
  }, 40_000);

  it('exits 2 with one line per wrong setting', async () => {
    const proc = start(['--port', 'x', '--scenario', 'nope']);
    expect(await withTimeout(proc.exited, 'exit', 10_000)).toBe(2);
    expect(proc.err()).toContain('--port must be a whole number, got "x"');
    expect(proc.err()).toContain('--scenario must be one of small, contact-center, stress, got "nope"');
    expect(proc.out()).toBe('');
  }, 20_000);
});
