/**
 * The sample requests of the vendor's interface document (docs/pbx/README.md), sent as raw HTTP exactly as a
 * third-party application would, and the answers the simulator gives.
 */
import { describe, expect, it } from 'vitest';
import { get, post, harnessPerFile } from './support/sim-harness.js';

const h = harnessPerFile();

const v1 = (op: string) => `/openapi/v1.0/${op}`;
const send = (op: string, body: unknown) => post(h.sim.url, v1(op), body, { access_token: h.access });
const query = (op: string, params: Record<string, string>) =>
  get(h.sim.url, v1(op), { ...params, access_token: h.access });

/** A number rule's body, allow_numbers and block_numbers alike. */
const numberRule = (name: string, limit_type: string, number_list: string) => ({
  name,
  limit_type,
  number_list,
});
/** A message queue's body with members picked by extension id. */
const messageQueue = (name: string, assignment_mode: string, extensionIds: number[]) => ({
  name,
  assignment_mode,
  members: extensionIds.map((extension_id) => ({ extension_id })),
});

const IVR_SAMPLE = {
  number: '6301',
  name: 'Sales IVR',
  prompt: 'welcome.wav',
  prompt_repeat: 3,
  resp_timeout: 3,
  digit_timeout: 3,
  dial_ext_option: 'allow',
  dial_ext_list: [
    { value: '1', type: 'extension' },
    { value: '2', type: 'ext_group' },
  ],
  enb_dial_call_number: 1,
  dial_call_number_list: [{ value: '1', type: 'queue' }],
  enb_dial_outb_routes: 1,
  dial_outb_route_list: [{ text: 'Local', value: '1' }],
  press0_dest: 'extension',
  press0_dest_prefix: '',
  press0_dest_value: '1001',
  allow_out_record0: 0,
  press1_dest: 'play_greeting',
  press1_dest_prefix: '2',
  press1_dest_value: 'promo.wav',
  press2_dest: 'external_num',
  press2_dest_prefix: '9',
  press2_dest_value: '5551234',
  timeout_dest: 'play_prompt',
  timeout_dest_prefix: '1',
  timeout_dest_value: 'bye.wav',
  allow_out_record_timeout: 1,
  invalid_dest: 'extension',
  invalid_dest_prefix: '',
  invalid_dest_value: '1001',
  allow_out_record_invaild: 1,
};

