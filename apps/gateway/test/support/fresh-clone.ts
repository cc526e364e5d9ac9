import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runToEnd } from '../../../../tools/harness/processes.mjs';

/** The repository this test runs in. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * What a new user's clone holds: every file git would commit (tracked, plus new files not ignored), copied
 * into an empty directory that becomes a git repository of its own. On CI's clean clone that is exactly HEAD;
 * locally it includes the work not committed yet, which is what a change must be tested with.
 */
export function freshClone(): string {
  const clone = mkdtempSync(join(tmpdir(), 'switchboard-clone-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  for (const file of new Set(listed.split('\0').filter((name) => name !== ''))) {
    const source = join(REPO_ROOT, file);
    // Deleted but not yet committed files are listed too; a clone of the change would not have them.
    if (!existsSync(source) || !lstatSync(source).isFile()) continue;
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    copyFileSync(source, join(clone, file));
  }
  execFileSync('git', ['init', '-q'], { cwd: clone });
  return clone;
}

/**
 * A new user's environment: no variables of the test run (Nx task variables would point Nx at this
 * repository, vitest's NODE_ENV would change the dashboard build), no Nx daemon left behind.
 */
export function newUserEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([key]) =>
      ['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'TMPDIR', 'SHELL', 'CI', 'NODE_EXTRA_CA_CERTS'].includes(
        key,
      ) ||
      /^(https?|no)_proxy$/i.test(key) ||
      /^npm_config_(registry|cache|userconfig|globalconfig|prefer_offline|strict_ssl|cafile)$/i.test(key),
  );
  return { ...Object.fromEntries(kept), NX_DAEMON: 'false', NX_NO_CLOUD: 'true', ...extra };
}

/** Runs a command to its end; rejects with its output when it fails or outlives `timeoutMs`. */
export async function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<string> {
  const { code, output, timedOut } = await runToEnd(command, args, { cwd, env, timeoutMs });
  const shown = `${command} ${args.join(' ')}`;
  if (timedOut) throw new Error(`${shown} took more than ${timeoutMs / 1000} s:\n${output}`);
  if (code !== 0) throw new Error(`${shown} exited with ${String(code)}:\n${output}`);
  return output;
}

/** True while a process with this id exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
