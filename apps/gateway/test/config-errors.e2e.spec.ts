import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDataDir } from './support/test-config.js';

/** The built gateway (build it first: `npx nx run-many -t build -p pbx-api live-protocol gateway`). */
const GATEWAY_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

interface Exit {
  code: number | null;
  output: string;
}

/** Runs the built gateway with `env` until it exits by itself; one that is still running after `timeoutMs` fails. */
function runGateway(env: Record<string, string>, timeoutMs = 15_000): Promise<Exit> {
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: { PATH: process.env['PATH'] ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: freshDataDir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the gateway was still running after ${timeoutMs} ms:\n${output.slice(-4_000)}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('a wrong configuration stops the built gateway at start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'config-errors-'));
  beforeAll(() => {
    if (!existsSync(GATEWAY_MAIN)) throw new Error(`gateway not built: ${GATEWAY_MAIN} is missing`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names a PROXY_GROUPS entry whose queues are not a list', async () => {
    const { code, output } = await runGateway({
      PROXY_GROUPS: JSON.stringify({ ops: { role: 'admin', queues: 5 } }),
    });
    console.log(`exit code ${code}:\n${output}`);
    expect(code).toBe(2);
    expect(output).toBe(
      'Invalid configuration:\n  - PROXY_GROUPS["ops"].queues: must be "all" or a list of queue ids, got 5\n',
    );
  });

  it('reports every wrong entry of the environment and CONFIG_FILE at once, without a secret', async () => {
    const hash = 'scrypt$c2VjcmV0LXNhbHQ=$not-a-key';
    const file = join(dir, 'settings.json');
    writeFileSync(
      file,
      JSON.stringify({
        PBX_BASE_URL: 'https://pbx.example.com',
        PBX_CLIENT_ID: 'switchboard',
        PBX_CLIENT_SECRET: 'client-secret-from-the-file',
        USERS: [{ username: 'sue', passwordHash: hash, role: 'supervisor', queues: 'all' }],
        QUEUE_THRESHOLDS: { '3': { waitingWarn: 10, waitingCritical: 5 } },
      }),
    );
    const { code, output } = await runGateway({
      CONFIG_FILE: file,
      AUTH_SECRET: 'short-auth-secret',
      PROXY_GROUPS: JSON.stringify({ ops: { role: 'root', queues: 'all' } }),
    });
    console.log(`exit code ${code}:\n${output}`);
    expect(code).toBe(2);
    expect(output.trim().split('\n')).toEqual([
      'Invalid configuration:',
      '  - QUEUE_THRESHOLDS["3"].waitingWarn: must not be above waitingCritical (5), got 10',
      '  - AUTH_SECRET must be at least 32 characters',
      '  - USERS[0].passwordHash: is not a valid hash (make one with npm run hash-password)',
      '  - PROXY_GROUPS["ops"].role: must be viewer, supervisor or admin, got "root"',
    ]);
    for (const secret of ['client-secret-from-the-file', 'short-auth-secret', hash])
      expect(output).not.toContain(secret);
  });
});
