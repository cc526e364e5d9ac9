import 'reflect-metadata';
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

/**
 * Builds and starts the gateway on config.port (0 = any free port). Used by main.ts, tests and benchmarks.
 * Rejects with a StateFileError, before anything starts, when DATA_DIR holds a file it cannot use.
 */
export async function startGateway(
  config: GatewayConfig,
  logger = new JsonLogger(config.logLevel),
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
  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    close: () => app.close(),
  };
}
