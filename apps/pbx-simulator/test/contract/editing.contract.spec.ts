/**
 * Contract: the read-and-edit operations of the configuration resources against the running simulator
 * (docs/pbx/configuration.md#reading-and-editing-configuration): allowlist and blocklist rules, PIN lists,
 * IVRs and message queues. Each resource goes through create -> list / search / get / query -> update ->
 * delete, with 40003 for a taken name, 40004 for unknown ids, 40002 naming a field for references to things
 * that do not exist, and the shared checks of every operation.
 */
import { PBX_ERRCODE, type PbxClient } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { expectPbxError } from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';
import { describeEditable } from './support/editable-kit.js';
import { contractIvr } from './support/ivr-fixture.js';

const { ctx, get } = contractSuite();

const ivrNumberOf = (n: number) => contractIvr(n).number;
const extensionIds = () => ctx.sim.control.world().extensions.map((e) => e.id);

const numberRule = (client: PbxClient, list: 'allowNumbers' | 'blockNumbers', n: number) => {
  const name = `Contract rule ${list} ${n}`;
  return client[list]
    .create({ name, limit_type: 'inbound', number_list: `555${n}000&555${n}001` })
    .then(({ id }) => ({ id, name }));
};

describeEditable(get, {
  resource: 'allow_numbers',
  methods: (client) => client.allowNumbers,
  rows: 'data',
  create: (client, n) => numberRule(client, 'allowNumbers', n),
  change: (id, n) => ({
    params: { id, limit_type: 'outbound', number_list: `777${n}` },
    shows: { limit_type: 'outbound', number_list: `777${n}` },
  }),
  rename: (id, name) => ({ id, name }),
});

describeEditable(get, {
  resource: 'block_numbers',
  methods: (client) => client.blockNumbers,
  rows: 'data',
  create: (client, n) => numberRule(client, 'blockNumbers', n),
  change: (id) => ({ params: { id, limit_type: 'both' }, shows: { limit_type: 'both' } }),
  rename: (id, name) => ({ id, name }),
});

describe('number rules: the wire forms of get and search', () => {
  it('get answers the rule under the examples’ key on the wire; the client returns it under data', async () => {
    const raw = await ctx.raw('block_numbers/get', { id: 1 });
    expect(raw).toMatchObject({ errcode: 0, block_number_info: { id: 1, name: 'Known spam' } });
    expect(raw['data']).toBeUndefined();
    expect(await ctx.raw('allow_numbers/get', { id: 1 })).toHaveProperty('allow_number_info.id', 1);
    const answer = await ctx.client.blockNumbers.get({ id: 1 });
    expect(answer.data).toMatchObject({ id: 1, name: 'Known spam' });
    expect(answer).not.toHaveProperty('block_number_info');
  });

  it('search finds rules by one of their numbers; an empty keyword finds them all', async () => {
    const found = await ctx.client.blockNumbers.search({ search_value: '5550667' });
    expect(found.data.map((rule) => rule.name)).toEqual(['Known spam']);
    const all = await ctx.client.blockNumbers.list();
    expect((await ctx.client.blockNumbers.search({ search_value: '' })).total_number).toBe(all.total_number);
  });
});

describeEditable(get, {
  resource: 'pin_list',
  methods: (client) => client.pinList,
  rows: 'data',
  create: async (client, n) => {
    const name = `Contract PINs ${n}`;
    const { id } = await client.pinList.create({
      name,
      pin_list: `${1000 + n},${2000 + n}`,
      enb_record_cdr: 1,
    });
    return { id, name };
  },
  change: (id) => ({
    params: { id, pin_list: '9999', enb_record_cdr: 0 },
    shows: { pin_list: '9999', enb_record_cdr: 0 },
  }),
  rename: (id, name) => ({ id, name }),
});

describe('pin_list: the example’s spelling of query', () => {
  it('pin_list/query answers the example’s `id=13,14` form as it answers `ids`', async () => {
    const byIds = await ctx.raw('pin_list/query', { ids: '1,2' });
    const byId = await ctx.raw('pin_list/query', { id: '1,2' });
    expect(byId).toEqual(byIds);
    expect((byIds['data'] as { id: number }[]).map((list) => list.id)).toEqual([1, 2]);
  });
});

describeEditable(get, {
  resource: 'ivr',
  methods: (client) => client.ivr,
  rows: 'data',
  create: async (client, n) => {
    const params = contractIvr(n);
    const { id } = await client.ivr.create(params);
    return { id, name: params.name };
  },
  change: (id) => ({
    params: {
      id,
      prompt_repeat: 4,
      press_star_dest: 'ivr',
      press_star_dest_value: '1',
      allow_out_record_invaild: 1,
    },
    shows: {
      prompt_repeat: 4,
      press_star_dest: 'ivr',
      press_star_dest_value: '1',
      allow_out_record_invalid: 1,
      press1_dest: 'extension',
    },
  }),
  rename: (id, name) => ({ id, name }),
  unknownReference: {
    call: (client, id) => client.ivr.update({ id, press3_dest: 'extension', press3_dest_value: '99999' }),
    field: 'press3_dest_value',
  },
});

