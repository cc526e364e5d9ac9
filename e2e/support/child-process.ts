import { startProcess } from '../../tools/harness/processes.mjs';

/** Runs `node <script> ...args` as `name` with exactly `env` (plus PATH), never the test runner's environment. */
export function startNode(name: string, script: string, args: string[], env: Record<string, string>) {
  return startProcess(process.execPath, [script, ...args], {
    name,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env },
  });
}
