import { describe, expect, it } from 'vitest';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

describe('PIN lists, IVRs and message queues: the read-and-edit operations', () => {
  it('pin_list/list takes paging only; search also sorts', async () => {
    const fake = new FakePbx().otherwise({ body: ok({ total_number: 0, data: [] }) });
    const client = clientOn(fake);
    await expect(client.pinList.list({ sort_by: 'name' } as never)).rejects.toMatchObject({
      violations: [{ field: 'sort_by', rule: 'unknown' }],
    });
    await client.pinList.search({ sort_by: 'name', search_value: 'local' });
    expect(fake.last).toMatchObject({ query: { sort_by: 'name', search_value: 'local' } });
    expect(fake.requests).toHaveLength(1);
  });

  it('ivr/update sends the invalid-input flag under both spellings and checks create’s rules on what is sent', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const client = clientOn(fake);
    await client.ivr.update({ id: 1, allow_out_record_invaild: 1, dial_ext_option: 'disable' });
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/ivr/update',
      body: { id: 1, allow_out_record_invalid: 1, allow_out_record_invaild: 1, dial_ext_option: 'disable' },
    });
    await expect(client.ivr.update({ id: 1, prompt_repeat: 6 })).rejects.toMatchObject({
      violations: [{ field: 'prompt_repeat', rule: 'range' }],
    });
    await expect(client.ivr.update({ id: 1, dial_ext_option: 'allow' })).rejects.toMatchObject({
      violations: [{ field: 'dial_ext_list', rule: 'required' }],
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('message queue list, search and query return rows under list, also when the PBX answers data', async () => {
    const queue = { id: 3, name: 'PreSales Consult Queue' };
    const fake = new FakePbx()
      .reply({ body: ok({ total_number: 1, list: [queue] }) })
      .reply({ body: ok({ total_number: 1, data: [queue] }) })
      .reply({ body: ok({ data: [{ ...queue, members: [], assignment_mode: 'manual' }] }) });
    const client = clientOn(fake);
    expect((await client.messageQueue.list({ page: 1, page_size: 10 })).list).toEqual([queue]);
    const searched = await client.messageQueue.search({ page: 1, page_size: 10, search_value: 'Pre' });
    expect(searched.list).toEqual([queue]);
    expect(searched).not.toHaveProperty('data');
    expect((await client.messageQueue.query({ ids: '3' })).list[0]?.assignment_mode).toBe('manual');
  });

  it('message_queue/list needs page and page_size; update sends members with and without entry ids', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const client = clientOn(fake);
    await expect(client.messageQueue.list({} as never)).rejects.toMatchObject({
      violations: [
        { field: 'page', rule: 'required' },
        { field: 'page_size', rule: 'required' },
      ],
    });
    const members = [{ id: 1, extension_id: 137 }, { extension_id: 26 }];
    await client.messageQueue.update({ id: 20, members });
    expect(fake.last).toMatchObject({
      path: '/openapi/v1.0/message_queue/update',
      body: { id: 20, members },
    });
  });
});