describe('ivr: detail, numbers and references', () => {
  it('list shows the summary; get shows the key map, with defaults for what was never sent', async () => {
    const { data: rows } = await ctx.client.ivr.list({ sort_by: 'number' });
    expect(rows[0]).toEqual({
      id: 1,
      number: '6200',
      name: 'Main Menu',
      dial_ext_option: 'all',
      enb_dial_outb_routes: 0,
    });
    const { data } = await ctx.client.ivr.get({ id: 2 });
    expect(data).toMatchObject({
      number: '6201',
      prompt: 'closed.wav',
      prompt_repeat: 3,
      press1_dest: 'ext_vm',
      timeout_dest: 'end_call',
    });
  });

  it('an IVR another IVR’s key leads to cannot be deleted (40002 in_use); once no key does, it can', async () => {
    const target = await ctx.client.ivr.create(contractIvr(82));
    const caller = await ctx.client.ivr.create({
      ...contractIvr(83),
      press9_dest: 'ivr',
      press9_dest_value: ivrNumberOf(82),
    });
    const error = await expectPbxError(ctx.client.ivr.delete({ id: target.id }), PBX_ERRCODE.PARAMETER_ERROR);
    expect(error.invalidParamList[0]).toMatchObject({ field: 'id', validation_type: 'in_use' });
    expect((await ctx.client.ivr.get({ id: target.id })).data.id).toBe(target.id);
    await ctx.client.ivr.update({ id: caller.id, press9_dest: 'end_call' });
    expect(await ctx.client.ivr.delete({ id: target.id })).toMatchObject({ errcode: 0 });
  });

  it('update to a number an extension or another IVR has is 40003; a dial list naming no extension is 40002', async () => {
    const { id } = await ctx.client.ivr.create(contractIvr(80));
    const extension = ctx.sim.control.world().extensions[0]?.number ?? '';
    await expectPbxError(ctx.client.ivr.update({ id, number: extension }), PBX_ERRCODE.DUPLICATE_KEY_VALUE);
    await expectPbxError(ctx.client.ivr.update({ id, number: '6200' }), PBX_ERRCODE.DUPLICATE_KEY_VALUE);
    const error = await expectPbxError(
      ctx.client.ivr.create({ ...contractIvr(81), dial_ext_list: [{ value: '99999', type: 'extension' }] }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(error.invalidParamList[0]).toMatchObject({
      field: 'dial_ext_list[0].value',
      validation_type: 'not_exist',
    });
  });
});

describeEditable(get, {
  resource: 'message_queue',
  methods: (client) => client.messageQueue,
  rows: 'list',
  listParams: { page: 1, page_size: 100 },
  create: async (client, n) => {
    const name = `Contract chat ${n}`;
    const { id } = await client.messageQueue.create({
      name,
      assignment_mode: 'auto',
      members: [{ extension_id: extensionIds()[0] ?? 1 }],
    });
    return { id, name };
  },
  change: (id) => ({ params: { id, assignment_mode: 'manual' }, shows: { assignment_mode: 'manual' } }),
  rename: (id, name) => ({ id, name }),
  unknownReference: {
    call: (client, id) => client.messageQueue.update({ id, members: [{ extension_id: 99_999 }] }),
    field: 'members[0].extension_id',
  },
});

describe('message_queue: members', () => {
  it('update replaces the members: a resubmitted entry stays, a new one is added, the rest are removed', async () => {
    const [a = 1, b = 2, c = 3] = extensionIds();
    const { id } = await ctx.client.messageQueue.create({
      name: 'Contract members',
      assignment_mode: 'manual',
      members: [{ extension_id: a }, { extension_id: b }],
    });
    const before = (await ctx.client.messageQueue.get({ id })).data.members;
    const kept = before.find((m) => m.extension_id === b);
    await ctx.client.messageQueue.update({
      id,
      members: [{ id: kept?.id, extension_id: b }, { extension_id: c }],
    });
    const after = (await ctx.client.messageQueue.get({ id })).data.members;
    expect(after.map((m) => m.extension_id)).toEqual([b, c]);
    expect(after[0]?.id).toBe(kept?.id);
    const world = ctx.sim.control.world().extensions.find((e) => e.id === c);
    expect(after[1]).toMatchObject({ ext_num: world?.number, caller_id_name: world?.name });
    const error = await expectPbxError(
      ctx.client.messageQueue.update({ id, members: [{ id: 9_999, extension_id: a }] }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(error.invalidParamList[0]).toMatchObject({ field: 'members[0].id' });
  });

  it('list, search and query answer rows under `list` on the wire; list rows hold id and name only', async () => {
    const raw = await ctx.raw('message_queue/list', { page: 1, page_size: 10 });
    expect(raw['data']).toBeUndefined();
    expect((raw['list'] as unknown[])[0]).toEqual({ id: 1, name: 'PreSales Consult Queue' });
    expect((await ctx.raw('message_queue/query', { ids: '1' }))['list']).toHaveLength(1);
  });
});
