import { startGateway, type RunningGateway } from '../../src/create-app.js';
import { hashPassword } from '../../src/auth/password-hasher.js';
import { TEST_USERS } from './live-client.js';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from './simulator.js';
import { testConfig, pbxEnv } from './test-config.js';

/** A simulator and a gateway polling it on short intervals, with the test users configured. */
export interface LiveSetup {
  sim: RunningSimulator;
  gateway: RunningGateway;
  stop(): Promise<void>;
}

/** Fast timings so the whole gateway suite stays within about two minutes. */
export const FAST_ENV = {
  POLL_QUEUES_MS: '250',
  POLL_CONFERENCES_MS: '400',
  POLL_JITTER: '0.1',
  POLL_MAX_BACKOFF_MS: '1000',
  PBX_MAX_REQUESTS_PER_SECOND: '100',
  PBX_TIMEOUT_MS: '2000',
} as const;

/** Starts both; `env` overrides gateway settings, `sim` the simulator's flags. */
export async function startLiveSetup(
  env: Record<string, string> = {},
  sim: SimulatorOptions = {},
): Promise<LiveSetup> {
  const users = await Promise.all(
    TEST_USERS.map(async (user) => ({
      ...user,
      passwordHash: await hashPassword(`${user.username}-password`),
    })),
  );
  const simulator = await startSimulator({ scenario: 'small', trafficRate: 0, seed: 11, ...sim });
  let gateway: RunningGateway;
  try {
    gateway = await startGateway(
      testConfig({
        ...pbxEnv(simulator.url),
        USERS: JSON.stringify(users),
        ...FAST_ENV,
        ...env,
      }),
    );
  } catch (error) {
    await simulator.stop();
    throw error;
  }
  return {
    sim: simulator,
    gateway,
    stop: async () => {
      await gateway.close();
      await simulator.stop();
    },
  };
}
