import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGatewayConfig, type GatewayConfig } from '../../src/config/gateway-config.js';

const dataDirs: string[] = [];
process.once('exit', () => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh DATA_DIR, removed when the test process ends: no test sees another's display links or streams. */
export function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-data-'));
  dataDirs.push(dir);
  return dir;
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
