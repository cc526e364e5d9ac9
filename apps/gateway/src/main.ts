import { randomBytes } from 'node:crypto';
import { ConfigError, loadGatewayConfig } from './config/gateway-config.js';
import { startGateway } from './create-app.js';
import { JsonLogger } from './logging/json-logger.js';
import { socketWorkerCount } from './workers/worker-count.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadGatewayConfig(process.env, () => randomBytes(32).toString('base64url'));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = new JsonLogger(config.logLevel);
  const socketWorkers = socketWorkerCount(config);
  const gateway = await startGateway(config, logger, { socketWorkers });
  logger.event('info', 'gateway listening', { url: `http://localhost:${gateway.port}`, socketWorkers });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
