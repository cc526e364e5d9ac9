import { randomBytes } from 'node:crypto';
import type { Role } from '@switchboard/live-protocol';
import { DEMO_PBX, type GatewayConfig, type UserConfig } from '../config/gateway-config.js';
import { hashPassword, parsePasswordHash, verifyPassword } from './password-hasher.js';

/** Demo accounts created when the gateway talks to the demo simulator and no USERS are configured ({@link isDemoSetup}). */
export const DEMO_USERS: readonly { username: string; role: Role }[] = [
  { username: 'supervisor', role: 'supervisor' },
  { username: 'admin', role: 'admin' },
  { username: 'viewer', role: 'viewer' },
];

/**
 * True when the gateway runs the demo: no USERS, and the PBX is reached with the simulator's published demo
 * credentials (a PBX that accepts those is a simulator, wherever it runs: `npm start` may move it to another
 * port). Demo users and the demo display link exist only then.
 */
export function isDemoSetup(config: GatewayConfig): boolean {
  return (
    config.auth.users.length === 0 &&
    config.pbx.clientId === DEMO_PBX.clientId &&
    config.pbx.clientSecret === DEMO_PBX.clientSecret
  );
}

/** Something to write warnings to. */
export interface DirectoryLog {
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * The users who may log in with a password. They come from USERS; against the demo simulator with no
 * USERS, three demo accounts whose password is their name (supervisor/supervisor, admin/admin,
 * viewer/viewer) are created and a warning is logged once.
 */
export class UserDirectory {
  private readonly users = new Map<string, UserConfig>();

  /** `decoy`: a hash verified when the user is unknown, so both cases take the same time. */
  private constructor(private readonly decoy: string) {}

  /** Loads the configured users (or the demo ones). Users with an unreadable hash are skipped and logged. */
  static async create(config: GatewayConfig, log: DirectoryLog): Promise<UserDirectory> {
    const directory = new UserDirectory(await hashPassword(randomBytes(16).toString('hex')));
    const configured = config.auth.users;
    if (isDemoSetup(config)) {
      for (const demo of DEMO_USERS) {
        directory.users.set(demo.username, {
          username: demo.username,
          role: demo.role,
          queues: 'all',
          passwordHash: await hashPassword(demo.username),
        });
      }
      log.warn(
        'demo users are active: supervisor/supervisor, admin/admin and viewer/viewer; set USERS for real use',
        {
          users: DEMO_USERS.map((u) => u.username),
        },
      );
      return directory;
    }
    for (const [index, user] of configured.entries()) {
      if (!parsePasswordHash(user.passwordHash)) {
        log.error(
          'user cannot log in: USERS entry has an unreadable password hash (make one with npm run hash-password)',
          {
            user: user.username,
            index,
          },
        );
        continue;
      }
      if (directory.users.has(user.username))
        log.warn('USERS lists a username twice; the last entry wins', { user: user.username });
      directory.users.set(user.username, user);
    }
    return directory;
  }

  /** The user, if configured. */
  get(username: string): UserConfig | undefined {
    return this.users.get(username);
  }

  /** Number of users who can log in. */
  get size(): number {
    return this.users.size;
  }

  /** The user when `password` is theirs, else undefined; takes as long for unknown users as for known ones. */
  async check(username: string, password: string): Promise<UserConfig | undefined> {
    const user = this.users.get(username);
    const matches = await verifyPassword(password, user?.passwordHash ?? this.decoy);
    return user && matches ? user : undefined;
  }
}
