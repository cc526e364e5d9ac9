import { setTimeout as sleep } from 'node:timers/promises';
import type { DemoAccount, Role } from '@switchboard/live-protocol';
import { DEMO_PBX, type GatewayConfig, type UserConfig } from '../config/gateway-config.js';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './password-hasher.js';
import { CURRENT_PARAMS, parsePasswordHash } from '../config/password-hash-format.js';

/**
 * Demo accounts created when the gateway talks to the demo simulator and no USERS are configured
 * ({@link isDemoSetup}); the password of each is its name. The hashes are made once, here, at the current
 * cost: the passwords are public, and deriving three hashes at every start would cost about a second.
 */
export const DEMO_USERS: readonly { username: string; role: Role; passwordHash: string }[] = [
  {
    username: 'supervisor',
    role: 'supervisor',
    passwordHash: '$scrypt$ln=17,r=8,p=1$2RtTaF6R3GPCHuUFdggCvw$iFPQb3iJDh+Imt78AV0tlXjoCZ4HM5JFPmo+RgKW08s',
  },
  {
    username: 'admin',
    role: 'admin',
    passwordHash: '$scrypt$ln=17,r=8,p=1$+TbgLynqIlNw7slVQuHneQ$+QfpRMj6Sd37s0n/fxh0lS7DfFQI09J8UyGH3YXHO90',
  },
  {
    username: 'viewer',
    role: 'viewer',
    passwordHash: '$scrypt$ln=17,r=8,p=1$wl8vVt+V8ZNrEkdnDyQ7Tw$lNpNw+c7IwDnj/xBmSPd2HFJ4Jo4HTjK7KdR3IgPhZI',
  },
];

const CURRENT_WORK = 2 ** CURRENT_PARAMS.ln * CURRENT_PARAMS.r * CURRENT_PARAMS.p;

/** N·r·p of a stored hash: what checking it costs, relative to other hashes. */
function workOf(encoded: string): number {
  const params = parsePasswordHash(encoded)?.params;
  return params ? 2 ** params.ln * params.r * params.p : 0;
}

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
  info(message: string, fields?: Record<string, unknown>): void;
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
  private demo = false;
  /** Recent time of one check at the current cost (moving average), what a cheaper check is padded to. */
  private typicalCheckMs: number | undefined;

  /** `decoy`: a hash verified when the user is unknown, so both cases take the same time. */
  private constructor(
    private readonly decoy: string,
    private readonly log: DirectoryLog,
  ) {}

  /** Loads the configured users (or the demo ones). Users with an unreadable hash are skipped and logged. */
  static create(config: GatewayConfig, log: DirectoryLog): Promise<UserDirectory> {
    return Promise.resolve(UserDirectory.load(config, log));
  }

  private static load(config: GatewayConfig, log: DirectoryLog): UserDirectory {
    const directory = new UserDirectory(decoyHash(), log);
    const configured = config.auth.users;
    if (isDemoSetup(config)) {
      for (const demo of DEMO_USERS) directory.users.set(demo.username, { ...demo, queues: 'all' });
      directory.demo = true;
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
      if (needsRehash(user.passwordHash))
        log.info(
          'USERS entry has a password hash weaker than current: it is replaced in memory at the next sign-in; regenerate it with npm run hash-password',
          { user: user.username },
        );
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

  /**
   * The demo accounts while they are active, for the login page (their passwords are their names, public by
   * design); empty with USERS. Names and roles only: never a hash.
   */
  demoAccounts(): DemoAccount[] {
    return this.demo ? DEMO_USERS.map(({ username, role }) => ({ username, role })) : [];
  }

  /** Number of users who can log in. */
  get size(): number {
    return this.users.size;
  }

  /**
   * The user when `password` is theirs, else undefined. Takes as long for unknown users (one check against
   * the decoy) as for known ones, also when a known user's hash is cheaper than the current cost: that
   * check is padded to the usual time, and replaced by a current hash once the password is right.
   */
  async check(username: string, password: string): Promise<UserConfig | undefined> {
    const user = this.users.get(username);
    const stored = user?.passwordHash ?? this.decoy;
    const started = performance.now();
    const matches = await verifyPassword(password, stored);
    const elapsed = performance.now() - started;
    const work = workOf(stored);
    if (work === CURRENT_WORK) this.learn(elapsed);
    if (!user) return undefined;
    if (matches && needsRehash(stored)) return this.rehash(user, password);
    if (!matches && work < CURRENT_WORK) await this.padFrom(elapsed, password);
    return matches ? user : undefined;
  }

  private learn(elapsedMs: number): void {
    this.typicalCheckMs =
      this.typicalCheckMs === undefined ? elapsedMs : 0.8 * this.typicalCheckMs + 0.2 * elapsedMs;
  }

  /** Makes a cheap failed check last as long as a current one (a decoy check when there is no figure yet). */
  private async padFrom(elapsedMs: number, password: string): Promise<void> {
    if (this.typicalCheckMs === undefined) {
      const started = performance.now();
      await verifyPassword(password, this.decoy);
      this.learn(performance.now() - started);
      return;
    }
    const rest = this.typicalCheckMs - elapsedMs;
    if (rest > 0) await sleep(rest);
  }

  /**
   * Replaces a weaker hash with a current one, in memory only: USERS comes from configuration, which the
   * gateway never writes, so the log line asks for a new hash there. The hash itself is never logged.
   */
  private async rehash(user: UserConfig, password: string): Promise<UserConfig> {
    try {
      const passwordHash = await hashPassword(password);
      const current = this.users.get(user.username);
      if (current?.passwordHash === user.passwordHash)
        this.users.set(user.username, { ...current, passwordHash });
      this.log.info(
        'password hash in USERS is weaker than current: replaced in memory until restart; regenerate it with npm run hash-password',
        { user: user.username },
      );
    } catch (error) {
      this.log.warn('could not rehash a weaker password hash', {
        user: user.username,
        error: error instanceof Error ? error.message : 'unknown',
      });
    }
    return this.users.get(user.username) ?? user;
  }
}
