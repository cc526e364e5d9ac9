import type { RunningGateway } from '../../src/create-app.js';
import { DisplayTokensService } from '../../src/auth/display-tokens.service.js';
import { hashPassword } from '../../src/auth/password-hasher.js';
import { TokenSigner } from '../../src/auth/token-signer.js';
import { UserDirectory } from '../../src/auth/user-directory.js';

/** Test users: the password of each is `<name>-password`. */
export const TEST_USERS = {
  admin: { role: 'admin', queues: 'all' },
  sup: { role: 'supervisor', queues: 'all', extension: '1011' },
  sup2: { role: 'supervisor', queues: 'all' },
  /** A supervisor of queue 1 only. */
  supq: { role: 'supervisor', queues: [1] },
  view: { role: 'viewer', queues: 'all' },
} as const;

/** The password of a test user. */
export const passwordOf = (user: keyof typeof TEST_USERS) => `${user}-password`;

/** The USERS setting for {@link TEST_USERS}, with freshly made scrypt hashes. */
export async function testUsersEnv(): Promise<{ USERS: string }> {
  const users = await Promise.all(
    Object.entries(TEST_USERS).map(async ([username, user]) => ({
      username,
      ...user,
      passwordHash: await hashPassword(`${username}-password`),
    })),
  );
  return { USERS: JSON.stringify(users) };
}

/** A session token for a configured user, issued as a login would (skips the password check for speed). */
export function tokenFor(gateway: RunningGateway, username: string, ttlMs = 3_600_000): string {
  if (!gateway.app.get(UserDirectory).get(username)) throw new Error(`${username} is not a configured user`);
  return gateway.app.get(TokenSigner).issue('session', username, ttlMs).token;
}

/** A display token for `queues`, created as an admin would. */
export async function displayTokenFor(
  gateway: RunningGateway,
  queues: number[],
): Promise<{ token: string; id: string }> {
  const created = await gateway.app
    .get(DisplayTokensService)
    .create({ name: 'test display', queues }, 'test');
  return { token: created.token, id: created.display.id };
}
