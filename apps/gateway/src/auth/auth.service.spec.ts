import { Logger } from '@nestjs/common';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GatewayConfig } from '../config/gateway-config.js';
import { testConfig } from '../../test/support/test-config.js';
import { AuthService, grantFromGroups } from './auth.service.js';
import { InMemoryDisplayTokenStore } from './display-token.store.js';
import { DisplayTokensService } from './display-tokens.service.js';
import { LoginThrottle } from './login-throttle.js';
import { hashPassword } from './password-hasher.js';
import type { Principal } from './principal.js';
import { SessionRevocations } from './session-revocations.js';
import { TokenSigner } from './token-signer.js';
import { TrustedProxies } from './trusted-proxies.js';
import { isDemoSetup, UserDirectory } from './user-directory.js';

const silent = { warn: () => undefined, error: () => undefined };

async function setup(env: Record<string, string> = {}) {
  const users = JSON.stringify([
    {
      username: 'sue',
      role: 'supervisor',
      queues: [1, 2],
      passwordHash: await hashPassword('sue-pw'),
      extension: '2001',
    },
    { username: 'vic', role: 'viewer', queues: 'all', passwordHash: await hashPassword('vic-pw') },
  ]);
  const config: GatewayConfig = testConfig({
    PBX_BASE_URL: 'http://pbx.example:8088',
    PBX_CLIENT_ID: 'id',
    PBX_CLIENT_SECRET: 'secret',
    USERS: users,
    TRUSTED_PROXIES: '10.9.9.9',
    PROXY_GROUPS: JSON.stringify({
      'sb-sup': { role: 'supervisor', queues: [3] },
      'sb-admins': { role: 'admin', queues: 'all' },
    }),
    ...env,
  });
  const signer = new TokenSigner(config.auth.secret);
  const revocations = new SessionRevocations();
  const displays = new DisplayTokensService(config, new InMemoryDisplayTokenStore(), signer, revocations);
  const auth = new AuthService(
    config,
    await UserDirectory.create(config, silent),
    signer,
    displays,
    revocations,
    new TrustedProxies(config.auth.trustedProxies),
    new LoginThrottle({ maxFailures: 3, windowMs: 60_000 }),
  );
  return { auth, displays, revocations, config };
}

describe('AuthService', () => {
  beforeAll(() => Logger.overrideLogger(false));

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
    const { auth } = await setup();
    expect(await auth.login('sue', 'nope', '2.2.2.2')).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(await auth.login('nobody', 'nope', '2.2.2.2')).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(await auth.login(42, undefined, '2.2.2.2')).toMatchObject({ ok: false, code: 'unauthorized' });
    const blocked = await auth.login('sue', 'sue-pw', '2.2.2.2');
    expect(blocked).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(await auth.login('sue', 'sue-pw', '3.3.3.3')).toMatchObject({ ok: true });
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
    const { token, display } = await displays.create({ name: 'Lobby TV', queues: [2, 2, 5] }, 'admin');
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

  it('refuses display tokens with bad input, naming the fields', async () => {
    const { displays } = await setup();
    await expect(displays.create({ name: '', queues: [0] }, 'admin')).rejects.toMatchObject({
      fields: [
        { field: 'name', message: expect.any(String) as string },
        { field: 'queues', message: expect.any(String) as string },
      ],
    });
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
    const log = { warn: (m: string) => warnings.push(m), error: () => undefined };
    const demo = await UserDirectory.create(testConfig(), log);
    expect(await demo.check('supervisor', 'supervisor')).toMatchObject({ role: 'supervisor' });
    expect(await demo.check('admin', 'admin')).toMatchObject({ role: 'admin' });
    expect(await demo.check('viewer', 'viewer')).toMatchObject({ role: 'viewer' });
    expect(warnings).toHaveLength(1);
    const real = await UserDirectory.create(
      testConfig({ PBX_BASE_URL: 'http://pbx.example', PBX_CLIENT_ID: 'a', PBX_CLIENT_SECRET: 'b' }),
      log,
    );
    expect(real.size).toBe(0);
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
      { username: 'u', role: 'viewer', queues: 'all', passwordHash: await hashPassword('p') },
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
