import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ClientCredentialsTokenProvider,
  DEFAULT_USER_AGENT,
  PBX_ERRCODE,
  PbxAuthError,
  type TokenApi,
} from '../index.js';
import { ok } from '../../test/support/fake-pbx.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  expectTokenRefused,
  RecordingLogger,
  TokenPbx,
} from '../../test/support/token-pbx.js';

const T0 = new Date('2026-03-02T09:00:00Z').getTime();
const LIFETIME_MS = 1_800_000;
/** Default margin: renew 60 s before the access token expires. */
const RENEW_AT = T0 + LIFETIME_MS - 60_000;

/** Bounded wait for something a background task does. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 2_000, interval: 5 });

describe('ClientCredentialsTokenProvider on a PbxClient', () => {
  let pbx: TokenPbx;

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    pbx = new TokenPbx();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** The n-th issued access / refresh token (1-based). */
  const issued = (index: number): string => {
    const token = pbx.issued[index];
    if (token === undefined) throw new Error(`token #${index} was never issued`);
    return token;
  };
  const access = (n: number) => issued((n - 1) * 2);
  const refresh = (n: number) => issued((n - 1) * 2 + 1);

  describe('first use', () => {
    it('logs in with get_token (client id, secret, User-Agent, no token) and then sends the access token', async () => {
      const client = pbx.client();
      await client.queue.list();
      await client.queue.list();

      expect(pbx.operations).toEqual(['get_token', 'queue/list', 'queue/list']);
      const [login] = pbx.requestsTo('get_token');
      expect(login).toMatchObject({
        method: 'POST',
        path: '/openapi/v1.0/get_token',
        body: { username: CLIENT_ID, password: CLIENT_SECRET },
      });
      expect(login?.query).not.toHaveProperty('access_token');
      expect(login?.headers['user-agent']).toBe(DEFAULT_USER_AGENT);
      expect(pbx.requestsTo('queue/list').map((r) => r.query['access_token'])).toEqual([
        access(1),
        access(1),
      ]);
    });

    it('shares one get_token among 20 parallel first requests', async () => {
      const client = pbx.client();
      await Promise.all(Array.from({ length: 20 }, () => client.queue.list()));
      expect(pbx.requestsTo('get_token')).toHaveLength(1);
      expect(new Set(pbx.requestsTo('queue/list').map((r) => r.query['access_token']))).toEqual(
        new Set([access(1)]),
      );
    });
  });

  describe('expiry and rotation', () => {
    it('keeps the token until lifetime minus margin, then refreshes with the latest, rotated refresh token', async () => {
      const client = pbx.client();
      await client.queue.list();

      vi.setSystemTime(RENEW_AT - 1);
      await client.queue.list();
      expect(pbx.requestsTo('refresh_token')).toHaveLength(0);

      vi.setSystemTime(RENEW_AT);
      await client.queue.list();
      vi.setSystemTime(RENEW_AT + LIFETIME_MS - 60_000);
      await client.queue.list();

      const refreshes = pbx.requestsTo('refresh_token');
      expect(refreshes.map((r) => r.body)).toEqual([
        { refresh_token: refresh(1) },
        { refresh_token: refresh(2) },
      ]);
      expect(refreshes[0]?.method).toBe('POST');
      expect(refreshes[0]?.query).not.toHaveProperty('access_token');
      expect(pbx.requestsTo('queue/list').map((r) => r.query['access_token'])).toEqual([
        access(1),
        access(1),
        access(2),
        access(3),
      ]);
      expect(pbx.requestsTo('get_token')).toHaveLength(1);
    });

    it('honours refreshMarginMs from the client options', async () => {
      const client = pbx.client({
        auth: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, refreshMarginMs: 300_000 },
      });
      await client.queue.list();
      vi.setSystemTime(T0 + LIFETIME_MS - 300_000);
      await client.queue.list();
      expect(pbx.requestsTo('refresh_token')).toHaveLength(1);
    });

    it('refreshes in the background before expiry, without any request, and keeps doing so', async () => {
      const client = pbx.client();
      await client.queue.list();

      await vi.advanceTimersByTimeAsync(RENEW_AT - T0 - 1);
      expect(pbx.requestsTo('refresh_token')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      await eventually(() => expect(pbx.requestsTo('refresh_token')).toHaveLength(1));

      await client.queue.list();
      expect(pbx.operations.slice(-1)).toEqual(['queue/list']);
      expect(pbx.fake.last.query['access_token']).toBe(access(2));

      await vi.advanceTimersByTimeAsync(LIFETIME_MS - 60_000);
      await eventually(() => expect(pbx.requestsTo('refresh_token')).toHaveLength(2));
      expect(pbx.requestsTo('refresh_token')[1]?.body).toEqual({ refresh_token: refresh(2) });
    });

    it('shares one refresh among 20 parallel requests at expiry', async () => {
      const client = pbx.client();
      await client.queue.list();
      vi.setSystemTime(T0 + LIFETIME_MS);

      await Promise.all(Array.from({ length: 20 }, () => client.queue.list()));

      expect(pbx.requestsTo('refresh_token')).toHaveLength(1);
      expect(pbx.requestsTo('get_token')).toHaveLength(1);
      const sent = pbx.requestsTo('queue/list').slice(1);
      expect(sent).toHaveLength(20);
      expect(sent.every((r) => r.query['access_token'] === access(2))).toBe(true);
    });
  });

  describe('refresh failures', () => {
    it('falls back to get_token after a refresh errcode and revokes the old, still live access token', async () => {
      const logger = new RecordingLogger();
      const client = pbx.client({ logger });
      await client.queue.list();
      pbx.script('refresh_token', { body: { errcode: PBX_ERRCODE.FAILURE, errmsg: 'FAILURE' } });
      vi.setSystemTime(RENEW_AT + 1);

      await client.queue.list();
      await eventually(() => expect(pbx.requestsTo('del_token')).toHaveLength(1));

      expect(pbx.requestsTo('del_token')[0]?.query['access_token']).toBe(access(1));
      expect(pbx.isLive(access(1))).toBe(false);
      expect(pbx.requestsTo('get_token')).toHaveLength(2);
      expect(
        pbx.fake.requests.filter((r) => r.path.endsWith('queue/list')).at(-1)?.query['access_token'],
      ).toBe(access(2));
      expect(logger.lines.some((l) => l.level === 'warn' && /refresh_token failed/.test(l.message))).toBe(
        true,
      );
    });

    it('falls back to get_token when refresh_token cannot reach the PBX', async () => {
      const client = pbx.client();
      await client.queue.list();
      pbx.script('refresh_token', () => {
        throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      });
      vi.setSystemTime(RENEW_AT + 1);

      await client.queue.list();
      await eventually(() => expect(pbx.requestsTo('del_token')).toHaveLength(1));

      // del_token runs in the background, so only its count is fixed, not its place.
      expect(pbx.operations.filter((o) => o !== 'del_token')).toEqual([
        'get_token',
        'queue/list',
        'refresh_token',
        'get_token',
        'queue/list',
      ]);
      expect(pbx.requestsTo('del_token')[0]?.query['access_token']).toBe(access(1));
      expect(pbx.requestsTo('queue/list')[1]?.query['access_token']).toBe(access(2));
    });

    it('goes straight to get_token when the refresh token has expired, revoking nothing already dead', async () => {
      pbx.refreshLifetimeS = 3_600;
      const client = pbx.client();
      await client.queue.list();
      vi.setSystemTime(T0 + 3_600_000);

      await client.queue.list();
      await vi.advanceTimersByTimeAsync(0);

      expect(pbx.operations).toEqual(['get_token', 'queue/list', 'get_token', 'queue/list']);
      expect(pbx.fake.last.query['access_token']).toBe(access(2));
    });

    it('revokes the old access token when the refresh token expired before it', async () => {
      pbx.refreshLifetimeS = 1_000;
      const client = pbx.client();
      await client.queue.list();
      vi.setSystemTime(RENEW_AT);

      await client.queue.list();
      await eventually(() => expect(pbx.requestsTo('del_token')).toHaveLength(1));

      expect(pbx.requestsTo('refresh_token')).toHaveLength(0);
      expect(pbx.requestsTo('del_token')[0]?.query['access_token']).toBe(access(1));
    });
  });

  describe('a refused access token', () => {
    it.each([
      ['TOKEN_INVALID', PBX_ERRCODE.TOKEN_INVALID],
      ['community 10002', 10002],
      ['community 10003', 10003],
    ])('%s: invalidates, renews and resends once', async (_name, errcode) => {
      const client = pbx.client();
      await client.queue.list();
      pbx.script('queue/list', { body: { errcode, errmsg: 'INVALID ACCESS TOKEN' } });

      const result = await client.queue.list();

      expect(result.errcode).toBe(0);
      expect(pbx.operations).toEqual([
        'get_token',
        'queue/list',
        'queue/list',
        'refresh_token',
        'queue/list',
      ]);
      expect(pbx.fake.last.query['access_token']).toBe(access(2));
      // The refused token is not revoked: the PBX already dropped it.
      expect(pbx.requestsTo('del_token')).toHaveLength(0);
    });

    it('gives a PbxAuthError when the renewed token is refused too, after exactly one resend', async () => {
      const client = pbx.client();
      const refused = { body: { errcode: PBX_ERRCODE.TOKEN_INVALID, errmsg: 'INVALID ACCESS TOKEN' } };
      pbx.script('queue/list', refused, refused);

      expectTokenRefused(await client.queue.list().catch((e: unknown) => e), 'queue/list');
      expect(pbx.requestsTo('queue/list')).toHaveLength(2);
      // The next call renews again instead of reusing the refused token.
      await client.queue.list();
      expect(pbx.fake.last.query['access_token']).toBe(access(3));
    });
  });

  describe('close', () => {
    it('revokes the held token with del_token, stops the background timer, and fails later calls', async () => {
      const client = pbx.client();
      await client.queue.list();

      await client.close();
      await client.close();

      expect(pbx.operations).toEqual(['get_token', 'queue/list', 'del_token']);
      expect(pbx.requestsTo('del_token')[0]).toMatchObject({
        method: 'GET',
        path: '/openapi/v1.0/del_token',
        query: { access_token: access(1) },
      });
      await vi.advanceTimersByTimeAsync(2 * LIFETIME_MS);
      await expect(client.queue.list()).rejects.toMatchObject({ code: 'auth', message: /closed/ });
      expect(pbx.operations).toHaveLength(3);
    });

    it('during get_token: the waiting request fails, the token that arrives is revoked, nothing else is sent', async () => {
      const client = pbx.client();
      const release = pbx.hold('get_token');
      const pending = client.queue.list();
      await eventually(() => expect(pbx.started).toContain('get_token'));

      const closing = client.close();
      release();

      await expect(pending).rejects.toMatchObject({ code: 'auth', message: /closed/ });
      await closing;
      expect(pbx.operations).toEqual(['get_token', 'del_token']);
      expect(pbx.requestsTo('del_token')[0]?.query['access_token']).toBe(access(1));
      expect(pbx.isLive(access(1))).toBe(false);
    });

    it('during refresh_token: revokes the rotated token once, not the retired one', async () => {
      const client = pbx.client();
      await client.queue.list();
      vi.setSystemTime(RENEW_AT);
      const release = pbx.hold('refresh_token');
      const pending = client.queue.list();
      await eventually(() => expect(pbx.started).toContain('refresh_token'));

      const closing = client.close();
      release();

      await expect(pending).rejects.toBeInstanceOf(PbxAuthError);
      await closing;
      expect(pbx.operations).toEqual(['get_token', 'queue/list', 'refresh_token', 'del_token']);
      expect(pbx.requestsTo('del_token')[0]?.query['access_token']).toBe(access(2));
    });

    it('logs a failed del_token on close instead of throwing', async () => {
      const logger = new RecordingLogger();
      const client = pbx.client({ logger });
      await client.queue.list();
      pbx.script('del_token', { body: { errcode: PBX_ERRCODE.SERVER_BUSY, errmsg: 'SERVER BUSY' } });

      await expect(client.close()).resolves.toBeUndefined();
      expect(logger.lines.some((l) => l.level === 'warn' && /del_token failed/.test(l.message))).toBe(true);
    });
  });

  describe('get_token refusals', () => {
    it('maps errcode -1 (wrong client id or secret) to a clear PbxAuthError', async () => {
      const client = pbx.client({ auth: { clientId: CLIENT_ID, clientSecret: 'wrong-secret-0000' } });
      const error = await client.queue.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PbxAuthError);
      expect(error).toMatchObject({ code: 'auth', operation: 'get_token', errcode: PBX_ERRCODE.FAILURE });
      expect((error as Error).message).toMatch(/client id or secret refused/);
      expect(pbx.requestsTo('queue/list')).toHaveLength(0);
    });

    it.each([
      ['TOKEN_LIMIT', PBX_ERRCODE.TOKEN_LIMIT, 'MAX LIMITATION', /maximum of 8 live access tokens/],
      [
        'MAX LIMITATION text with another errcode',
        99_001,
        'MAX LIMITATION',
        /maximum of 8 live access tokens/,
      ],
      ['IP_BLOCKED', PBX_ERRCODE.IP_BLOCKED, 'IP BLOCKED', /blocked .*administrator/],
      ['an unknown errcode', 99_002, 'STRANGE', /errcode 99002 STRANGE/],
    ])('maps %s to a PbxAuthError that says what to do', async (_name, errcode, errmsg, message) => {
      pbx.script('get_token', { body: { errcode, errmsg } });
      const error = await pbx
        .client()
        .queue.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PbxAuthError);
      expect(error).toMatchObject({ operation: 'get_token', errcode });
      expect((error as Error).message).toMatch(message);
    });

    it('does not ask again for 60 s after a refusal, so a poller cannot get the address blocked', async () => {
      pbx.script('get_token', { body: { errcode: PBX_ERRCODE.FAILURE, errmsg: 'FAILURE' } });
      const client = pbx.client();
      await expect(client.queue.list()).rejects.toBeInstanceOf(PbxAuthError);

      vi.setSystemTime(T0 + 59_000);
      const again = await client.queue.list().catch((e: unknown) => e);
      expect(again).toMatchObject({
        code: 'auth',
        errcode: PBX_ERRCODE.FAILURE,
        message: /not asking the PBX again/,
      });
      expect(pbx.requestsTo('get_token')).toHaveLength(1);

      vi.setSystemTime(T0 + 60_000);
      await client.queue.list();
      expect(pbx.operations).toEqual(['get_token', 'get_token', 'queue/list']);
    });

    it('does not hold back after a get_token that could not reach the PBX', async () => {
      pbx.script('get_token', () => {
        throw new Error('connect ECONNREFUSED');
      });
      const client = pbx.client({ retries: 0 });
      await expect(client.queue.list()).rejects.toMatchObject({ code: 'transport', operation: 'get_token' });
      await client.queue.list();
      expect(pbx.operations).toEqual(['get_token', 'get_token', 'queue/list']);
    });

    it('rejects an answer without a usable token pair, and accepts lifetimes written as text', async () => {
      pbx.script(
        'get_token',
        {
          body: ok({
            access_token: 'a-token-1',
            refresh_token: 'r-token-1',
            access_token_expire_time: 'soon',
          }),
        },
        {
          body: ok({
            access_token: 'a-token-2',
            refresh_token: 'r-token-2',
            access_token_expire_time: '1800',
            refresh_token_expire_time: '86400',
          }),
        },
      );
      const client = pbx.client();
      await expect(client.queue.list()).rejects.toMatchObject({
        code: 'auth',
        operation: 'get_token',
        message: /without a usable token pair/,
      });
      await expect(client.tokens.getAccessToken()).resolves.toBe('a-token-2');
      vi.setSystemTime(RENEW_AT - 1);
      await expect(client.tokens.getAccessToken()).resolves.toBe('a-token-2');
    });
  });

  describe('onChange', () => {
    it('tells every listener each new token until it unsubscribes; a throwing listener breaks nothing', async () => {
      const logger = new RecordingLogger();
      const client = pbx.client({ logger });
      const seen: string[] = [];
      const unsubscribe = client.tokens.onChange((token) => seen.push(token));
      client.tokens.onChange(() => {
        throw new Error('listener bug');
      });

      await client.queue.list();
      vi.setSystemTime(RENEW_AT);
      await client.queue.list();
      unsubscribe();
      vi.setSystemTime(RENEW_AT + LIFETIME_MS);
      await client.queue.list();

      expect(seen).toEqual([access(1), access(2)]);
      expect(pbx.fake.last.query['access_token']).toBe(access(3));
      expect(logger.lines.filter((l) => /listener threw/.test(l.message))).toHaveLength(3);
    });
  });

  describe('construction', () => {
    const api: TokenApi = {
      getToken: () => Promise.reject(new Error('unused')),
      refreshToken: () => Promise.reject(new Error('unused')),
      deleteToken: () => Promise.resolve(),
    };

    it.each([
      [{ clientId: '', clientSecret: 's3cr3t' }, /clientId must be a non-empty string/],
      [{ clientId: 'id', clientSecret: ' ' }, /clientSecret must be a non-empty string/],
      [{ clientId: 'id', clientSecret: 's3cr3t', refreshMarginMs: -1 }, /refreshMarginMs/],
      [{ clientId: 'id', clientSecret: 's3cr3t', loginRetryDelayMs: Number.NaN }, /loginRetryDelayMs/],
    ])('rejects an empty client id or secret and a bad margin: %o, naming the field', (options, message) => {
      expect(() => new ClientCredentialsTokenProvider({ ...options, api })).toThrow(message);
    });

    it('with proactive off, renews only when asked, using the injected clock', async () => {
      let now = 1_000;
      const calls: string[] = [];
      const pair = (n: number) => ({
        access_token: `acc-${n}`,
        refresh_token: `ref-${n}`,
        access_token_expire_time: 100,
        refresh_token_expire_time: 1_000,
      });
      let n = 0;
      const provider = new ClientCredentialsTokenProvider({
        clientId: 'id',
        clientSecret: 's3cr3t',
        proactive: false,
        now: () => now,
        api: {
          getToken: () => (calls.push('get'), Promise.resolve(pair(++n))),
          refreshToken: (p) => (calls.push(`refresh ${p.refresh_token}`), Promise.resolve(pair(++n))),
          deleteToken: (t) => (calls.push(`del ${t}`), Promise.resolve()),
        },
      });
      await expect(provider.getAccessToken()).resolves.toBe('acc-1');
      await vi.advanceTimersByTimeAsync(10 * 100_000);
      expect(calls).toEqual(['get']);
      // 100 s lifetime: the margin is capped at half of it.
      now += 49_999;
      await expect(provider.getAccessToken()).resolves.toBe('acc-1');
      now += 1;
      await expect(provider.getAccessToken()).resolves.toBe('acc-2');
      await provider.close();
      expect(calls).toEqual(['get', 'refresh ref-1', 'del acc-2']);
    });
  });
});
