import 'reflect-metadata';
import { existsSync } from 'node:fs';
import type { Server as NetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { installApiDocs } from './api-docs/api-docs.js';
import { AppModule } from './app.module.js';
import { CLUSTER_CONTEXT, type ClusterContext } from './cluster/cluster-context.js';
import { RedisIoAdapter } from './cluster/redis-io.adapter.js';
import { LeanIoAdapter } from './live/lean-io.adapter.js';
import type { GatewayConfig } from './config/gateway-config.js';
import { answerClientErrors } from './http/client-error.js';
import { installHttpPolicy } from './http/http-policy.js';
import { SocketSessionsService } from './live/socket-sessions.service.js';
import { HealthController } from './health/health.controller.js';
import { MetricsService } from './metrics/metrics.service.js';
import { LiveEmitter } from './live/live-emitter.js';
import { LiveGateway } from './live/live.gateway.js';
import { listenRouted } from './workers/connection-router.js';
import { WorkerPool } from './workers/worker-pool.js';
import { JsonLogger } from './logging/json-logger.js';
import { DurableState } from './state/durable-state.js';

/** A started gateway. */
export interface RunningGateway {
  app: INestApplication;
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The built entry of a socket worker process (cluster mode). */
const WORKER_ENTRY = fileURLToPath(new URL('./workers/socket-worker.main.js', import.meta.url));

/** How to start: `socketWorkers` > 0 forks that many socket worker processes (cluster mode, src/workers). */
export interface StartOptions {
  socketWorkers?: number;
}

/**
 * Builds and starts the gateway on config.port (0 = any free port). Used by main.ts, tests and benchmarks.
 * Rejects with a StateFileError, before anything starts, when DATA_DIR holds a file it cannot use.
 */
export async function startGateway(
  config: GatewayConfig,
  logger = new JsonLogger(config.logLevel),
  options: StartOptions = {},
): Promise<RunningGateway> {
  const state = await DurableState.open(config);
  // The JSON body parser is installed by installHttpPolicy, after the CSRF check: a refused body is never read.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, state), {
    logger,
    abortOnError: false,
    bodyParser: false,
  });
  installHttpPolicy(app, config);
  installApiDocs(app);
  // Several gateways: socket.io broadcasts reach the sockets of every replica through Redis.
  app.useWebSocketAdapter(
    config.redisUrl
      ? new RedisIoAdapter(app, app.get<ClusterContext>(CLUSTER_CONTEXT))
      : new LeanIoAdapter(app),
  );
  app.enableShutdownHooks();
  answerClientErrors(app.getHttpServer());
  const workers = options.socketWorkers ?? 0;
  if (workers > 0) return listenWithWorkers(app, config, workers);
  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    close: () => app.close(),
  };
}

/**
 * Cluster mode: the primary keeps everything it has (PBX connection, state, REST, its own socket.io
 * server) and listens through the connection router, which hands new browser WebSockets to `count` socket
 * worker processes (src/workers).
 */
async function listenWithWorkers(
  app: NestExpressApplication,
  config: GatewayConfig,
  count: number,
): Promise<RunningGateway> {
  if (!existsSync(WORKER_ENTRY))
    throw new Error(`socket workers need the built gateway: ${WORKER_ENTRY} is missing (nx build gateway)`);
  await app.init();
  const pool = new WorkerPool(count, {
    server: app.get(LiveGateway).server,
    sessions: app.get(SocketSessionsService),
    emitter: app.get(LiveEmitter),
    metrics: app.get(MetricsService),
    entry: WORKER_ENTRY,
    env: { LOG_LEVEL: config.logLevel },
  });
  pool.start();
  app.get(HealthController).reportWorkers(() => pool.status());
  const httpServer = app.getHttpServer();
  let server: NetServer;
  try {
    server = await listenRouted(
      httpServer,
      (socket, head) => pool.hand(socket, head),
      config.port,
      config.host,
    );
  } catch (error) {
    await pool.stop();
    await app.close();
    throw error;
  }
  // The HTTP server never listens itself: what asks it where it listens (the demo's display link) gets the
  // router's address, and 'listening' starts its request and header timeouts as listening would.
  httpServer.address = () => server.address();
  httpServer.emit('listening');
  const port = (server.address() as { port: number }).port;
  return {
    app,
    port,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.close();
      await pool.stop();
      await app.close();
    },
  };
}
