/**
 * Contract: the configuration reads of libs/pbx-api against the running simulator — IP phones (phone/search,
 * phone/get, phone/batchdelete, phone/batchreprovision, auto_provisioning/compatibility), company contacts
 * (company_contact/list and search, the flatter shape), message channels (message_channel/search and
 * getlivechat), message sessions (message_session/list, search and query with the cursor) and their messages
 * (message/get, message/query): each checked
 * against the simulator's state, PBX errors, and the shared checks (same validation both sides, wrong token,
 * renewal).
 */
import { PBX_ERRCODE, PROVISIONING_METHODS, type PbxClient } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { expectPbxError, invalidAsSent, itHonoursTheContract } from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';

const { ctx, get } = contractSuite({ trafficRate: 1 }, { manualClock: true });

let serial = 0;
const mac = (n: number) =>
  `80:5E:C0:CC:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`.toUpperCase();
const extension = (index: number) =>
  ctx.sim.control.world().extensions[index] ?? { id: 1, number: '1001', name: '' };

/** Provisions one new phone on the extension at `index` and answers its id (found by its MAC). */
async function newPhone(client: PbxClient, index = 5): Promise<number> {
  const address = mac(++serial);
  await client.phone.batchCreate({
    vendor: 'Yealink',
    model: 'T46U',
    template_name: 'Yealink_T46U_default',
    provisioning_method: 'rps',
    phone_list: [{ mac: address, ext_id: extension(index).id }],
  });
  const found = await client.phone.search({ search_value: address });
  return found.data[0]?.id ?? 0;
}

/**
 * The ids of a cursor-paged read, page after page until an empty one or `pages` pages: `read` gets the cursor
 * its page starts after (none for the first) and answers the page's ids and the cursor of its last row.
 */
async function cursorPages(
  pages: number,
  read: (cursor: number | undefined) => Promise<{ ids: number[]; next: number | undefined }>,
): Promise<number[]> {
  const ids: number[] = [];
  let cursor: number | undefined;
  for (let page = 0; page < pages; page++) {
    const { ids: onPage, next } = await read(cursor);
    if (onPage.length === 0) break;
    ids.push(...onPage);
    cursor = next;
  }
  return ids;
}

