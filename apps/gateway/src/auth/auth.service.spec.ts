import { scryptSync } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GatewayConfig } from '../config/gateway-config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { testConfig, UNREACHED_PBX } from '../../test/support/test-config.js';
import { AuthService, grantFromGroups } from './auth.service.js';
import { InMemoryDisplayTokenStore } from '../ports/display-token.store.js';
import { DisplayTokensService } from './display-tokens.service.js';
import { LoginThrottle } from './login-throttle.js';
import type { LoginLimits } from '../ports/login-attempts.js';
import { PasswordCheckSlots } from './password-check-slots.js';
import { hashPassword } from './password-hasher.js';
import { CURRENT_PARAMS, parsePasswordHash } from '../config/password-hash-format.js';
import type { Principal } from '../access/principal.js';
import { SessionRevocations } from '../ports/session-revocations.js';
import { TokenSigner } from './token-signer.js';
import { TrustedProxies } from './trusted-proxies.js';
import { isDemoSetup, UserDirectory, type DirectoryLog } from './user-directory.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A hash in the format before PHC strings: `scrypt$<salt>$<key>`, N = 2^14. */
function legacyHash(password: string): string {
  const salt = Buffer.from('legacy-salt-0123');
  const key = scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Hashes at the current cost take ~0.3 s each: made once for the file. */
let hashes: { sue: string; vic: string };

interface SetupOptions {
  env?: Record<string, string>;
  limits?: Partial<LoginLimits>;
  slots?: PasswordCheckSlots;
  /** Extra USERS entries. */
  users?: object[];
  log?: DirectoryLog;
}

async function setup(options: SetupOptions = {}) {
  const users = JSON.stringify([
    { username: 'sue', role: 'supervisor', queues: [1, 2], passwordHash: hashes.sue, extension: '2001' },
    { username: 'vic', role: 'viewer', queues: 'all', passwordHash: hashes.vic },
    ...(options.users ?? []),
  ]);
  const config: GatewayConfig = testConfig({
    ...UNREACHED_PBX,
    USERS: users,
    TRUSTED_PROXIES: '10.9.9.9',
    PROXY_GROUPS: JSON.stringify({
      'sb-sup': { role: 'supervisor', queues: [3] },
      'sb-admins': { role: 'admin', queues: 'all' },
    }),
    ...options.env,
  });
  const signer = new TokenSigner(config.auth.secret);
  const revocations = new SessionRevocations();
  const displays = new DisplayTokensService(config, new InMemoryDisplayTokenStore(), signer, revocations);
  const metrics = new MetricsService();
  const directory = await UserDirectory.create(config, options.log ?? silent);
  const auth = new AuthService(
    config,
    directory,
    signer,
    displays,
    revocations,
    new TrustedProxies(config.auth.trustedProxies),
    new LoginThrottle(undefined, { perUser: 3, perAddress: 10, ...options.limits }),
    options.slots ?? new PasswordCheckSlots(2, 100),
    metrics,
  );
  /** Sign-ins so far by outcome (switchboard_login_attempts_total). */
  const attempts = async () => {
    const metric = await metrics.registry.getSingleMetric('switchboard_login_attempts_total')?.get();
    return Object.fromEntries((metric?.values ?? []).map((v) => [String(v.labels['outcome']), v.value]));
  };
  return { auth, displays, revocations, config, attempts, directory };
}

beforeAll(async () => {
  Logger.overrideLogger(false);
  const [sue, vic] = await Promise.all([hashPassword('sue-pw'), hashPassword('vic-pw')]);
  hashes = { sue, vic };
});

describe('AuthService', () => {
  it('signs a user in and recognises the token with the user’s role, scope and extension', async () => {
    const { auth } = await setup();
    const login = await auth.login('sue', 'sue-pw', '1.1.1.1');
    if (!login.ok) throw new Error('login failed');
    expect(login.session).toMatchObject({ user: 'sue', role: 'supervisor', queues: [1, 2], display: false });
    const outcome = await auth.authenticate({ token: login.token, peer: '1.1.1.1', headers: {} });
    expect(outcome).toMatchObject({
      ok: true,
      principal: { extension: '2001', source: { kind: 'session' } },
    });
  });

  it('refuses wrong passwords and unknown users the same way, then rate limits the address', async () => {
    const { auth, attempts } = await setup({ limits: { perAddress: 3 } });
    const wrong = await auth.login('sue', 'nope', '2.2.2.2');
    expect(wrong).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(await auth.login('nobody', 'nope', '2.2.2.2')).toEqual(wrong);
    expect(await auth.login(42, undefined, '2.2.2.2')).toEqual(wrong);
    const blocked = await auth.login('sue', 'sue-pw', '2.2.2.2');
    expect(blocked).toMatchObject({ ok: false, code: 'rate_limited', retryAfterSec: 60 });
    expect(await auth.login('sue', 'sue-pw', '3.3.3.3')).toMatchObject({ ok: true });
    // The unknown name cost a check as the known one did; the malformed attempt none.
    expect(await attempts()).toEqual({ failed: 2, malformed: 1, throttled: 1, succeeded: 1 });
  });

  it('checks no more guesses of a burst than the limit allows, and the right password among them does not sign in', async () => {
    const { auth, attempts } = await setup({ limits: { perUser: 2 } });
    const guesses = Array.from({ length: 20 }, (_, i) => (i === 12 ? 'sue-pw' : `guess-${i}`));
    const outcomes = await Promise.all(guesses.map((guess) => auth.login('sue', guess, '4.4.4.4')));
    const counts = await attempts();
    console.log('burst of 20 guesses for one name:', counts);
    expect(counts).toEqual({ failed: 2, throttled: 18 });
    expect(outcomes[12]).toMatchObject({ ok: false, code: 'rate_limited', retryAfterSec: 1 });
    expect(outcomes.filter((o) => o.ok)).toHaveLength(0);
    // The two failures locked the name, from any address, the right password included.
    expect(await auth.login('sue', 'sue-pw', '5.5.5.5')).toMatchObject({
      ok: false,
      code: 'rate_limited',
      retryAfterSec: 60,
    });
    // Unknown names are locked alike: a lock tells nothing about whether a name exists.
    const unknown = await Promise.all(
      Array.from({ length: 20 }, () => auth.login('nobody', 'guess', '6.6.6.6')),
    );
    expect(unknown.filter((o) => o.ok === false && o.code === 'unauthorized')).toHaveLength(2);
    expect(await auth.login('nobody', 'guess', '7.7.7.7')).toMatchObject({ code: 'rate_limited' });
  });

  it('refuses at once, without checking, what finds every password check slot taken', async () => {
    const { auth, attempts } = await setup({ slots: new PasswordCheckSlots(1, 1), limits: { perUser: 10 } });
    const outcomes = await Promise.all(
      ['a', 'b', 'c', 'd'].map((address) => auth.login('vic', 'vic-pw', address)),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(2);
    expect(outcomes.filter((o) => !o.ok)).toEqual([
      expect.objectContaining({ code: 'rate_limited', retryAfterSec: 1 }),
      expect.objectContaining({ code: 'rate_limited', retryAfterSec: 1 }),
    ]);
    expect(await attempts()).toEqual({ succeeded: 2, busy: 2 });
    // A refusal for lack of a slot counts against nobody's limit.
    expect(await auth.login('vic', 'vic-pw', 'c')).toMatchObject({ ok: true });
  });

  it('takes as long for an unknown name as for a known one, and for a known one with an old cheap hash', async () => {
    const { auth } = await setup({
      users: [{ username: 'old', role: 'viewer', queues: 'all', passwordHash: legacyHash('old-pw') }],
    });
    const time = async (user: string) => {
      const started = performance.now();
      await auth.login(user, 'wrong', `t-${user}-${started}`);
      return performance.now() - started;
    };
    await time('sue'); // warm-up: the first check also teaches the padding its figure
    const known = (await time('sue')) + (await time('vic'));
    const unknown = (await time('nobody')) + (await time('nemo'));
    const cheap = (await time('old')) + (await time('old'));
    console.log(
      `two wrong passwords: known ${known.toFixed(0)} ms, unknown ${unknown.toFixed(0)} ms, old hash ${cheap.toFixed(0)} ms`,
    );
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
    expect(cheap / known).toBeGreaterThan(0.5);
  }, 60_000);

  it('replaces a weaker hash in memory at the next sign-in, saying so without the hash', async () => {
    const lines: string[] = [];
    const log = {
      ...silent,
      info: (msg: string, fields?: object) => lines.push(JSON.stringify({ msg, ...fields })),
    };
    const weak = await hashPassword('weak-pw', { ln: 12, r: 8, p: 1 });
    const { auth, directory } = await setup({
      log,
      users: [
        { username: 'old', role: 'viewer', queues: 'all', passwordHash: legacyHash('old-pw') },
        { username: 'weak', role: 'viewer', queues: 'all', passwordHash: weak },
      ],
    });
    expect(lines.map((l) => JSON.parse(l) as { user: string }).map((l) => l.user)).toEqual(['old', 'weak']);
    for (const user of ['old', 'weak']) {
      expect(await auth.login(user, `${user}-pw`, '8.8.8.8')).toMatchObject({ ok: true });
      const stored = directory.get(user)?.passwordHash ?? '';
      expect(parsePasswordHash(stored)).toMatchObject({ format: 'phc', params: CURRENT_PARAMS });
      expect(await auth.login(user, `${user}-pw`, '8.8.8.8')).toMatchObject({ ok: true });
    }
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).toMatch(/npm run hash-password/);
      expect(line).not.toMatch(/scrypt\$|legacy-salt|bGVnYWN5/);
    }
  });

  it('ends a session on logout and tells listeners', async () => {
    const { auth, revocations } = await setup();
    const login = await auth.login('vic', 'vic-pw', '1.1.1.1');
    if (!login.ok) throw new Error('login failed');
    const outcome = await auth.authenticate({ token: login.token, peer: undefined, headers: {} });
    if (!outcome.ok) throw new Error('not authenticated');
    const ended: Principal[] = [];
    revocations.onRevoked((matches) => {
      if (matches(outcome.principal)) ended.push(outcome.principal);
    });
    auth.logout(outcome.principal);
    expect(ended).toHaveLength(1);
    expect(await auth.isCurrent(outcome.principal)).toBe(false);
    expect(await auth.authenticate({ token: login.token, peer: undefined, headers: {} })).toMatchObject({
      ok: false,
      code: 'unauthorized',
    });
  });

  it('accepts a display token as a read-only viewer of its queues until it is revoked', async () => {
    const { auth, displays, revocations } = await setup();
    const { token, display } = await displays.create({ name: 'Lobby TV', queues: [2, 5] }, 'admin');
    const outcome = await auth.authenticate({ token, peer: undefined, headers: {} });
    if (!outcome.ok) throw new Error('display refused');
    expect(outcome.principal.session).toMatchObject({ role: 'viewer', display: true, queues: [2, 5] });
    const closed: string[] = [];
    revocations.onRevoked((matches, reason) => {
      if (matches(outcome.principal)) closed.push(reason);
    });
    expect(await displays.revoke(display.id)).toBe(true);
    expect(closed).toEqual(['This display link was revoked.']);
    expect(await auth.isCurrent(outcome.principal)).toBe(false);
    expect(await auth.authenticate({ token, peer: undefined, headers: {} })).toMatchObject({ ok: false });
    expect(await displays.revoke(display.id)).toBe(false);
  });

  it('believes identity headers only from a trusted proxy', async () => {
    const { auth } = await setup();
    const headers = { 'x-forwarded-user': 'pat', 'x-forwarded-groups': 'staff, sb-sup' };
    expect(await auth.authenticate({ peer: '10.9.9.9', headers })).toMatchObject({
      ok: true,
      principal: { session: { user: 'pat', role: 'supervisor', queues: [3] }, source: { kind: 'proxy' } },
    });
    expect(await auth.authenticate({ peer: '::ffff:10.9.9.9', headers })).toMatchObject({ ok: true });
    expect(await auth.authenticate({ peer: '10.9.9.8', headers })).toMatchObject({
      ok: false,
      code: 'unauthorized',
    });
    expect(
      await auth.authenticate({
        peer: '10.9.9.9',
        headers: { 'x-forwarded-user': 'pat', 'x-forwarded-groups': 'staff' },
      }),
    ).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('creates demo users only against the demo PBX with no USERS configured', async () => {
    const warnings: string[] = [];
    const log = { ...silent, warn: (m: string) => warnings.push(m) };
    const demo = await UserDirectory.create(testConfig(), log);
    expect(await demo.check('supervisor', 'supervisor')).toMatchObject({ role: 'supervisor' });
    expect(await demo.check('admin', 'admin')).toMatchObject({ role: 'admin' });
    expect(await demo.check('viewer', 'viewer')).toMatchObject({ role: 'viewer' });
    expect(warnings).toHaveLength(1);
    // What the login page may name: names and roles, never a hash.
    expect(demo.demoAccounts()).toEqual([
      { username: 'supervisor', role: 'supervisor' },
      { username: 'admin', role: 'admin' },
      { username: 'viewer', role: 'viewer' },
    ]);
    const real = await UserDirectory.create(
      testConfig({ PBX_BASE_URL: 'http://pbx.example', PBX_CLIENT_ID: 'a', PBX_CLIENT_SECRET: 'b' }),
      log,
    );
    expect(real.size).toBe(0);
    expect(real.demoAccounts()).toEqual([]);
  });

  it('treats the simulator with its demo credentials on any address as the demo, and nothing else', async () => {
    const demoCredentials = {
      PBX_CLIENT_ID: 'switchboard-demo',
      PBX_CLIENT_SECRET: 'switchboard-demo-secret',
    };
    expect(isDemoSetup(testConfig())).toBe(true);
    expect(isDemoSetup(testConfig({ PBX_BASE_URL: 'http://127.0.0.1:18088', ...demoCredentials }))).toBe(
      true,
    );
    expect(isDemoSetup(testConfig({ PBX_BASE_URL: 'http://sim:8088', ...demoCredentials }))).toBe(true);
    expect(
      isDemoSetup(
        testConfig({
          PBX_BASE_URL: 'http://127.0.0.1:18088',
          PBX_CLIENT_ID: 'switchboard-demo',
          PBX_CLIENT_SECRET: 'other-secret',
        }),
      ),
    ).toBe(false);
    const users = JSON.stringify([
      { username: 'u', role: 'viewer', queues: 'all', passwordHash: hashes.vic },
    ]);
    expect(isDemoSetup(testConfig({ USERS: users }))).toBe(false);
    const onOtherPort = await UserDirectory.create(
      testConfig({ PBX_BASE_URL: 'http://127.0.0.1:18088', ...demoCredentials }),
      silent,
    );
    expect(await onOtherPort.check('supervisor', 'supervisor')).toMatchObject({ role: 'supervisor' });
  });
});

describe('grantFromGroups', () => {
  const mapping = {
    a: { role: 'viewer' as const, queues: [1] },
    b: { role: 'supervisor' as const, queues: [2] },
    c: { role: 'viewer' as const, queues: 'all' as const },
  };
  it('takes the strongest role and the union of queues', () => {
    expect(grantFromGroups(['a', 'b'], mapping)).toEqual({ role: 'supervisor', queues: [1, 2] });
    expect(grantFromGroups(['a', 'c'], mapping)).toEqual({ role: 'viewer', queues: 'all' });
    expect(grantFromGroups(['toString', 'zzz'], mapping)).toBeUndefined();
  });
});
