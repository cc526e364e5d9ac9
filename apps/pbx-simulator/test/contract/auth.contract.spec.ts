/**
 * Contract: libs/pbx-api's token calls and token handling against the running simulator — get_token,
 * refresh_token, del_token, refused credentials, the 8-token cap, a wrong token, and expired or revoked tokens
 * renewed without the caller doing anything.
 */
import {
  ClientCredentialsTokenProvider,
  PBX_ERRCODE,
  PbxAuthError,
  PbxClient,
  PbxValidationError,
} from '@switchboard/pbx-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../src/config.js';
import {
  expectSameValidation,
  expectWrongTokenRefused,
  rejectionOf,
  startContractSim,
  type ContractSim,
} from './support/contract-kit.js';

const CREDENTIALS = { username: DEMO_CLIENT_ID, password: DEMO_CLIENT_SECRET };

/** A client that only ever uses `accessToken`. */
const fixedTokenClient = (ctx: ContractSim, accessToken: string) =>
  new PbxClient({ baseUrl: ctx.sim.url, auth: { accessToken } });

/** Whether the simulator accepts `accessToken` right now (through the client). */
async function accepted(ctx: ContractSim, accessToken: string): Promise<boolean> {
  try {
    await fixedTokenClient(ctx, accessToken).system.information();
    return true;
  } catch (error) {
    if (error instanceof PbxAuthError && error.errcode === PBX_ERRCODE.TOKEN_INVALID) return false;
    throw error;
  }
}

describe('auth contract', () => {
  let ctx: ContractSim;
  beforeAll(async () => {
    ctx = await startContractSim({ accessTtlS: 900, refreshTtlS: 3_600 });
  });
  afterAll(async () => ctx.close());
  // Tests here take tokens of their own; the cap of 8 per client id must not leak from one test to the next.
  afterEach(async () => {
    await ctx.revokeTokens();
  });

  it('get_token answers a working token pair with the configured lifetimes', async () => {
    const pair = await ctx.client.auth.getToken(CREDENTIALS);
    expect(pair).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      access_token_expire_time: 900,
      refresh_token_expire_time: 3_600,
    });
    expect(await accepted(ctx, pair.access_token)).toBe(true);
  });

  it('get_token: the client and the simulator refuse the same missing username', async () => {
    await expectSameValidation(ctx, 'get_token', {
      call: (client) => client.auth.getToken({ username: '', password: 'x' }),
      wire: { username: '', password: 'x' },
      field: 'username',
    });
  });

  it('get_token with a wrong secret is a PbxAuthError (errcode -1) that never carries the secret', async () => {
    const secret = 'not-the-demo-secret';
    const error = await rejectionOf(ctx.client.auth.getToken({ username: DEMO_CLIENT_ID, password: secret }));
    expect(error).toBeInstanceOf(PbxAuthError);
    expect((error as PbxAuthError).errcode).toBe(PBX_ERRCODE.FAILURE);
    expect((error as Error).message).toContain('client id or secret refused');
    expect((error as Error).message).not.toContain(secret);
  });

  it('get_token beyond 8 live tokens is a PbxAuthError with the cap errcode', async () => {
    for (let i = 0; i < 8; i++) await ctx.client.auth.getToken(CREDENTIALS);
    const error = await rejectionOf(ctx.client.auth.getToken(CREDENTIALS));
    expect(error).toBeInstanceOf(PbxAuthError);
    expect((error as PbxAuthError).errcode).toBe(PBX_ERRCODE.TOKEN_LIMIT);
  });

  it('refresh_token rotates both tokens: the old access token stops working, the new one works', async () => {
    const first = await ctx.client.auth.getToken(CREDENTIALS);
    const second = await ctx.client.auth.refreshToken({ refresh_token: first.refresh_token });
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await accepted(ctx, first.access_token)).toBe(false);
    expect(await accepted(ctx, second.access_token)).toBe(true);
  });

  it('refresh_token: the client and the simulator refuse the same empty refresh_token', async () => {
    await expectSameValidation(ctx, 'refresh_token', {
      call: (client) => client.auth.refreshToken({ refresh_token: '' }),
      wire: { refresh_token: '' },
      field: 'refresh_token',
    });
  });

  it('refresh_token with a used or unknown refresh token is a PbxAuthError (errcode 10004) without the token', async () => {
    const first = await ctx.client.auth.getToken(CREDENTIALS);
    await ctx.client.auth.refreshToken({ refresh_token: first.refresh_token });
    const error = await rejectionOf(ctx.client.auth.refreshToken({ refresh_token: first.refresh_token }));
    expect(error).toBeInstanceOf(PbxAuthError);
    expect((error as PbxAuthError).errcode).toBe(PBX_ERRCODE.TOKEN_INVALID);
    expect((error as Error).message).not.toContain(first.refresh_token);
  });

  it('del_token revokes the token it is sent with', async () => {
    const pair = await ctx.client.auth.getToken(CREDENTIALS);
    await ctx.client.auth.deleteToken(pair.access_token);
    expect(await accepted(ctx, pair.access_token)).toBe(false);
  });

  it('del_token with an unknown token fails with errcode 10004 and leaves live tokens alone', async () => {
    const live = await ctx.client.auth.getToken(CREDENTIALS);
    const error = await rejectionOf(ctx.client.auth.deleteToken('WrongToken0000000000000000000000'));
    expect(error).toMatchObject({ errcode: PBX_ERRCODE.TOKEN_INVALID });
    expect((error as Error).message).not.toContain('WrongToken');
    expect(await accepted(ctx, live.access_token)).toBe(true);
  });

  it('an operation with a fixed wrong token is a PbxAuthError', async () => {
    await expectWrongTokenRefused(ctx, (client) => client.system.information());
  });

  it('close() revokes the token the client held', async () => {
    const client = new PbxClient({
      baseUrl: ctx.sim.url,
      auth: { clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET },
    });
    const held = await client.tokens.getAccessToken();
    expect(await accepted(ctx, held)).toBe(true);
    const revocations = ctx.sim.stats.requestCount('del_token');
    await client.close();
    expect(ctx.sim.stats.requestCount('del_token')).toBe(revocations + 1);
    expect(await accepted(ctx, held)).toBe(false);
  });

  it('token calls validate before sending: the secret is never echoed in the validation message', async () => {
    const error = await rejectionOf(
      ctx.client.auth.getToken({ username: DEMO_CLIENT_ID, password: 42 as unknown as string }),
    );
    expect(error).toBeInstanceOf(PbxValidationError);
    expect((error as Error).message).not.toContain('42');
  });
});

