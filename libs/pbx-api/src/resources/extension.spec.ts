import { describe, expect, it } from 'vitest';
import type { ExtensionBasicInfo, ExtensionStatusMonitor } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const row: ExtensionBasicInfo = {
  id: 12,
  number: '2001',
  caller_id_name: 'Ann Lee',
  presence_status: 'available',
  custom_presence_status: '',
  online_status: {
    sip_phone: { ext_dev_type: 'sip', status_list: [{ status: 1, ip: '192.168.10.2' }] },
    linkus_desktop: { status: 0, ext_dev_type: 'linkusdesktop' },
    linkus_mobile: { status: 1, ext_dev_type: 'linkusmobile' },
    linkus_web: { status: 0, ext_dev_type: 'linkusweb' },
  },
  role_name: 'Agent',
  email_addr: '',
  mobile_number: '',
};

describe('ExtensionResource', () => {
  it('list sends GET v1.0 extension/list and returns rows with their online status', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 1, data: [row] }) });
    const result = await clientOn(fake).extension.list({ page: 1, page_size: 100, sort_by: 'number' });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/extension/list',
      query: { page: '1', page_size: '100', sort_by: 'number' },
    });
    expect(result.data).toEqual([row]);
  });

  it('search sends GET v1.0 extension/search with the list parameters and the keyword', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 1, data: [row] }) });
    const result = await clientOn(fake).extension.search({ search_value: 'Ann', page_size: 10 });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/extension/search',
      query: { search_value: 'Ann', page_size: '10', access_token: 'test-token' },
    });
    expect(result.total_number).toBe(1);
  });

  it('search refuses an unknown sort field before sending', async () => {
    const fake = new FakePbx();
    await expect(clientOn(fake).extension.search({ sort_by: 'role_name' as never })).rejects.toMatchObject({
      violations: [{ field: 'sort_by', rule: 'enum' }],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('get sends the id, query the ids; both return the settings as the PBX sends them', async () => {
    const details = { id: 12, number: '2001', caller_id_name: 'Ann Lee', first_name: 'Ann' };
    const fake = new FakePbx()
      .reply({ body: ok({ data: details }) })
      .reply({ body: ok({ data: [details] }) });
    const pbx = clientOn(fake);
    expect((await pbx.extension.get({ id: 12 })).data).toEqual(details);
    expect(fake.last).toMatchObject({ path: '/openapi/v1.0/extension/get', query: { id: '12' } });
    expect((await pbx.extension.query({ ids: '12,13' })).data).toEqual([details]);
    expect(fake.last).toMatchObject({ path: '/openapi/v1.0/extension/query', query: { ids: '12,13' } });
  });

  it('get and query refuse a bad id before sending', async () => {
    const fake = new FakePbx();
    const pbx = clientOn(fake);
    await expect(pbx.extension.get({ id: 0 })).rejects.toMatchObject({
      violations: [{ field: 'id', rule: 'range' }],
    });
    await expect(pbx.extension.query({ ids: '12;13' })).rejects.toMatchObject({
      violations: [{ field: 'ids', rule: 'format' }],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('statusMonitors sends GET v1.0 extension_status_monitor/list with only the token', async () => {
    const monitor: ExtensionStatusMonitor = {
      ext_id: 12,
      number: '2001',
      name: 'Ann Lee',
      enb_register_status: 1,
      enb_call_status: 1,
      enb_presence_status: 0,
    };
    const fake = new FakePbx().reply({ body: ok({ data: [monitor] }) });
    const result = await clientOn(fake).extension.statusMonitors();
    expect(fake.last).toMatchObject({ method: 'GET', path: '/openapi/v1.0/extension_status_monitor/list' });
    expect(fake.last.query).toEqual({ access_token: 'test-token' });
    expect(result.data).toEqual([monitor]);
  });

  it('statusMonitors treats data that is not an array as a transport error', async () => {
    const fake = new FakePbx().reply({ body: ok({ data: {} }) });
    await expect(clientOn(fake).extension.statusMonitors()).rejects.toMatchObject({ code: 'transport' });
  });
});
