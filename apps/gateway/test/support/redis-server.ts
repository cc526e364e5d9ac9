import { Socket } from 'node:net';
import { freePort } from '../../../../tools/harness/ports.mjs';
import { startProcess } from '../../../../tools/harness/processes.mjs';
import { waitFor } from '../../../../tools/harness/vitest-wait.mjs';
import { RedisConnection } from '../../src/cluster/redis-connection.js';

/** A redis-server child for one test file. */
export interface RunningRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Freezes the server (SIGSTOP): connections stay open but nothing is answered, like a hung Redis. */
  freeze(): void;
  /** Resumes a frozen server (SIGCONT). */
  thaw(): void;
  stop(): Promise<void>;
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/**
 * Starts `redis-server` (Debian's, installed by CI through .ci/apt-packages) on `port` (default: a free one),
 * in memory only, and resolves once it answers PING.
 */
export async function startRedis(wantedPort?: number, timeoutMs = 10_000): Promise<RunningRedis> {
  const port = wantedPort ?? (await freePort());
  const redis = startProcess(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { name: 'redis-server' },
  );
  await redis
    .waitUntil(() => answersPing(port), 'redis-server to answer PING', timeoutMs, 50)
    .catch(async (error) => {
      await redis.stop('SIGKILL');
      throw error;
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    freeze: () => redis.child.kill('SIGSTOP'),
    thaw: () => redis.child.kill('SIGCONT'),
    stop: async () => {
      if (!redis.isRunning()) return;
      redis.child.kill('SIGCONT');
      await redis.stop('SIGKILL');
    },
  };
}

/** A redis-server and two connections to it, as two gateways would hold them. */
export interface RedisWithTwoConnections {
  redis: RunningRedis;
  one: RedisConnection;
  two: RedisConnection;
  /** Closes both connections, then stops the server. */
  close(): Promise<void>;
}

/** Starts a redis-server and opens two quiet connections to it; resolves once both are up. */
export async function redisWithTwoConnections(): Promise<RedisWithTwoConnections> {
  const redis = await startRedis();
  const quiet = { log: () => undefined, warn: () => undefined };
  const one = new RedisConnection({ url: redis.url, logger: quiet });
  const two = new RedisConnection({ url: redis.url, logger: quiet });
  await Promise.all(
    [one, two].map((connection) => waitFor(() => connection.up, 'a Redis connection', 5_000, 10)),
  );
  return {
    redis,
    one,
    two,
    close: async () => {
      await one.close();
      await two.close();
      await redis.stop();
    },
  };
}