describe('phones, contacts and messaging reads', () => {
  it('phone/get returns the phone as an object when the PBX wraps it in an array', async () => {
    const phone = { id: 75, mac: '11:55:44:66:33:22', vendor: 'Yealink', model: 'SIP-CP960' };
    const fake = new FakePbx().reply({ body: ok({ data: [phone] }) }).reply({ body: ok({ data: phone }) });
    const client = clientOn(fake);
    expect((await client.phone.get({ id: 75 })).data).toEqual(phone);
    expect((await client.phone.get({ id: 75 })).data).toEqual(phone);
    expect(fake.last).toMatchObject({ method: 'GET', path: '/openapi/v1.0/phone/get', query: { id: '75' } });
  });

  it('batchdelete and batchreprovision POST the ids and are never retried', async () => {
    const fake = new FakePbx().reply({ body: ok({}) }).reply({ status: 503, body: '' });
    const client = clientOn(fake);
    await client.phone.batchReprovision({ batch_id_list: [75, 90] });
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/phone/batchreprovision',
      body: { batch_id_list: [75, 90] },
    });
    await expect(client.phone.batchDelete({ batch_id_list: [75] })).rejects.toMatchObject({
      code: 'transport',
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('phone options: a model needs its vendor, a provisioning method both', async () => {
    const fake = new FakePbx().reply({
      body: ok({ data: [{ text: 'Yealink', value: 'Yealink', type: 'Deskphone' }] }),
    });
    const client = clientOn(fake);
    await expect(
      client.phone.options({ menu: 'autop_method', vendor: 'Yealink' } as never),
    ).rejects.toMatchObject({
      violations: [{ field: 'model', rule: 'required' }],
    });
    const vendors = await client.phone.options({ menu: 'phone_vendor' });
    expect(fake.last).toMatchObject({
      path: '/openapi/v1.0/auto_provisioning/compatibility',
      query: { menu: 'phone_vendor' },
    });
    expect(vendors.data[0]?.value).toBe('Yealink');
  });

  it('company contact list and search send paging up to 10,000 and return the flat rows', async () => {
    const row = { id: 1, contact_name: 'Ava Adams', company: 'Acme Logistics', business: '5553000100' };
    const fake = new FakePbx().otherwise({ body: ok({ total_number: 1, data: [row] }) });
    const client = clientOn(fake);
    expect((await client.companyContact.search({ search_value: '5553000100' })).data).toEqual([row]);
    expect(fake.last).toMatchObject({ path: '/openapi/v1.0/company_contact/search' });
    await expect(client.companyContact.list({ page_size: 10_001 })).rejects.toMatchObject({
      violations: [{ field: 'page_size', rule: 'range' }],
    });
  });

  it('message_channel/search and message_session list/search/query return rows under list, also from data', async () => {
    const fake = new FakePbx()
      .reply({ body: ok({ total_number: 1, data: [{ id: 4 }] }) })
      .reply({ body: ok({ data: [{ id: 9 }] }) })
      .reply({ body: ok({ list: [{ id: 8 }] }) })
      .reply({ body: ok({ data: [{ id: 2 }] }) });
    const client = clientOn(fake);
    const channels = await client.messageChannel.search({ page: 1, page_size: 5, time_range: 'today' });
    expect(channels.list).toEqual([{ id: 4 }]);
    expect((await client.messageSession.list({ page_size: 5, user_type: 9 })).list).toEqual([{ id: 9 }]);
    const searched = await client.messageSession.search({
      page_size: 5,
      user_type: 1,
      user_no: '2001',
      first_msg_id: 40,
      search_value: 'Mia',
    });
    expect(searched.list).toEqual([{ id: 8 }]);
    expect(fake.last).toMatchObject({
      path: '/openapi/v1.0/message_session/search',
      query: { page_size: '5', user_type: '1', user_no: '2001', first_msg_id: '40', search_value: 'Mia' },
    });
    expect((await client.messageSession.query({ ids: '2' })).list).toEqual([{ id: 2 }]);
  });

  it('an extension user’s sessions need its number; live chat channels are read by id', async () => {
    const fake = new FakePbx().reply({ body: ok({ data: { id: 3, type: 'livechat' } }) });
    const client = clientOn(fake);
    await expect(client.messageSession.list({ page_size: 5, user_type: 1 } as never)).rejects.toMatchObject({
      violations: [{ field: 'user_no', rule: 'required' }],
    });
    expect((await client.messageChannel.getLiveChat({ id: 3 })).data.type).toBe('livechat');
    expect(fake.last).toMatchObject({
      path: '/openapi/v1.0/message_channel/getlivechat',
      query: { id: '3' },
    });
  });

  it('messages pages older ones by last_msg_id; queryMessages asks several sessions at once', async () => {
    const page = { session_id: 7, records: [{ msg_id: 73 }] };
    const fake = new FakePbx().reply({ body: ok({ data: page }) }).reply({ body: ok({ data: [page] }) });
    const client = clientOn(fake);
    expect((await client.messageSession.messages({ page_size: 1, id: 7, last_msg_id: 74 })).data).toEqual(
      page,
    );
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/message/get',
      query: { page_size: '1', id: '7', last_msg_id: '74' },
    });
    expect((await client.messageSession.queryMessages({ page_size: 1, ids: '7' })).data).toEqual([page]);
    await expect(client.messageSession.queryMessages({ page_size: 1, ids: '7;8' })).rejects.toMatchObject({
      violations: [{ field: 'ids', rule: 'format' }],
    });
  });
});
