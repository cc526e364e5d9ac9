/**
 * Contract: libs/pbx-api's configuration operations against the running simulator — system/information,
 * ivr/create, phone/batchcreate + batchupdate, queue_pause_reason/update, message_queue/create,
 * allow_numbers/create + query, block_numbers/create + list + delete and pin_list/create: each happy path checked against the
 * simulator's state, a PBX error, and the shared checks (same validation both sides, wrong token, renewal).
 */
import { PBX_ERRCODE, PbxTimeFormat, type PbxClient } from '@switchboard/pbx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/sim-harness.js';
import {
  expectPbxError,
  invalidAsSent,
  itHonoursTheContract,
  itReportsPbxFailure,
} from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';
import { contractIvr } from './support/ivr-fixture.js';

// Generated traffic is on, but a manual clock moves it only when a test advances time.
const { ctx, get } = contractSuite({ trafficRate: 1 }, { manualClock: true });

let serial = 0;
/** A number unique within this file, so repeated valid calls never collide. */
const next = () => ++serial;

const extensionIds = () => ctx.sim.control.world().extensions.map((e) => e.id);

describe('system/information', () => {
  it('reports the serial number, the clock and display formats the client reads back to the same instant', async () => {
    const { data } = await ctx.client.system.information();
    expect(data.sn).toBe(ctx.sim.config.sn);
    expect(data.timestamp).toBe(Math.floor((ctx.clock?.now() ?? 0) / 1000));
    const format = PbxTimeFormat.fromSystemInformation(data, ctx.sim.config.timeZone);
    expect(format.parse(data.system_time).getTime() / 1000).toBe(data.timestamp);
  });

  itReportsPbxFailure(
    get,
    'system/information',
    (client) => client.system.information(),
    'a PBX failure is a PbxApiError with its errcode',
  );

  itHonoursTheContract(get, 'system/information', { valid: (client) => client.system.information() });
});

const ivr = contractIvr;

describe('ivr/create', () => {
  it('answers the new id; the number and name are taken from then on (40003)', async () => {
    const created = await ctx.client.ivr.create(ivr(90));
    expect(created).toEqual({ errcode: 0, errmsg: 'SUCCESS', id: expect.any(Number) });
    const again = await expectPbxError(ctx.client.ivr.create(ivr(90)), PBX_ERRCODE.DUPLICATE_KEY_VALUE);
    expect(again.errmsg).toBe('DUPLICATE KEY VALUE');
    const next = await ctx.client.ivr.create(ivr(91));
    expect(next.id).toBe(created.id + 1);
  });

  it('a number an extension already uses is 40003', async () => {
    const extension = ctx.sim.control.world().extensions[0];
    const error = await expectPbxError(
      ctx.client.ivr.create({ ...ivr(92), number: extension?.number ?? '' }),
      PBX_ERRCODE.DUPLICATE_KEY_VALUE,
    );
    expect(error.duplicateFieldList).toEqual([
      {
        field: 'number',
        value: extension?.number,
        external_source: 'extension',
        external_source_name: extension?.name,
      },
    ]);
  });

  it('takes an IVR without direct dialling, and one where callers may dial any extension, with no list', async () => {
    for (const [n, option] of [
      [94, 'disable'],
      [95, 'all'],
    ] as const) {
      const { dial_ext_list: _list, ...rest } = ivr(n);
      const { id } = await ctx.client.ivr.create({ ...rest, dial_ext_option: option });
      const { data } = await ctx.client.ivr.get({ id });
      expect(data).toMatchObject({ number: String(6300 + n), dial_ext_option: option });
    }
    // `allow` and `restrict` still need their list, on the wire too.
    const { dial_ext_list: _list, ...noList } = ivr(96);
    const answer = await ctx.raw('ivr/create', { ...noList, dial_ext_option: 'allow' });
    expect(answer).toMatchObject({
      errcode: PBX_ERRCODE.PARAMETER_ERROR,
      invalid_param_list: [{ field: 'dial_ext_list', validation_type: 'required' }],
    });
  });

  itHonoursTheContract(get, 'ivr/create', {
    valid: (client) => client.ivr.create(ivr(next())),
    invalid: invalidAsSent({ ...ivr(93), prompt_repeat: 9 }, 'prompt_repeat', (client, input) =>
      client.ivr.create(input),
    ),
  });
});

const mac = (n: number) =>
  `80:5E:C0:AB:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 0xff).toString(16).padStart(2, '0')}`.toUpperCase();
