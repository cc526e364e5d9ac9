import { loadGatewayConfig, type GatewayConfig } from '../../src/config/gateway-config.js';

/** A gateway config for tests: any free port, quiet logs, fast timings; override with env-style keys. */
export function testConfig(env: Record<string, string> = {}): GatewayConfig {
  return loadGatewayConfig(
    { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', SITE_TIME_ZONE: 'UTC', ...env },
    () => 'test-secret-test-secret-test-secret-0123',
  );
}
