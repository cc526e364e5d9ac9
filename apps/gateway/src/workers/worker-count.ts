import { availableParallelism } from 'node:os';
import type { GatewayConfig } from '../config/gateway-config.js';

/**
 * How many socket workers to fork. A number is taken as set. 'auto' forks one worker per core beyond the
 * one the primary keeps (the PBX connection, state, REST, commands), and only when that gives two or more:
 * on a two-core machine the one spare core is usually shared with other work, so it stays one process unless
 * SOCKET_WORKERS says otherwise (what one worker gave there: apps/gateway/README.md, "Socket workers",
 * sizing). With REDIS_URL, 'auto' is one process too: workers get room
 * broadcasts from their own primary only, and the Redis adapter delivers other replicas' broadcasts to the
 * primary's sockets alone (run one gateway per core instead).
 */
export function socketWorkerCount(
  config: Pick<GatewayConfig, 'socketWorkers' | 'redisUrl'>,
  cores = availableParallelism(),
): number {
  if (config.socketWorkers !== 'auto') return config.socketWorkers;
  if (config.redisUrl) return 0;
  const spare = cores - 1;
  return spare >= 2 ? spare : 0;
}
