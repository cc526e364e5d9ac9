import { describe, expect, it } from 'vitest';
import type { ConfigError } from '../config/gateway-config.js';
import { loadGatewayConfig } from '../config/gateway-config.js';
import { socketWorkerCount } from './worker-count.js';

const secret = () => 'test-secret-test-secret-test-secret-0123';
const load = (env: Record<string, string>) => loadGatewayConfig({ SITE_TIME_ZONE: 'UTC', ...env }, secret);
const problems = (env: Record<string, string>) => {
  try {
    load(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('SOCKET_WORKERS', () => {
  it('is auto by default; auto forks one worker per spare core once there are two', () => {
    const config = load({});
    expect(config.socketWorkers).toBe('auto');
    expect([1, 2, 3, 4, 16].map((cores) => socketWorkerCount(config, cores))).toEqual([0, 0, 2, 3, 15]);
  });

  it('takes a count as set, 0 being one process', () => {
    expect(socketWorkerCount(load({ SOCKET_WORKERS: '0' }), 16)).toBe(0);
    expect(socketWorkerCount(load({ SOCKET_WORKERS: '2' }), 2)).toBe(2);
    expect(socketWorkerCount(load({ SOCKET_WORKERS: 'AUTO' }), 8)).toBe(7);
    expect(socketWorkerCount(load({ SOCKET_WORKERS: '64' }), 1)).toBe(64);
  });

  it('refuses what is not auto or 0 to 64, saying so', () => {
    for (const wrong of ['-1', '65', '1.5', 'many'])
      expect(problems({ SOCKET_WORKERS: wrong })).toEqual([
        `SOCKET_WORKERS must be auto or a whole number from 0 to 64, got "${wrong}"`,
      ]);
  });

  it('with REDIS_URL: auto is one process, a count is refused (run one gateway per core instead)', () => {
    expect(socketWorkerCount(load({ REDIS_URL: 'redis://redis:6379' }), 16)).toBe(0);
    expect(socketWorkerCount(load({ REDIS_URL: 'redis://redis:6379', SOCKET_WORKERS: '0' }), 16)).toBe(0);
    expect(problems({ REDIS_URL: 'redis://redis:6379', SOCKET_WORKERS: '3' })).toEqual([
      'SOCKET_WORKERS must be 0 or auto with REDIS_URL: with Redis run one gateway per core instead of socket workers',
    ]);
  });
});
