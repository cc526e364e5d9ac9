import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PhoneBatchCreateParams, PhoneBatchUpdateParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const create: PhoneBatchCreateParams = {
  vendor: 'Yealink',
  model: 'T54W',
  phone_list: [
    { mac: '80:5E:C0:11:22:33', ext_id: 12 },
    { mac: '805ec0112234', ext_id: 13 },
  ],
  template_name: 'default',
  provisioning_method: 'pnp_via_onsite_proxy',
  onsite_proxy_uuid: 'b9d1c2a0-1111-4222-8333-944455556666',
  enb_rps_auth: 1,
};

describe('PhoneResource', () => {
  it('batchCreate sends POST v1.0 phone/batchcreate with the JSON body', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const result = await clientOn(fake).phone.batchCreate(create);
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/phone/batchcreate',
      query: { access_token: 'test-token' },
    });
    expect(fake.last.body).toEqual(create);
    expect(result).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
  });

  it('batchCreate refuses an onsite proxy with RPS and a MAC with mixed separators', async () => {
    const fake = new FakePbx();
    const bad = {
      ...create,
      provisioning_method: 'rps',
      phone_list: [{ mac: '80:5E-C0:11:22:33', ext_id: 12 }],
    } as unknown as PhoneBatchCreateParams;
    await expect(clientOn(fake).phone.batchCreate(bad)).rejects.toMatchObject({
      violations: [
        { field: 'phone_list[0].mac', rule: 'format' },
        { field: 'onsite_proxy_uuid', rule: 'unknown' },
      ],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('batchUpdate sends POST v1.0 phone/batchupdate with the JSON body', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const params: PhoneBatchUpdateParams = {
      batch_id_list: [5, 6],
      phone_list: [{ id: 5, mac: '80-5E-C0-11-22-33', ext_id: 14 }],
    };
    await clientOn(fake).phone.batchUpdate(params);
    expect(fake.last).toMatchObject({ method: 'POST', path: '/openapi/v1.0/phone/batchupdate' });
    expect(fake.last.body).toEqual(params);
  });

  it('batchUpdate rejects an empty batch and a phone without id', async () => {
    const fake = new FakePbx();
    const bad = {
      batch_id_list: [],
      phone_list: [{ mac: '805ec0112233', ext_id: 1 }],
    } as unknown as PhoneBatchUpdateParams;
    await expect(clientOn(fake).phone.batchUpdate(bad)).rejects.toMatchObject({
      violations: [
        { field: 'batch_id_list', rule: 'required' },
        { field: 'phone_list[0].id', rule: 'required' },
      ],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('types: onsite_proxy_uuid only with an onsite proxy method', () => {
    expectTypeOf<PhoneBatchCreateParams['provisioning_method']>().toEqualTypeOf<
      'pnp_via_onsite_proxy' | 'dhcp_via_onsite_proxy' | 'pnp' | 'dhcp' | 'rps' | 'rps_fqdn'
    >();
    // @ts-expect-error RPS provisioning takes no onsite proxy
    const rpsWithProxy: PhoneBatchCreateParams = { ...create, provisioning_method: 'rps' };
    const { onsite_proxy_uuid: _uuid, ...withoutProxy } = create;
    const rps: PhoneBatchCreateParams = { ...withoutProxy, provisioning_method: 'rps' };
    expect([rpsWithProxy, rps]).toHaveLength(2);
  });
});