describe('spec sample requests', () => {
  it('ivr/create with the sample spelling allow_out_record_invaild creates an IVR and answers its id', async () => {
    const { status, body } = await send('ivr/create', IVR_SAMPLE);
    expect(status).toBe(200);
    expect(body).toEqual({ errcode: 0, errmsg: 'SUCCESS', id: 3 });
  });

  it('ivr/create names the sample spelling when its value is wrong', async () => {
    const { body } = await send('ivr/create', {
      ...IVR_SAMPLE,
      number: '6399',
      name: 'Other',
      allow_out_record_invaild: 7,
    });
    expect(body['invalid_param_list']).toEqual([
      { field: 'allow_out_record_invaild', validation_type: 'enum', value: '7' },
    ]);
    const table = await send('ivr/create', {
      ...IVR_SAMPLE,
      number: '6399',
      name: 'Other',
      allow_out_record_invaild: undefined,
      allow_out_record_invalid: 7,
    });
    expect(table.body['invalid_param_list']).toEqual([
      { field: 'allow_out_record_invalid', validation_type: 'enum', value: '7' },
    ]);
  });

  it('ivr/create answers 40003 with duplicate_field_list for a taken number or name', async () => {
    const again = await send('ivr/create', { ...IVR_SAMPLE });
    expect(again.body).toMatchObject({ errcode: 40003, errmsg: 'DUPLICATE KEY VALUE' });
    expect(again.body['duplicate_field_list']).toEqual([
      { field: 'number', value: '6301', external_source: 'ivr', external_source_name: 'Sales IVR' },
      { field: 'name', value: 'Sales IVR', external_source: 'ivr', external_source_name: 'Sales IVR' },
    ]);
    expect(typeof again.body['submsg']).toBe('string');
    const extension = await send('ivr/create', { ...IVR_SAMPLE, number: '1003', name: 'Clash' });
    expect(extension.body['duplicate_field_list']).toEqual([
      { field: 'number', value: '1003', external_source: 'extension', external_source_name: 'Agent 3' },
    ]);
  });

  it('company_contact/query with the sample spelling id answers those contacts, numbers from the traffic callers', async () => {
    const { body } = await query('company_contact/query', { id: '1,2,999' });
    expect(body['errcode']).toBe(0);
    const data = body['data'] as Record<string, unknown>[];
    expect(data.map((c) => c['id'])).toEqual([1, 2]);
    expect(data[0]).toMatchObject({
      phonebook_list: expect.any(Array),
      number_list: [{ num_type: expect.any(String), number: '5553000100' }],
    });
    const byIds = await query('company_contact/query', { ids: '2' });
    expect((byIds.body['data'] as unknown[])[0]).toEqual(data[1]);
    const bad = await query('company_contact/query', { id: 'one' });
    expect(bad.body['invalid_param_list']).toEqual([
      { field: 'id', validation_type: 'format', value: 'one' },
    ]);
  });

  it('allow_numbers/create then allow_numbers/query answers the rules asked for, unknown ids left out', async () => {
    const created = await send('allow_numbers/create', numberRule('Partners', 'both', '5551234&5555678'));
    expect(created.body).toEqual({ errcode: 0, errmsg: 'SUCCESS', id: 4 });
    const { body } = await query('allow_numbers/query', { ids: '4,1,99' });
    expect(body['data']).toEqual([
      { id: 4, name: 'Partners', limit_type: 'both', number_list: '5551234&5555678' },
      { id: 1, name: 'VIP customers', limit_type: 'inbound', number_list: '5550100&5550101' },
    ]);
    const duplicate = await send('allow_numbers/create', numberRule('Partners', 'inbound', '1'));
    expect(duplicate.body['duplicate_field_list']).toEqual([
      {
        field: 'name',
        value: 'Partners',
        external_source: 'allow_numbers',
        external_source_name: 'Partners',
      },
    ]);
    const badList = await send('allow_numbers/create', numberRule('X', 'both', '555 1234,5'));
    expect(badList.body['invalid_param_list']).toEqual([
      { field: 'number_list', validation_type: 'format', value: '555 1234,5' },
    ]);
  });

  it('block_numbers/create adds a rule; a taken name is 40003', async () => {
    const created = await send('block_numbers/create', numberRule('Robocalls', 'inbound', '5550000&5550001'));
    expect(created.body).toEqual({ errcode: 0, errmsg: 'SUCCESS', id: 3 });
    const taken = await send('block_numbers/create', numberRule('Known spam', 'inbound', '1'));
    expect(taken.body['errcode']).toBe(40003);
  });

  it('pin_list/create adds a list; a taken name is 40003; PINs must be digits', async () => {
    const created = await send('pin_list/create', {
      name: 'Night shift',
      pin_list: '1111,2222',
      enb_record_cdr: 1,
    });
    expect(created.body).toEqual({ errcode: 0, errmsg: 'SUCCESS', id: 4 });
    expect((await send('pin_list/create', { name: 'Night shift', pin_list: '3333' })).body['errcode']).toBe(
      40003,
    );
    const bad = await send('pin_list/create', { name: 'Bad', pin_list: '12a4' });
    expect(bad.body['invalid_param_list']).toEqual([
      { field: 'pin_list', validation_type: 'format', value: '12a4' },
    ]);
  });

  it('phone/batchcreate then phone/batchupdate swapping MACs and extensions', async () => {
    const created = await send('phone/batchcreate', {
      vendor: 'Yealink',
      model: 'T54W',
      phone_list: [
        { mac: '80:5E:C0:11:22:33', ext_id: 1 },
        { mac: '80:5E:C0:11:22:34', ext_id: 2 },
      ],
      template_name: 'Yealink_T54W_default',
      provisioning_method: 'rps',
    });
    expect(created.body).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
    const updated = await send('phone/batchupdate', {
      // Phones 1-4 are seeded: these two are 5 and 6.
      batch_id_list: [5, 6],
      phone_list: [
        { id: 5, mac: '80:5E:C0:11:22:34', ext_id: 3 },
        { id: 6, mac: '80:5E:C0:11:22:33', ext_id: 4 },
      ],
    });
    expect(updated.body).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
  });

  it('phone/batchcreate refuses a MAC already provisioned (any separator style), unknown extensions and templates', async () => {
    const base = {
      vendor: 'Yealink',
      model: 'T54W',
      template_name: 'Yealink_T54W_default',
      provisioning_method: 'rps',
    };
    /** A batchcreate of `phone_list` on the base vendor, model and template, with `extra` fields. */
    const batch = (phone_list: { mac: string; ext_id: number }[], extra: Record<string, string> = {}) =>
      send('phone/batchcreate', { ...base, phone_list, ...extra });
    const template = await batch([{ mac: '80:5E:C0:00:00:02', ext_id: 1 }], { template_name: 't' });
    expect(template.body).toMatchObject({
      errcode: 40002,
      invalid_param_list: [{ field: 'template_name', validation_type: 'not_exist', value: 't' }],
    });
    const dup = await batch([{ mac: '805ec0112233', ext_id: 5 }]);
    expect(dup.body['errcode']).toBe(40003);
    expect(dup.body['duplicate_field_list']).toEqual([
      {
        field: 'phone_list[0].mac',
        value: '805ec0112233',
        external_source: 'phone',
        external_source_name: 'T54W 80:5E:C0:11:22:33',
      },
    ]);
    const unknown = await batch([{ mac: '80:5E:C0:00:00:01', ext_id: 99 }]);
    expect(unknown.body).toMatchObject({
      errcode: 40002,
      invalid_param_list: [{ field: 'phone_list[0].ext_id', validation_type: 'not_exist', value: '99' }],
    });
    const proxy = await batch([{ mac: '80:5E:C0:00:00:01', ext_id: 1 }], { onsite_proxy_uuid: 'u' });
    expect(proxy.body['invalid_param_list']).toEqual([
      { field: 'onsite_proxy_uuid', validation_type: 'unknown', value: 'u' },
    ]);
    const update = await send('phone/batchupdate', {
      batch_id_list: [1, 77],
      phone_list: [{ id: 1, mac: '80:5E:C0:00:00:09', ext_id: 1 }],
    });
    expect(update.body['invalid_param_list']).toEqual([
      { field: 'batch_id_list[1]', validation_type: 'not_exist', value: '77' },
    ]);
  });

  it('message_queue/create adds a queue of existing extensions', async () => {
    const created = await send('message_queue/create', messageQueue('Chat team', 'auto', [1, 2]));
    expect(created.body).toEqual({ errcode: 0, errmsg: 'SUCCESS', id: 3 });
    const dup = await send('message_queue/create', messageQueue('Chat team', 'none', [1]));
    expect(dup.body['errcode']).toBe(40003);
    const unknown = await send('message_queue/create', messageQueue('Ghosts', 'manual', [42]));
    expect(unknown.body['invalid_param_list']).toEqual([
      { field: 'members[0].extension_id', validation_type: 'not_exist', value: '42' },
    ]);
  });

  it('call/accept_inbound with the channel id from 30016 answers the call_id', async () => {
    const held = await post(
      h.sim.url,
      '/sim/inbound-calls',
      { from: '5503301', to: '5550001', trunk_name: 'carrier-a' },
      {},
    );
    const accepted = await send('call/accept_inbound', { channel_id: held.body['channel_id'] });
    expect(accepted.body).toEqual({ errcode: 0, errmsg: 'SUCCESS', call_id: held.body['call_id'] });
  });

  it('uacsta_call/refuse and conference/kick_member sample bodies pass the shared rules; malformed ones do not', async () => {
    expect(
      (
        await send('uacsta_call/refuse', {
          extension: '2000',
          call_id: '32789',
          ip_address: '192.168.28.2:5060',
        })
      ).body['errcode'],
    ).toBe(0);
    const badIp = await send('uacsta_call/refuse', {
      extension: '2000',
      call_id: '32789',
      ip_address: '192.168.28.2',
    });
    expect(badIp.body['invalid_param_list']).toEqual([
      { field: 'ip_address', validation_type: 'format', value: '192.168.28.2' },
    ]);
    expect(
      (await send('conference/kick_member', { member_channel_id: 'PJSIP/1003-00000021', number: '6901' }))
        .body['errcode'],
    ).toBe(0);
    const badIds = await send('conference/kick_member', { member_channel_id: 'a, b c', number: '6901' });
    expect(badIds.body['errcode']).toBe(40002);
  });
});
