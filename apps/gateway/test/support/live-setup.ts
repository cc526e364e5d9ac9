import { hashPassword } from '../../src/auth/password-hasher.js';
import { startSimulatorAndGateway, type SimulatorStack } from './stack.js';
import { TEST_USERS } from './live-client.js';
import type { SimulatorOptions } from './simulator.js';

/** A simulator and a gateway polling it on short intervals, with the test users configured. */
export type LiveSetup = SimulatorStack;

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
  return startSimulatorAndGateway(
    { scenario: 'small', trafficRate: 0, seed: 11, ...sim },
    { USERS: JSON.stringify(users), ...FAST_ENV, ...env },
  );
}
