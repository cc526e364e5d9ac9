import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MenuOption, SystemInformation, SystemMenuOptionsParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const info: SystemInformation = {
  device_name: 'PBX',
  model_name: 'P570',
  sn: '3631A2124XXX',
  hardware_version: '1.0',
  firmware_version: '37.21.0.117',
  system_time: '2025/08/22 16:44:40',
  up_time: 3600,
  system_date_format: 'YYYY/MM/DD',
  system_time_format: 'hh:mm:ss',
  timestamp: 1755852280,
};

describe('SystemResource', () => {
  it('information sends GET v1.0 system/information with only the token and returns the data', async () => {
    const fake = new FakePbx().reply({ body: ok({ data: info }) });
    const result = await clientOn(fake).system.information();
    expect(fake.last).toMatchObject({ method: 'GET', path: '/openapi/v1.0/system/information' });
    expect(fake.last.query).toEqual({ access_token: 'test-token' });
    expect(result.data).toEqual(info);
  });

  it('information is retried after a transport failure because it is a read', async () => {
    const fake = new FakePbx().reply({ status: 503, body: '' }).reply({ body: ok({ data: info }) });
    const result = await clientOn(fake, { retries: 1 }).system.information();
    expect(fake.requests).toHaveLength(2);
    expect(result.data.firmware_version).toBe('37.21.0.117');
  });

  it('capacity sends GET v1.0 system/capacity with only the token and returns the data', async () => {
    const capacity = { extension_capacity: 500, extension_used: 128, cc_capacity: 120, cc_used: 7 };
    const fake = new FakePbx().reply({ body: ok({ data: capacity }) });
    const result = await clientOn(fake).system.capacity();
    expect(fake.last).toMatchObject({ method: 'GET', path: '/openapi/v1.0/system/capacity' });
    expect(fake.last.query).toEqual({ access_token: 'test-token' });
    expect(result.data).toEqual(capacity);
  });

  it('menuOptions sends GET system/get_menuoptions with menu (and id) and returns the options', async () => {
    const agents: MenuOption[] = [{ text: 'Ann Lee', value: '12', type: '' }];
    const fake = new FakePbx().reply({ body: ok({ data: agents }) });
    const result = await clientOn(fake).system.menuOptions({ menu: 'queue_agent', id: 3 });
    expect(fake.last).toMatchObject({ method: 'GET', path: '/openapi/v1.0/system/get_menuoptions' });
    expect(fake.last.query).toEqual({ menu: 'queue_agent', id: '3', access_token: 'test-token' });
    expect(result.data).toEqual(agents);
  });

  it('menuOptions answers an empty list when the PBX leaves data out', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    expect((await clientOn(fake).system.menuOptions({ menu: 'fxs' })).data).toEqual([]);
  });

  it('menuOptions refuses an unknown menu, and queue_agent without its queue id, before sending', async () => {
    const fake = new FakePbx();
    const client = clientOn(fake);
    await expect(
      client.system.menuOptions({ menu: 'outbound_route' } as unknown as SystemMenuOptionsParams),
    ).rejects.toMatchObject({ violations: [{ field: 'menu', rule: 'enum' }] });
    await expect(
      client.system.menuOptions({ menu: 'queue_agent' } as unknown as SystemMenuOptionsParams),
    ).rejects.toMatchObject({ violations: [{ field: 'id', rule: 'required' }] });
    expect(fake.requests).toHaveLength(0);
  });

  it('menuOptions treats data that is not an array as a transport error', async () => {
    const fake = new FakePbx().reply({ body: ok({ data: { text: 'x' } }) });
    await expect(clientOn(fake).system.menuOptions({ menu: 'role' })).rejects.toMatchObject({
      code: 'transport',
    });
  });

  it('types: queue_agent needs id, other menus do not', () => {
    expectTypeOf<{ menu: 'queue_agent' }>().not.toMatchTypeOf<SystemMenuOptionsParams>();
    expectTypeOf<{ menu: 'disposition_code' }>().toMatchTypeOf<SystemMenuOptionsParams>();
  });
});