const phones = (macs: string[]) => ({
  vendor: 'Yealink',
  model: 'T54W',
  template_name: 'Yealink_T54W_default',
  provisioning_method: 'rps' as const,
  phone_list: macs.map((m, i) => ({ mac: m, ext_id: extensionIds()[i] ?? 1 })),
});

describe('phone/batchcreate and phone/batchupdate', () => {
  // The first phones created on a fresh simulator get ids 5 and 6 (ids follow creation order; 1-4 are seeded).
  const [first, second, spare] = [mac(1), mac(2), mac(3)];
  beforeAll(async () => {
    await ctx.client.phone.batchCreate(phones([first, second]));
  });

  it('batchcreate provisions the phones: their MACs are taken from then on, in any spelling (40003)', async () => {
    expect(await ctx.client.phone.batchCreate(phones([mac(10), mac(11)]))).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
    });
    const taken = await expectPbxError(
      ctx.client.phone.batchCreate(phones([mac(11).replace(/:/g, '-').toLowerCase()])),
      PBX_ERRCODE.DUPLICATE_KEY_VALUE,
    );
    expect(taken.operation).toBe('phone/batchcreate');
  });

  it('batchcreate for an extension that does not exist names it (40002 not_exist)', async () => {
    const error = await expectPbxError(
      ctx.client.phone.batchCreate({ ...phones([mac(12)]), phone_list: [{ mac: mac(12), ext_id: 9_999 }] }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(error.invalidParamList).toEqual([
      { field: 'phone_list[0].ext_id', validation_type: 'not_exist', value: '9999' },
    ]);
  });

  it('batchupdate moves a phone to a new MAC: the old one is free again, the new one taken', async () => {
    const [ext1 = 1, ext2 = 2] = extensionIds().slice(2);
    expect(
      await ctx.client.phone.batchUpdate({
        batch_id_list: [5, 6],
        phone_list: [
          { id: 5, mac: spare, ext_id: ext1 },
          { id: 6, mac: second, ext_id: ext2 },
        ],
      }),
    ).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
    await expectPbxError(ctx.client.phone.batchCreate(phones([spare])), PBX_ERRCODE.DUPLICATE_KEY_VALUE);
    expect((await ctx.client.phone.batchCreate(phones([first]))).errcode).toBe(0);
  });

  it('batchupdate of a phone id that does not exist names it (40002 not_exist)', async () => {
    const error = await expectPbxError(
      ctx.client.phone.batchUpdate({
        batch_id_list: [5, 777],
        phone_list: [{ id: 5, mac: spare, ext_id: 1 }],
      }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(error.invalidParamList).toEqual([
      { field: 'batch_id_list[1]', validation_type: 'not_exist', value: '777' },
    ]);
  });

  itHonoursTheContract(get, 'phone/batchcreate', {
    valid: (client) => client.phone.batchCreate(phones([mac(100 + next())])),
    invalid: {
      call: (client) => client.phone.batchCreate(phones(['not-a-mac'])),
      wire: () => phones(['not-a-mac']),
      field: 'phone_list[0].mac',
    },
  });

  itHonoursTheContract(get, 'phone/batchupdate', {
    valid: (client) =>
      client.phone.batchUpdate({ batch_id_list: [6], phone_list: [{ id: 6, mac: second, ext_id: 1 }] }),
    invalid: invalidAsSent(
      { batch_id_list: [6], phone_list: [{ id: 0, mac: second, ext_id: 1 }] },
      'phone_list[0].id',
      (client, input) => client.phone.batchUpdate(input),
    ),
  });
});

describe('queue_pause_reason/update', () => {
  const coaching = { code: '*790', reason: 'Contract coaching' };

  it('replaces the whole list: agents taking a break from then on pick only the new reasons', async () => {
    expect(await ctx.client.queuePauseReason.update({ pause_reason_list: [coaching] })).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
    });
    const queueId = ctx.sim.control.world().queues?.[0]?.id ?? 1;
    const reasons = new Set<string>();
    // Agents take a break every 150 simulated minutes on average; a few simulated hours show several.
    await waitFor(
      async () => {
        ctx.clock?.advance(5 * 60_000);
        const { data } = await ctx.client.queue.agentStatus({ id: queueId });
        for (const agent of data)
          if (agent.is_pause === 1 && agent.pause_reason) reasons.add(agent.pause_reason);
        return reasons.has(coaching.reason);
      },
      'an agent on a break with the new reason',
      10_000,
    );
    for (const old of ['Lunch', 'Break', 'Training', 'Meeting']) expect(reasons.has(old)).toBe(false);
  });

  it('a code or reason listed twice is 40003', async () => {
    await expectPbxError(
      ctx.client.queuePauseReason.update({ pause_reason_list: [coaching, { ...coaching, reason: 'Other' }] }),
      PBX_ERRCODE.DUPLICATE_KEY_VALUE,
    );
  });

  itHonoursTheContract(get, 'queue_pause_reason/update', {
    valid: (client) => client.queuePauseReason.update({ pause_reason_list: [coaching] }),
    invalid: invalidAsSent(
      { pause_reason_list: [{ code: '*791', reason: '' }] },
      'pause_reason_list[0].reason',
      (client, input) => client.queuePauseReason.update(input),
    ),
  });
});

