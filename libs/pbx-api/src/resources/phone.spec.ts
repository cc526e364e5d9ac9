import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PhoneBatchCreateParams } from '../index.js';
import { PHONE_BATCH } from '../../test/support/samples.js';

// What each phone method sends and refuses: config-requests.spec.ts and refusals.spec.ts.
describe('PhoneResource', () => {
  it('types: onsite_proxy_uuid only with an onsite proxy method', () => {
    expectTypeOf<PhoneBatchCreateParams['provisioning_method']>().toEqualTypeOf<
      'pnp_via_onsite_proxy' | 'dhcp_via_onsite_proxy' | 'pnp' | 'dhcp' | 'rps' | 'rps_fqdn'
    >();
    // @ts-expect-error RPS provisioning takes no onsite proxy
    const rpsWithProxy: PhoneBatchCreateParams = { ...PHONE_BATCH, provisioning_method: 'rps' };
    const { onsite_proxy_uuid: _uuid, ...withoutProxy } = PHONE_BATCH;
    const rps: PhoneBatchCreateParams = { ...withoutProxy, provisioning_method: 'rps' };
    expect([rpsWithProxy, rps]).toHaveLength(2);
  });
});
