#!/usr/bin/env node
/**
 * Command-line entry: `node dist/main.js --port 8088 --seed 42 --scenario contact-center --speed 1`.
 * Prints `PBX simulator listening on http://<host>:<port>` once ready; stops cleanly on SIGINT/SIGTERM.
 */
import { ConfigError, parseConfig, usage } from './config.js';
import { startSimulator } from './simulator.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage());
    return;
  }
  let config;
  try {
    config = parseConfig(argv, process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
  const simulator = await startSimulator(config);
  console.log(`PBX simulator listening on ${simulator.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`PBX simulator stopping (${signal})`);
    // A second signal or a stuck close must not keep the process alive.
    setTimeout(() => process.exit(1), 5_000).unref();
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`PBX simulator failed to start: ${message}`);
  process.exit(1);
});
