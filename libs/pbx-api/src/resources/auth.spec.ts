import { describe, expect, it } from 'vitest';
import { PbxApiError, PbxAuthError } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

describe('AuthResource.deleteToken', () => {
  it('sends GET del_token with the token it revokes', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    await clientOn(fake).auth.deleteToken('old-token');
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/del_token',
      query: { access_token: 'old-token' },
    });
  });

  it('maps a refused token to PbxAuthError without echoing it, and other failures to PbxApiError', async () => {
    const refused = new FakePbx().reply({ body: { errcode: 10004, errmsg: 'INVALID ACCESS TOKEN' } });
    const error = await clientOn(refused)
      .auth.deleteToken('gone-token')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PbxAuthError);
    expect(error).toMatchObject({ code: 'auth', errcode: 10004, operation: 'del_token' });
    expect(String(error)).not.toContain('gone-token');
    const busy = new FakePbx().reply({ body: { errcode: 50001, errmsg: 'SERVER BUSY' } });
    await expect(clientOn(busy).auth.deleteToken('t')).rejects.toBeInstanceOf(PbxApiError);
  });
});