describe('auth contract: expiry and revocation', () => {
  let ctx: ContractSim;
  beforeAll(async () => {
    ctx = await startContractSim({ accessTtlS: 2 });
  });
  afterAll(async () => ctx.close());

  it('an expired access token is refused by the PBX, renewed with refresh_token and the call retried, unseen by the caller', async () => {
    // A client whose clock stands still (skew, a suspended machine) believes the token is fresh and sends it.
    const tokenApi = new PbxClient({ baseUrl: ctx.sim.url, auth: { accessToken: 'unused' } }).auth;
    const frozen = Date.now();
    const provider = new ClientCredentialsTokenProvider({
      clientId: DEMO_CLIENT_ID,
      clientSecret: DEMO_CLIENT_SECRET,
      api: tokenApi,
      proactive: false,
      now: () => frozen,
    });
    const client = new PbxClient({ baseUrl: ctx.sim.url, auth: { provider } });
    try {
      const firstToken = await client.tokens.getAccessToken();
      expect((await client.queue.list()).errcode).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const refreshes = ctx.sim.stats.requestCount('refresh_token');
      const refused = ctx.sim.stats.snapshot(0).requests.by_errcode['10004'] ?? 0;
      expect((await client.queue.list()).errcode).toBe(0);
      expect(ctx.sim.stats.snapshot(0).requests.by_errcode['10004']).toBe(refused + 1);
      expect(ctx.sim.stats.requestCount('refresh_token')).toBe(refreshes + 1);
      expect(await client.tokens.getAccessToken()).not.toBe(firstToken);
    } finally {
      await client.close();
    }
  });

  it('the default client renews before expiry, so no call ever meets an expired token', async () => {
    const refreshes = ctx.sim.stats.requestCount('refresh_token');
    const refused = ctx.sim.stats.snapshot(0).requests.by_errcode['10004'] ?? 0;
    expect((await ctx.client.queue.list()).errcode).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await ctx.client.queue.list()).errcode).toBe(0);
    expect(ctx.sim.stats.requestCount('refresh_token')).toBeGreaterThan(refreshes);
    expect(ctx.sim.stats.snapshot(0).requests.by_errcode['10004'] ?? 0).toBe(refused);
  });

  it('after /sim/faults revokeTokens the next call succeeds by itself with a new token from get_token', async () => {
    expect((await ctx.client.queue.list()).errcode).toBe(0);
    await ctx.revokeTokens();
    const logins = ctx.sim.stats.requestCount('get_token');
    expect((await ctx.client.queue.list()).errcode).toBe(0);
    // The refresh token was revoked too, so only a new login could help.
    expect(ctx.sim.stats.requestCount('get_token')).toBe(logins + 1);
  });
});
