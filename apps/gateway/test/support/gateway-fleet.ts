import { queueStream, type QueueTodayStats, type QueueView } from '@switchboard/live-protocol';
import { afterAll, beforeAll } from 'vitest';
import { startGateway, type RunningGateway } from '../../src/create-app.js';
import { StreamHub } from '../../src/live/stream-hub.service.js';
import { FAST_ENV } from './live-setup.js';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from './simulator.js';
import { testConfig, pbxEnv } from './test-config.js';

/**
 * In-process gateways started one after another against one simulator (a restart, a fresh one beside a
 * live one), with fast polls and `env` on top; {@link closeAll} stops those still running.
 */
export class GatewayFleet {
  private readonly running = new Set<RunningGateway>();

  constructor(
    private readonly sim: () => RunningSimulator,
    private readonly env: Record<string, string> = {},
  ) {}

  async start(): Promise<RunningGateway> {
    const started = await startGateway(
      testConfig({
        ...pbxEnv(this.sim().url),
        ...FAST_ENV,
        ...this.env,
      }),
    );
    this.running.add(started);
    return started;
  }

  async close(gateway: RunningGateway): Promise<void> {
    this.running.delete(gateway);
    await gateway.close();
  }

  async closeAll(): Promise<void> {
    for (const gateway of this.running) await gateway.close().catch(() => undefined);
    this.running.clear();
  }
}

/**
 * A simulator started with `options` before the tests of the calling `describe` block, and a fleet of gateways
 * on it with `env`; after the tests, the gateways still running are closed, then the simulator.
 */
export function fleetOnSimulator(
  options: SimulatorOptions,
  env: Record<string, string> = {},
): { fleet: GatewayFleet; sim: () => RunningSimulator } {
  let running: RunningSimulator | undefined;
  const sim = () => {
    if (!running) throw new Error('the simulator has not started');
    return running;
  };
  const fleet = new GatewayFleet(sim, env);
  beforeAll(async () => {
    running = await startSimulator(options);
  });
  afterAll(async () => {
    await fleet.closeAll();
    await running?.stop();
  });
  return { fleet, sim };
}

/** Today's figures of a queue as a gateway's stream shows them. */
export function todayOf(gateway: RunningGateway, queueId: number): QueueTodayStats | undefined {
  return (gateway.app.get(StreamHub).current(queueStream(queueId), 'queue') as QueueView | undefined)?.stats
    .today;
}
