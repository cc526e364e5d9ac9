import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PBX, loadGatewayConfig, type GatewayConfig } from '../../src/config/gateway-config.js';

/** Test DATA_DIRs live here, named `<pid>-<n>`; a gateway creates its own when it starts. */
const DATA_ROOT = join(tmpdir(), 'switchboard-test-data');
let dataDirs = 0;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the directories of test processes that are gone (vitest may end a worker without 'exit'). */
function sweepDataDirs(): void {
  mkdirSync(DATA_ROOT, { recursive: true });
  for (const name of readdirSync(DATA_ROOT)) {
    const pid = Number(name.split('-')[0]);
    if (pid !== process.pid && !running(pid)) rmSync(join(DATA_ROOT, name), { recursive: true, force: true });
  }
}

/**
 * A fresh DATA_DIR (a path: the gateway creates it), removed with this test process: no test sees another's
 * display links or streams.
 */
export function freshDataDir(): string {
  if (dataDirs === 0) {
    sweepDataDirs();
    process.once('exit', () => {
      for (let n = 1; n <= dataDirs; n++)
        rmSync(join(DATA_ROOT, `${process.pid}-${n}`), { recursive: true, force: true });
    });
  }
  return join(DATA_ROOT, `${process.pid}-${++dataDirs}`);
}

/**
 * A gateway config for tests: any free port, quiet logs, fast timings, its own fresh DATA_DIR; override
 * with env-style keys.
 */
export function testConfig(env: Record<string, string> = {}): GatewayConfig {
  return loadGatewayConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SITE_TIME_ZONE: 'UTC',
      DATA_DIR: freshDataDir(),
      ...env,
    },
    () => 'test-secret-test-secret-test-secret-0123',
  );
}

/** PBX settings for unit tests that never reach the PBX: a host no test answers on, made-up credentials. */
export const UNREACHED_PBX = {
  PBX_BASE_URL: 'http://pbx.example:8088',
  PBX_CLIENT_ID: 'id',
  PBX_CLIENT_SECRET: 'secret',
} as const;

/** The settings that point a gateway at a simulator at `url`, signed in with the demo credentials it accepts. */
export function pbxEnv(url: string): Record<string, string> {
  return {
    PBX_BASE_URL: url,
    PBX_CLIENT_ID: DEMO_PBX.clientId,
    PBX_CLIENT_SECRET: DEMO_PBX.clientSecret,
  };
}
