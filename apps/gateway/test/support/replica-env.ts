import { hashPassword } from '../../src/auth/password-hasher.js';
import { pbxEnv } from './test-config.js';

/**
 * Settings of a child gateway for the tests that kill, restart or replicate one against a simulator:
 * polls on short, unjittered intervals, a roomy budget, and `usernames` as users with all queues
 * (`admin` an admin, the others supervisors), each with the password `<name>-password`.
 */
export async function replicaEnv(
  simUrl: string,
  holdWindowMs: number,
  usernames: readonly string[],
): Promise<Record<string, string>> {
  const users = await Promise.all(
    usernames.map(async (username) => ({
      username,
      role: username === 'admin' ? 'admin' : 'supervisor',
      queues: 'all',
      passwordHash: await hashPassword(`${username}-password`),
    })),
  );
  return {
    ...pbxEnv(simUrl),
    PBX_HOLD_WINDOW_MS: String(holdWindowMs),
    PBX_MAX_REQUESTS_PER_SECOND: '100',
    POLL_QUEUES_MS: '500',
    POLL_CONFERENCES_MS: '1000',
    POLL_JITTER: '0',
    COMMANDS_PER_SECOND: '50',
    SITE_TIME_ZONE: 'UTC',
    USERS: JSON.stringify(users),
  };
}
