import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GATEWAY_MAIN } from './repo-paths.js';

/**
 * The built gateway's password hash of a demo account (`admin`, `supervisor`, `viewer`), so a test's own
 * USERS can sign in with the demo passwords.
 */
export async function demoPasswordHash(username: string): Promise<string> {
  const module = (await import(
    pathToFileURL(join(GATEWAY_MAIN, '..', 'auth', 'user-directory.js')).href
  )) as {
    DEMO_USERS: { username: string; passwordHash: string }[];
  };
  const hash = module.DEMO_USERS.find((user) => user.username === username)?.passwordHash;
  if (!hash) throw new Error(`the gateway has no demo user ${username}`);
  return hash;
}
