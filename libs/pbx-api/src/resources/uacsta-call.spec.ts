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

  it('hangup sends POST v1.0 uacsta_call/hangup with the guide example’s body', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const params = { extension: '2000', call_id: '32786', ip_address: '192.168.28.2:5060' };
    await clientOn(fake).uacstaCall.hangup(params);
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/uacsta_call/hangup',
      query: { access_token: 'test-token' },
      body: params,
    });
  });

  it('hangup is not sent again after a transport failure: the call may already be over', async () => {
    const fake = new FakePbx().reply({ status: 503, body: '' }).otherwise({ body: ok({}) });
    const params = { extension: '2000', call_id: '32786', ip_address: '192.168.28.2:5060' };
    await expect(clientOn(fake, { retries: 2 }).uacstaCall.hangup(params)).rejects.toMatchObject({
      status: 503,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('hangup refuses an ip_address without a port, and a missing call id, before sending', async () => {
    const fake = new FakePbx();
    await expect(
      clientOn(fake).uacstaCall.hangup({ extension: '2000', call_id: '', ip_address: '192.168.28.2' }),
    ).rejects.toMatchObject({
      violations: [
        { field: 'call_id', rule: 'required' },
        { field: 'ip_address', rule: 'format' },
      ],
    });
    expect(fake.requests).toHaveLength(0);
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
