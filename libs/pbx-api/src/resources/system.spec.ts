import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SystemMenuOptionsParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

// What each system method sends and refuses: record-requests.spec.ts and refusals.spec.ts.
describe('SystemResource', () => {
  it('information is retried after a transport failure because it is a read', async () => {
    const fake = new FakePbx()
      .reply({ status: 503, body: '' })
      .reply({ body: ok({ data: { firmware_version: '37.21.0.117' } }) });
    const result = await clientOn(fake, { retries: 1 }).system.information();
    expect(fake.requests).toHaveLength(2);
    expect(result.data.firmware_version).toBe('37.21.0.117');
  });

  it('types: queue_agent needs id, other menus do not', () => {
    expectTypeOf<{ menu: 'queue_agent' }>().not.toMatchTypeOf<SystemMenuOptionsParams>();
    expectTypeOf<{ menu: 'disposition_code' }>().toMatchTypeOf<SystemMenuOptionsParams>();
  });
});