describe('message_queue/create', () => {
  const queue = (name: string) => ({
    name,
    assignment_mode: 'auto' as const,
    members: extensionIds()
      .slice(0, 2)
      .map((id) => ({ extension_id: id })),
  });

  it('answers the new id; the name is taken from then on (40003)', async () => {
    const created = await ctx.client.messageQueue.create(queue('Contract chat'));
    expect(created).toEqual({ errcode: 0, errmsg: 'SUCCESS', id: expect.any(Number) });
    await expectPbxError(
      ctx.client.messageQueue.create(queue('Contract chat')),
      PBX_ERRCODE.DUPLICATE_KEY_VALUE,
    );
  });

  it('a member that is no extension is named (40002 not_exist)', async () => {
    const error = await expectPbxError(
      ctx.client.messageQueue.create({ ...queue('Ghosts'), members: [{ extension_id: 9_999 }] }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(error.invalidParamList[0]).toMatchObject({
      field: 'members[0].extension_id',
      validation_type: 'not_exist',
    });
  });

  itHonoursTheContract(get, 'message_queue/create', {
    valid: (client) => client.messageQueue.create(queue(`Contract chat ${next()}`)),
    invalid: {
      call: (client) =>
        client.messageQueue.create({ ...queue('Bad mode'), assignment_mode: 'random' as never }),
      wire: () => ({ ...queue('Bad mode'), assignment_mode: 'random' }),
      field: 'assignment_mode',
    },
  });
});

describe('allow_numbers/create and allow_numbers/query', () => {
  it('create answers the new id and query finds the rule as created', async () => {
    const rule = { name: 'Contract partners', limit_type: 'both' as const, number_list: '5551234&5555678' };
    const { id } = await ctx.client.allowNumbers.create(rule);
    const { data } = await ctx.client.allowNumbers.query({ ids: `${id},99999` });
    expect(data).toEqual([{ id, ...rule }]);
  });

  it('a name already used is 40003 naming the field, the value and the rule that has it', async () => {
    const error = await expectPbxError(
      ctx.client.allowNumbers.create({ name: 'Contract partners', limit_type: 'inbound', number_list: '1' }),
      PBX_ERRCODE.DUPLICATE_KEY_VALUE,
    );
    expect(error.duplicateFieldList).toEqual([
      {
        field: 'name',
        value: 'Contract partners',
        external_source: 'allow_numbers',
        external_source_name: 'Contract partners',
      },
    ]);
  });

  it('takes numbers and dial patterns, and refuses anything else in the list with 40002 naming number_list', async () => {
    const rule = {
      name: 'Contract patterns',
      limit_type: 'both' as const,
      number_list: '+4420123&9011.&+[13-5]XZN!',
    };
    const { id } = await ctx.client.allowNumbers.create(rule);
    expect((await ctx.client.allowNumbers.query({ ids: String(id) })).data).toEqual([{ id, ...rule }]);
    for (const numbers of ['5550100&abc-not-a-number', '*99#', '555-0100']) {
      const answer = await ctx.raw('allow_numbers/create', {
        name: 'Bad',
        limit_type: 'both',
        number_list: numbers,
      });
      expect(answer, numbers).toMatchObject({
        errcode: PBX_ERRCODE.PARAMETER_ERROR,
        errmsg: 'PARAMETER ERROR',
        invalid_param_list: [{ field: 'number_list', validation_type: 'format', value: numbers }],
      });
    }
  });

  itReportsPbxFailure(
    get,
    'allow_numbers/query',
    (client) => client.allowNumbers.query({ ids: '1' }),
    'query: a PBX failure is a PbxApiError with its errcode',
  );

  itHonoursTheContract(get, 'allow_numbers/create', {
    valid: (client) =>
      client.allowNumbers.create({
        name: `Allowed ${next()}`,
        limit_type: 'inbound',
        number_list: '5550100',
      }),
    invalid: invalidAsSent(
      { name: 'Spaces', limit_type: 'both', number_list: '555 1234' },
      'number_list',
      (client, input) => client.allowNumbers.create(input),
    ),
  });

  itHonoursTheContract(get, 'allow_numbers/query', {
    valid: (client) => client.allowNumbers.query({ ids: '1' }),
    invalid: invalidAsSent({ ids: 'one' }, 'ids', (client, input) => client.allowNumbers.query(input)),
  });
});

describe('block_numbers/create', () => {
  it('answers the new id; the name is taken from then on (40003)', async () => {
    const rule = { name: 'Contract spam', limit_type: 'inbound' as const, number_list: '5550000&5550001' };
    expect(await ctx.client.blockNumbers.create(rule)).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
      id: expect.any(Number),
    });
    await expectPbxError(ctx.client.blockNumbers.create(rule), PBX_ERRCODE.DUPLICATE_KEY_VALUE);
  });

  itHonoursTheContract(get, 'block_numbers/create', {
    valid: (client) =>
      client.blockNumbers.create({
        name: `Blocked ${next()}`,
        limit_type: 'outbound',
        number_list: '5550002',
      }),
    invalid: invalidAsSent(
      { name: 'Sideways', limit_type: 'sideways', number_list: '1' },
      'limit_type',
      (client, input) => client.blockNumbers.create(input),
    ),
  });
});

