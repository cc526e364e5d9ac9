import { describe, expect, it } from 'vitest';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

describe('UacstaCallResource', () => {
  it('refuse sends POST v1.0 uacsta_call/refuse with the three values of event 30020', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const params = { extension: '2000', call_id: '32789', ip_address: '192.168.28.2:5060' };
    const result = await clientOn(fake).uacstaCall.refuse(params);
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/uacsta_call/refuse',
      query: { access_token: 'test-token' },
      body: params,
    });
    expect(result.errcode).toBe(0);
  });

  it('refuse rejects an ip_address without a valid port before sending', async () => {
    const fake = new FakePbx();
    await expect(
      clientOn(fake).uacstaCall.refuse({
        extension: '2000',
        call_id: '32789',
        ip_address: '192.168.28.2:70000',
      }),
    ).rejects.toMatchObject({ violations: [{ field: 'ip_address', rule: 'format' }] });
    expect(fake.requests).toHaveLength(0);
  });
});
