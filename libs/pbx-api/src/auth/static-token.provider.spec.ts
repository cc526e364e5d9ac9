import { describe, expect, it } from 'vitest';
import { PBX_ERRCODE, PbxAuthError, StaticTokenProvider } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';
import { expectTokenRefused } from '../../test/support/token-pbx.js';

const refused = { body: { errcode: PBX_ERRCODE.TOKEN_INVALID, errmsg: 'INVALID ACCESS TOKEN' } };

describe('StaticTokenProvider', () => {
  it('sends the fixed token on every request', async () => {
    const fake = new FakePbx().otherwise({ body: ok({ total_number: 0, queue_list: [] }) });
    const client = clientOn(fake, { auth: { accessToken: 'fixed-token-9d1e' } });
    await client.queue.list();
    await client.queue.list();
    expect(fake.requests.map((r) => r.query['access_token'])).toEqual([
      'fixed-token-9d1e',
      'fixed-token-9d1e',
    ]);
  });

  it('turns a refused token into a PbxAuthError for the operation, with no renewal and no resend', async () => {
    const fake = new FakePbx().otherwise(refused);
    const client = clientOn(fake);

    const error = await client.queue.list().catch((e: unknown) => e);

    expectTokenRefused(error, 'queue/list');
    expect((error as Error).message).toMatch(/refused the fixed access token/);
    expect(fake.requests.map((r) => r.path)).toEqual(['/openapi/v1.0/queue/list']);
  });

  it('fails every later call without contacting the PBX once its token was refused', async () => {
    const fake = new FakePbx().reply(refused).otherwise({ body: ok({ queue_list: [] }) });
    const client = clientOn(fake);
    await expect(client.queue.list()).rejects.toBeInstanceOf(PbxAuthError);
    await expect(client.queue.list()).rejects.toMatchObject({ code: 'auth', message: /configure a new one/ });
    expect(fake.requests).toHaveLength(1);
  });

  it('ignores invalidation of some other token', async () => {
    const provider = new StaticTokenProvider('fixed-token-9d1e');
    provider.invalidate('another-token');
    await expect(provider.getAccessToken()).resolves.toBe('fixed-token-9d1e');
  });

  it('close does not revoke (the token is not ours) and later calls fail', async () => {
    const fake = new FakePbx().otherwise({ body: ok({ queue_list: [] }) });
    const client = clientOn(fake);
    await client.queue.list();
    await client.close();
    await expect(client.queue.list()).rejects.toMatchObject({ code: 'auth', message: /closed/ });
    expect(fake.requests.map((r) => r.path)).toEqual(['/openapi/v1.0/queue/list']);
  });

  it('never reports a change, and rejects an empty token', () => {
    const provider = new StaticTokenProvider('fixed-token-9d1e');
    const seen: string[] = [];
    provider.onChange((token) => seen.push(token))();
    provider.invalidate('fixed-token-9d1e');
    expect(seen).toEqual([]);
    expect(() => new StaticTokenProvider('')).toThrow(/accessToken must be a non-empty string/);
    expect(() => new StaticTokenProvider('  ')).toThrow(PbxAuthError);
  });
});