describe('block_numbers/list and block_numbers/delete', () => {
  it('lists the rules; delete removes exactly one, and deleting it again is 40004', async () => {
    const created = await ctx.client.blockNumbers.create({
      name: `Undo ${next()}`,
      limit_type: 'inbound',
      number_list: '5550999',
    });
    const before = await ctx.client.blockNumbers.list({ page_size: 1000 });
    expect(before.total_number).toBe(before.data.length);
    expect(before.data).toContainEqual(expect.objectContaining({ id: created.id, number_list: '5550999' }));
    expect(await ctx.client.blockNumbers.delete({ id: created.id })).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
    });
    const after = await ctx.client.blockNumbers.list({ page_size: 1000 });
    expect(after.data.map((r) => r.id)).toEqual(
      before.data.map((r) => r.id).filter((id) => id !== created.id),
    );
    await expectPbxError(ctx.client.blockNumbers.delete({ id: created.id }), PBX_ERRCODE.NOT_FOUND);
  });

  it('pages and sorts by id or name', async () => {
    const desc = await ctx.client.blockNumbers.list({ sort_by: 'id', order_by: 'desc' });
    const ids = desc.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page = await ctx.client.blockNumbers.list({ page: 1, page_size: 1, sort_by: 'name' });
    expect(page.data).toHaveLength(1);
    expect(page.total_number).toBe(desc.total_number);
  });

  itHonoursTheContract(get, 'block_numbers/list', {
    valid: (client) => client.blockNumbers.list(),
    invalid: invalidAsSent({ sort_by: 'size' }, 'sort_by', (client, input) =>
      client.blockNumbers.list(input),
    ),
  });

  itHonoursTheContract(get, 'block_numbers/delete', {
    valid: async (client) => {
      const { id } = await client.blockNumbers.create({
        name: `Gone ${next()}`,
        limit_type: 'inbound',
        number_list: '5550998',
      });
      return client.blockNumbers.delete({ id });
    },
    invalid: invalidAsSent({ id: 0 }, 'id', (client, input) => client.blockNumbers.delete(input)),
  });
});

describe('pin_list/create', () => {
  it('answers the new id; the name is taken from then on (40003)', async () => {
    const list = { name: 'Contract managers', pin_list: '1111,2222', enb_record_cdr: 1 as const };
    expect(await ctx.client.pinList.create(list)).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
      id: expect.any(Number),
    });
    await expectPbxError(
      ctx.client.pinList.create({ ...list, pin_list: '3333' }),
      PBX_ERRCODE.DUPLICATE_KEY_VALUE,
    );
  });

  itHonoursTheContract(get, 'pin_list/create', {
    valid: (client: PbxClient) => client.pinList.create({ name: `PINs ${next()}`, pin_list: '4444' }),
    invalid: invalidAsSent({ name: 'Letters', pin_list: '12a4' }, 'pin_list', (client, input) =>
      client.pinList.create(input),
    ),
  });
});