describe('IP phones', () => {
  it('search lists every phone with no keyword, and finds one by MAC in any spelling or by extension', async () => {
    const all = await ctx.client.phone.search({ page_size: 100 });
    expect(all.total_number).toBeGreaterThanOrEqual(4);
    expect(all.data[0]).toEqual({
      id: 1,
      mac: '805EC0A10001',
      vendor: 'Yealink',
      model: 'T54W',
      template_name: 'Yealink_T54W_default',
      ip: '',
      firmware: expect.any(String),
      assigned_ext_status: 'Registered',
      assigned_ext_num: extension(0).number,
      assigned_ext_name: extension(0).name,
    });
    expect((await ctx.client.phone.search({ search_value: '80:5e:c0:a1:00:02' })).data).toEqual([]);
    expect((await ctx.client.phone.search({ search_value: '805ec0a10002' })).data.map((p) => p.id)).toEqual([
      2,
    ]);
    expect(
      (await ctx.client.phone.search({ search_value: extension(2).number })).data.map((p) => p.id),
    ).toContain(3);
    const byModel = await ctx.client.phone.search({ sort_by: 'model', order_by: 'desc', page_size: 100 });
    const models = byModel.data.map((p) => p.model);
    expect(models).toEqual([...models].sort().reverse());
  });

  it('a created phone is found, unregistered, and get shows its provisioning as an object', async () => {
    const id = await newPhone(ctx.client, 5);
    const [row] = (await ctx.client.phone.search({ search_value: mac(serial) })).data;
    expect(row).toMatchObject({
      id,
      model: 'T46U',
      assigned_ext_status: 'Unregistered',
      assigned_ext_num: extension(5).number,
    });
    const { data } = await ctx.client.phone.get({ id });
    expect(data).toEqual({
      id,
      mac: mac(serial),
      vendor: 'Yealink',
      model: 'T46U',
      template_name: 'Yealink_T46U_default',
      provisioning_method: 'rps',
      provisioning_link: expect.stringMatching(/^http:\/\/.+\/api\/autoprovision\/[0-9A-Fa-f]{16}$/),
      enb_rps_auth: 0,
      assigned_extension: String(extension(5).id),
    });
    expect(Array.isArray((await ctx.raw('phone/get', { id }))['data'])).toBe(false);
  });

  it('batchdelete removes the phones: get is 40004 and the MAC is free again; unknown ids are 40002 naming them', async () => {
    const [a, b] = [await newPhone(ctx.client), await newPhone(ctx.client)];
    const freed = mac(serial);
    expect(await ctx.client.phone.batchDelete({ batch_id_list: [a, b] })).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
    });
    const gone = await expectPbxError(ctx.client.phone.get({ id: b }), PBX_ERRCODE.NOT_FOUND);
    expect(gone.invalidParamList[0]).toMatchObject({ field: 'id', value: String(b) });
    const again = await expectPbxError(
      ctx.client.phone.batchDelete({ batch_id_list: [1, a] }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(again.invalidParamList).toEqual([
      { field: 'batch_id_list[1]', validation_type: 'not_exist', value: String(a) },
    ]);
    expect((await ctx.client.phone.search({ search_value: '805EC0A10001' })).data).toHaveLength(1);
    const reused = await ctx.client.phone.batchCreate({
      vendor: 'Yealink',
      model: 'T46U',
      template_name: 'Yealink_T46U_default',
      provisioning_method: 'rps',
      phone_list: [{ mac: freed, ext_id: 1 }],
    });
    expect(reused.errcode).toBe(0);
  });

  it('batchreprovision takes existing phones only', async () => {
    expect(await ctx.client.phone.batchReprovision({ batch_id_list: [1, 2] })).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
    });
    const error = await expectPbxError(
      ctx.client.phone.batchReprovision({ batch_id_list: [9_999] }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(error.invalidParamList[0]).toMatchObject({
      field: 'batch_id_list[0]',
      validation_type: 'not_exist',
    });
  });

  it('compatibility lists vendors, a vendor’s models, a model’s templates and the methods batchcreate takes', async () => {
    const vendors = (await ctx.client.phone.options({ menu: 'phone_vendor' })).data;
    expect(vendors).toContainEqual({ text: 'Yealink', value: 'Yealink', type: 'Deskphone' });
    expect(vendors).toContainEqual({ text: 'Alcatel-Lucent Enterprise', value: 'Ale', type: 'Deskphone' });
    const models = (await ctx.client.phone.options({ menu: 'phone_model', vendor: 'Yealink' })).data;
    expect(models.map((m) => m.value)).toEqual(expect.arrayContaining(['T54W', 'T46U', 'SIP-CP960']));
    const templates = (await ctx.client.phone.options({ menu: 'phone_template', model: 'SIP-CP960' })).data;
    expect(templates.map((t) => t.value)).toEqual(['YSDP_YealinkCP']);
    const methods = (
      await ctx.client.phone.options({ menu: 'autop_method', vendor: 'Yealink', model: 'T54W' })
    ).data;
    expect(methods.map((m) => m.value)).toEqual([...PROVISIONING_METHODS]);
    expect(methods[0]?.text).toMatch(/^http:\/\//);
    const unknown = await expectPbxError(
      ctx.client.phone.options({ menu: 'phone_model', vendor: 'Nokia' }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(unknown.invalidParamList[0]).toMatchObject({ field: 'vendor', validation_type: 'not_exist' });
    const wrongTemplate = await expectPbxError(
      ctx.client.phone.batchCreate({
        vendor: 'Yealink',
        model: 'T46U',
        template_name: 'YSDP_YealinkCP',
        provisioning_method: 'rps',
        phone_list: [{ mac: mac(900), ext_id: 1 }],
      }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(wrongTemplate.invalidParamList[0]).toMatchObject({ field: 'template_name' });
  });

  itHonoursTheContract(get, 'phone/search', {
    valid: (client) => client.phone.search(),
    invalid: invalidAsSent({ sort_by: 'mac' }, 'sort_by', (client, input) => client.phone.search(input)),
  });
  itHonoursTheContract(get, 'phone/get', {
    valid: (client) => client.phone.get({ id: 1 }),
    invalid: invalidAsSent({ id: 0 }, 'id', (client, input) => client.phone.get(input)),
  });
  itHonoursTheContract(get, 'phone/batchdelete', {
    valid: async (client) => client.phone.batchDelete({ batch_id_list: [await newPhone(ctx.client)] }),
    invalid: invalidAsSent({ batch_id_list: [0] }, 'batch_id_list[0]', (client, input) =>
      client.phone.batchDelete(input),
    ),
  });
  itHonoursTheContract(get, 'phone/batchreprovision', {
    valid: (client) => client.phone.batchReprovision({ batch_id_list: [1] }),
    invalid: invalidAsSent({ batch_id_list: [] }, 'batch_id_list', (client, input) =>
      client.phone.batchReprovision(input),
    ),
  });
  itHonoursTheContract(get, 'auto_provisioning/compatibility', {
    valid: (client) => client.phone.options({ menu: 'phone_vendor' }),
    invalid: invalidAsSent({ menu: 'autop_method', vendor: 'Yealink' }, 'model', (client, input) =>
      client.phone.options(input),
    ),
  });
});

describe('company contacts: list and search', () => {
  it('list shows every contact in the flatter shape: the name joined, numbers as named fields', async () => {
    const listed = await ctx.client.companyContact.list();
    expect(listed.total_number).toBe(listed.data.length);
    expect(listed.total_number).toBeGreaterThan(0);
    const first = listed.data[0];
    const {
      data: [full],
    } = await ctx.client.companyContact.query({ ids: String(first?.id) });
    expect(first).toMatchObject({
      id: full?.id,
      contact_name: `${full?.first_name} ${full?.last_name}`,
      company: full?.company,
    });
    const number = full?.number_list?.[0];
    expect(first?.[number?.num_type === 'business_number' ? 'business' : 'mobile']).toBe(number?.number);
    expect(first).not.toHaveProperty('number_list');
  });

  it('search finds a contact by a caller’s number or name; sorting and paging follow the query', async () => {
    const [contact] = (await ctx.client.companyContact.list({ page: 1, page_size: 1 })).data;
    const number = contact?.business ?? contact?.mobile ?? '';
    const found = await ctx.client.companyContact.search({ search_value: number });
    expect(found.data.map((c) => c.id)).toContain(contact?.id);
    expect((await ctx.client.companyContact.search({ search_value: 'nobody-at-all' })).data).toEqual([]);
    const sorted = await ctx.client.companyContact.list({ sort_by: 'contact_name', order_by: 'desc' });
    const names = sorted.data.map((c) => c.contact_name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
  });

  itHonoursTheContract(get, 'company_contact/list', {
    valid: (client) => client.companyContact.list({ page_size: 5 }),
    invalid: invalidAsSent({ page_size: 10_001 }, 'page_size', (client, input) =>
      client.companyContact.list(input),
    ),
  });
  itHonoursTheContract(get, 'company_contact/search', {
    valid: (client) => client.companyContact.search({ search_value: 'a' }),
    invalid: invalidAsSent({ sort_by: 'city' }, 'sort_by', (client, input) =>
      client.companyContact.search(input),
    ),
  });
});

describe('message channels: search and live chat', () => {
  it('search finds channels by name, provider or number, with counters for the period; blank finds all', async () => {
    const found = await ctx.client.messageChannel.search({
      page: 1,
      page_size: 10,
      time_range: 'all',
      search_value: 'whatsapp',
    });
    expect(found.list).toEqual([
      expect.objectContaining({
        id: 4,
        status: 'status_connect_fail',
        reason: 'reason_unauthorized',
        sent: 0,
      }),
    ]);
    const byNumber = await ctx.client.messageChannel.search({
      page: 1,
      page_size: 10,
      time_range: 'all',
      search_value: '5551002',
    });
    expect(byNumber.list.map((c) => c.id)).toEqual([2]);
    const all = await ctx.client.messageChannel.search({
      page: 1,
      page_size: 10,
      time_range: 'last_30_days',
    });
    const listed = await ctx.client.messageChannel.list({
      page: 1,
      page_size: 10,
      time_range: 'last_30_days',
    });
    expect(all).toEqual(listed);
    expect(new Set(all.list.map((c) => c.status))).toEqual(
      new Set(['status_connect_succ', 'status_connect_fail', 'status_sub_invalid']),
    );
  });

  it('getlivechat answers a live chat channel; other channels and unknown ids are 40004', async () => {
    const { data } = await ctx.client.messageChannel.getLiveChat({ id: 3 });
    expect(data).toMatchObject({
      id: 3,
      type: 'livechat',
      channel: 'livechat',
      website_domain: 'www.example.com',
      communication_method: 2,
    });
    await expectPbxError(ctx.client.messageChannel.getLiveChat({ id: 1 }), PBX_ERRCODE.NOT_FOUND);
    await expectPbxError(ctx.client.messageChannel.getLiveChat({ id: 99 }), PBX_ERRCODE.NOT_FOUND);
  });

  it('get shows routing rules to an extension and to a message queue, and the provider credentials as the PBX sends them', async () => {
    const { data } = await ctx.client.messageChannel.get({ id: 2 });
    expect(data.dids.map((d) => d.destination_type)).toEqual(['extension', 'queue']);
    expect(data.dids[1]).toMatchObject({
      destination_name: 'PreSales Consult Queue',
      members: [expect.objectContaining({ value: '1' }), expect.objectContaining({ value: '2' })],
    });
    expect(data.account_data.map((entry) => entry.k)).toEqual(['username', 'password']);
    expect(data.account_data[1]?.v).toMatch(/^[0-9a-f]{32}$/);
  });

  it('the routing rule names the message queue as it is now, and that queue cannot be deleted (40002 in_use)', async () => {
    await ctx.client.messageQueue.update({ id: 1, name: 'Presales chat' });
    try {
      const { data } = await ctx.client.messageChannel.get({ id: 2 });
      expect(data.dids[1]).toMatchObject({ destination_type: 'queue', destination_name: 'Presales chat' });
      const error = await expectPbxError(
        ctx.client.messageQueue.delete({ id: 1 }),
        PBX_ERRCODE.PARAMETER_ERROR,
      );
      expect(error.invalidParamList[0]).toMatchObject({ field: 'id', validation_type: 'in_use' });
      expect((await ctx.client.messageQueue.get({ id: 1 })).data.name).toBe('Presales chat');
    } finally {
      await ctx.client.messageQueue.update({ id: 1, name: 'PreSales Consult Queue' });
    }
  });

  itHonoursTheContract(get, 'message_channel/search', {
    valid: (client) => client.messageChannel.search({ page: 1, page_size: 5, time_range: 'today' }),
    invalid: invalidAsSent({ page: 1, page_size: 5, time_range: 'week' }, 'time_range', (client, input) =>
      client.messageChannel.search(input),
    ),
  });
  itHonoursTheContract(get, 'message_channel/getlivechat', {
    valid: (client) => client.messageChannel.getLiveChat({ id: 3 }),
    invalid: invalidAsSent({ id: 0 }, 'id', (client, input) => client.messageChannel.getLiveChat(input)),
  });
});

describe('message sessions: list, search and query', () => {
  it('list pages newest first by cursor: every non-campaign session once, rows under list', async () => {
    const seen = await cursorPages(10, async (cursor) => {
      const { list } = await ctx.client.messageSession.list({
        page_size: 6,
        user_type: 9,
        ...(cursor !== undefined ? { first_msg_id: cursor } : {}),
      });
      return { ids: list.map((s) => s.id), next: list.at(-1)?.last_msg_id };
    });
    expect(seen).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const campaign = await ctx.client.messageSession.list({
      page_size: 50,
      user_type: 9,
      collection: 'campaign',
    });
    expect(campaign.list.map((s) => s.id)).toEqual([20, 10]);
    const raw = await ctx.raw('message_session/list', { page_size: 1, user_type: 9 });
    expect(raw['list']).toEqual([
      expect.objectContaining({
        id: 19,
        type: expect.any(String),
        is_close: 0,
        is_archived: 0,
        to: expect.any(Object),
        expire: expect.any(Number),
      }),
    ]);
  });

  it('filters: an extension user sees the sessions offered to it or picked up by it; closed and unpicked ones', async () => {
    const agent = extension(0).number;
    const mine = await ctx.client.messageSession.list({
      page_size: 50,
      user_type: 1,
      user_no: agent,
      collection: 'all',
    });
    expect(mine.list.length).toBeGreaterThan(0);
    for (const session of mine.list) {
      const { list: detail } = await ctx.client.messageSession.get({ id: session.id });
      const offered = (detail.participants ?? []).some((p) => p.user_no === agent);
      expect(offered || session.id % 3 !== 0).toBe(true);
    }
    const closed = await ctx.client.messageSession.list({
      page_size: 50,
      user_type: 9,
      is_closed: 1,
      collection: 'all',
    });
    expect(closed.list.map((s) => s.id)).toEqual([20, 16, 12, 8, 4]);
    const waiting = await ctx.client.messageSession.list({
      page_size: 50,
      user_type: 9,
      is_pickup: 2,
      collection: 'all',
    });
    expect(waiting.list.map((s) => s.id)).toEqual([18, 15, 12, 9, 6, 3]);
  });

  it('search matches the customer or channel; query answers sessions in detail, unknown ids left out', async () => {
    const {
      list: [first],
    } = await ctx.client.messageSession.list({ page_size: 1, user_type: 9 });
    const name = first?.to.username ?? '';
    const found = await ctx.client.messageSession.search({
      page_size: 50,
      user_type: 9,
      search_value: name.toLowerCase(),
    });
    expect(found.list.map((s) => s.id)).toContain(first?.id);
    expect(
      found.list.every(
        (s) => s.to.username === name || s.channel_name.toLowerCase().includes(name.toLowerCase()),
      ),
    ).toBe(true);
    const queried = await ctx.client.messageSession.query({ ids: '2,1,99' });
    expect(queried.list.map((s) => s.id)).toEqual([2, 1]);
    expect(queried.list[0]).toEqual((await ctx.client.messageSession.get({ id: 2 })).list);
  });

  itHonoursTheContract(get, 'message_session/list', {
    valid: (client) => client.messageSession.list({ page_size: 5, user_type: 9 }),
    invalid: invalidAsSent({ page_size: 5, user_type: 1 }, 'user_no', (client, input) =>
      client.messageSession.list(input),
    ),
  });
  itHonoursTheContract(get, 'message_session/search', {
    valid: (client) => client.messageSession.search({ page_size: 5, user_type: 9, search_value: 'a' }),
    invalid: invalidAsSent({ page_size: 5, user_type: 9, is_closed: 3 }, 'is_closed', (client, input) =>
      client.messageSession.search(input),
    ),
  });
  itHonoursTheContract(get, 'message_session/query', {
    valid: (client) => client.messageSession.query({ ids: '1' }),
    invalid: invalidAsSent({ ids: '1;2' }, 'ids', (client, input) => client.messageSession.query(input)),
  });
});

describe('messages of a session: message/get and message/query', () => {
  it('message/get pages a session’s messages newest first, older ones by last_msg_id, down to the first', async () => {
    const { list } = await ctx.client.messageSession.list({ page_size: 50, user_type: 9, collection: 'all' });
    const session = list.find((s) => s.id === 7);
    const ids = await cursorPages(5, async (before) => {
      const { data } = await ctx.client.messageSession.messages({
        page_size: 2,
        id: 7,
        ...(before !== undefined ? { last_msg_id: before } : {}),
      });
      expect(data.session_id).toBe(7);
      return { ids: data.records.map((r) => r.msg_id), next: data.records.at(-1)?.msg_id };
    });
    expect(ids).toEqual([74, 73, 72, 71, 70]);
    expect(ids[0]).toBe(session?.last_msg_id);
    const { data } = await ctx.client.messageSession.messages({ page_size: 10, id: 7 });
    expect(data.records.at(-1)).toMatchObject({ msg_type: 0, sender: { user_type: 2 }, msg_files: '[]' });
    expect(data.records.at(-2)).toMatchObject({ msg_type: 5, sender: { user_type: 1 } });
  });

  it('every record has the fields of the guide’s example record, the sender with an avatar', async () => {
    const answer = await ctx.raw('message/get', { page_size: 10, id: 7 });
    const records = (answer['data'] as { records: Record<string, unknown>[] }).records;
    expect(records.length).toBeGreaterThan(1);
    for (const record of records) {
      expect(record).toMatchObject({ send_error_msg: '', tag: '', whatsapp_msg_param: '' });
      expect(record['sender']).toMatchObject({ avatar: '' });
    }
  });

  it('a session waiting in a queue shows the transfer; a failed send carries its error', async () => {
    const waiting = (await ctx.client.messageSession.messages({ page_size: 10, id: 3 })).data.records;
    const transfer = waiting.find((r) => r.msg_type === 6);
    expect(JSON.parse(transfer?.param ?? '{}')).toEqual({
      queue_id: 1,
      queue_name: 'PreSales Consult Queue',
    });
    const failing = (await ctx.client.messageSession.messages({ page_size: 10, id: 14 })).data.records;
    expect(failing).toContainEqual(expect.objectContaining({ delivery_status: 2, send_error: 'send_fail' }));
    const error = await expectPbxError(
      ctx.client.messageSession.messages({ page_size: 10, id: 99 }),
      PBX_ERRCODE.NOT_FOUND,
    );
    expect(error.invalidParamList[0]).toMatchObject({ field: 'id', value: '99' });
  });

  it('message/query answers the latest page of each session asked for, unknown ids left out', async () => {
    const { data } = await ctx.client.messageSession.queryMessages({ page_size: 1, ids: '7,99,3' });
    expect(data.map((m) => [m.session_id, m.records.map((r) => r.msg_id)])).toEqual([
      [7, [74]],
      [3, [35]],
    ]);
  });

  itHonoursTheContract(get, 'message/get', {
    valid: (client) => client.messageSession.messages({ page_size: 5, id: 1 }),
    invalid: invalidAsSent({ page_size: 5, id: 1, last_msg_id: 0 }, 'last_msg_id', (client, input) =>
      client.messageSession.messages(input),
    ),
  });
  itHonoursTheContract(get, 'message/query', {
    valid: (client) => client.messageSession.queryMessages({ page_size: 5, ids: '1,2' }),
    invalid: invalidAsSent({ page_size: 0, ids: '1' }, 'page_size', (client, input) =>
      client.messageSession.queryMessages(input),
    ),
  });
});
