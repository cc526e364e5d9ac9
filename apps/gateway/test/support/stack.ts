import { startGateway, type RunningGateway } from '../../src/create-app.js';
import type { JsonLogger } from '../../src/logging/json-logger.js';
import { PbxConnectionService } from '../../src/pbx/pbx-connection.service.js';
import { QueuesService } from '../../src/queues/queues.service.js';
import { testUsersEnv } from './auth-fixtures.js';
import { waitFor } from './command-client.js';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from './simulator.js';
import { testConfig, pbxEnv } from './test-config.js';

/** A simulator and an in-process gateway pointed at it. */
export interface SimulatorStack {
  sim: RunningSimulator;
  gateway: RunningGateway;
  /** Closes the gateway, then the simulator. */
  stop(): Promise<void>;
}

/** PBX request and command budgets that a test's bursts stay well within. */
export const ROOMY_BUDGETS = { PBX_MAX_REQUESTS_PER_SECOND: '100', COMMANDS_PER_SECOND: '50' } as const;

/**
 * Starts the built simulator with `sim`, then a gateway on it with `env` over {@link testConfig}'s defaults
 * (and `logger` instead of its own, when given). The simulator is stopped again when the gateway does not start.
 * A simulator given a hold window gets a gateway that waits the same time, unless `env` says otherwise.
 */
export async function startSimulatorAndGateway(
  sim: SimulatorOptions,
  env: Record<string, string>,
  logger?: JsonLogger,
): Promise<SimulatorStack> {
  const simulator = await startSimulator(sim);
  let gateway: RunningGateway;
  try {
    const holdWindow: Record<string, string> =
      sim.holdWindowMs === undefined ? {} : { PBX_HOLD_WINDOW_MS: String(sim.holdWindowMs) };
    gateway = await startGateway(testConfig({ ...pbxEnv(simulator.url), ...holdWindow, ...env }), logger);
  } catch (error) {
    await simulator.stop();
    throw error;
  }
  return { sim: simulator, gateway, stop: () => stopStack(gateway, simulator) };
}

/** {@link startSimulatorAndGateway} with the test users of auth-fixtures.ts signed in by `tokenFor`/`passwordOf`. */
export async function startStack(
  sim: SimulatorOptions,
  env: Record<string, string> = {},
  logger?: JsonLogger,
): Promise<SimulatorStack> {
  return startSimulatorAndGateway(sim, { ...env, ...(await testUsersEnv()) }, logger);
}

/** Closes the gateway first, then the simulator it polls; either may be missing when a start failed. */
export async function stopStack(gateway?: RunningGateway, sim?: RunningSimulator): Promise<void> {
  await gateway?.close();
  await sim?.stop();
}

/** Waits until the gateway's PBX event stream is open. */
export async function eventStreamOpen(gateway: RunningGateway, timeoutMs = 10_000): Promise<void> {
  const pbx = gateway.app.get(PbxConnectionService);
  await waitFor(() => pbx.health.eventStream === 'open', 'the PBX event stream', timeoutMs);
}

/** Waits until queues 1 and 2 have been polled once, so their views exist. */
export async function queues1And2Polled(gateway: RunningGateway, timeoutMs = 10_000): Promise<void> {
  const queues = gateway.app.get(QueuesService);
  await waitFor(() => queues.view(1) && queues.view(2), 'the first polls of queues 1 and 2', timeoutMs);
}
