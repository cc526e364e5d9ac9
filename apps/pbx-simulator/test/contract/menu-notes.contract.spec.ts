/**
 * Contract: system/get_menuoptions (every documented menu, read from the simulator's world and resources) and
 * callnotes/update (a new revision in both documented request forms, announced by 30028), against a simulator
 * seeded with a day of noted history calls.
 */
import { PBX_ERRCODE, type CdrRecord, type MenuOption } from '@switchboard/pbx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { get as httpGet, token, WsClient } from '../support/sim-harness.js';
import {
  expectPbxError,
  invalidAsSent,
  itHonoursTheContract,
  type ContractSim,
} from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';

const { ctx, get, world } = contractSuite({ history: 40 });
let noted: CdrRecord[];
beforeAll(async () => {
  noted = (await ctx.client.cdr.search({ page_size: 10_000 })).data.filter((c) => c.call_note_id);
});

const menu = async (name: Parameters<ContractSim['client']['system']['menuOptions']>[0]) =>
  (await ctx.client.system.menuOptions(name)).data;
const ids = (options: MenuOption[]) => options.map((o) => o.value);

describe('system/get_menuoptions', () => {
  it('extension, queue, trunk and conference list the world by id (as text) and name; trunks carry their type', async () => {
    expect(await menu({ menu: 'extension' })).toEqual(
      world().extensions.map((e) => ({ text: e.name, value: String(e.id), type: '' })),
    );
    expect(await menu({ menu: 'queue' })).toEqual(
      (world().queues ?? []).map((q) => ({ text: q.name, value: String(q.id), type: '' })),
    );
    expect(await menu({ menu: 'trunk' })).toEqual(
      world().trunks.map((t) => ({ text: t.name, value: String(t.id), type: t.type })),
    );
    const rooms = world().conferences ?? [];
    expect(rooms.length).toBeGreaterThan(0);
    expect(ids(await menu({ menu: 'conference' }))).toEqual(rooms.map((r) => String(r.id)));
  });

  it('queue_agent lists the agents of queue id; an unknown queue is 40004', async () => {
    const queue = (world().queues ?? [])[0];
    if (!queue?.agentNumbers) throw new Error('the scenario has no queue with agents');
    const agents = await menu({ menu: 'queue_agent', id: queue.id });
    const byId = new Map(world().extensions.map((e) => [String(e.id), e]));
    expect(agents.map((a) => byId.get(a.value)?.number)).toEqual(queue.agentNumbers);
    expect(agents.every((a) => byId.get(a.value)?.name === a.text)).toBe(true);
    await expectPbxError(
      ctx.client.system.menuOptions({ menu: 'queue_agent', id: 999 }),
      PBX_ERRCODE.NOT_FOUND,
    );
  });

  it('disposition_code is the list call notes take their codes from', async () => {
    const codes = await menu({ menu: 'disposition_code' });
    expect(codes.length).toBeGreaterThanOrEqual(3);
    const known = new Map(codes.map((c) => [c.value, c.text]));
    const used = noted.flatMap((c) => c.call_note?.disposition_code_list ?? []);
    expect(used.length).toBeGreaterThan(0);
    for (const code of used) expect(known.get(String(code.id))).toBe(code.name);
  });

  it('trunk_did_id lists every DID of the inbound routes; org_list carries sub-organisations in item', async () => {
    const dids = await menu({ menu: 'trunk_did_id' });
    expect(dids.map((d) => d.text)).toEqual(world().inboundRoutes.flatMap((r) => r.did_patterns));
    expect(new Set(ids(dids)).size).toBe(dids.length);
    const [org] = await menu({ menu: 'org_list' });
    expect(org?.item?.length).toBeGreaterThan(0);
    expect((await menu({ menu: 'extension' })).every((o) => o.item === undefined)).toBe(true);
  });

  it("every other menu answers a list of options; the older guide's IVR answers what ivr does", async () => {
    for (const name of [
      'fxs',
      'ext_group',
      'role',
      'phonebook',
      'group_vm',
      'call_flow',
      'ring_group',
      'pinset',
      'system_prompt',
      'custom_prompt',
      'paging_custom_prompt',
      'message_channel',
      'message_queue',
    ] as const) {
      const options = await menu({ menu: name });
      for (const option of options) {
        expect(option, name).toEqual({
          text: expect.any(String),
          value: expect.stringMatching(/^\d+$/),
          type: expect.any(String),
        });
      }
    }
    expect((await menu({ menu: 'role' })).map((r) => r.text)).toContain('Supervisor');
    expect(await menu({ menu: 'IVR' })).toEqual(await menu({ menu: 'ivr' }));
  });

  it('an IVR, a PIN list and a message queue created through the interface appear in their menus', async () => {
    const extension = world().extensions[0];
    if (!extension) throw new Error('no extension');
    const ivr = await ctx.client.ivr.create({
      number: '6299',
      name: 'Menu Contract IVR',
      prompt: 'default',
      prompt_repeat: 1,
      resp_timeout: 3,
      digit_timeout: 3,
      dial_ext_option: 'allow',
      dial_ext_list: [{ value: String(extension.id), type: 'extension' }],
    });
    await ctx.client.pinList.create({ name: 'Menu Contract PINs', pin_list: '4321' });
    await ctx.client.messageQueue.create({
      name: 'Menu Contract Queue',
      assignment_mode: 'auto',
      members: [{ extension_id: extension.id }],
    });
    expect(await menu({ menu: 'ivr' })).toContainEqual({
      text: 'Menu Contract IVR',
      value: String(ivr.id),
      type: '',
    });
    expect((await menu({ menu: 'pinset' })).map((o) => o.text)).toContain('Menu Contract PINs');
    expect((await menu({ menu: 'message_queue' })).map((o) => o.text)).toContain('Menu Contract Queue');
  });

  itHonoursTheContract(get, 'system/get_menuoptions', {
    valid: (client) => client.system.menuOptions({ menu: 'disposition_code' }),
    invalid: invalidAsSent({ menu: 'queue_agent' }, 'id', (client, input) =>
      client.system.menuOptions(input),
    ),
  });
});

describe('callnotes/update', () => {
  const target = (index: number) => {
    const cdr = noted[index];
    if (!cdr?.call_note_id || !cdr.call_id) throw new Error(`no noted CDR #${index}`);
    return { id: cdr.call_note_id, group_id: cdr.call_id, cdr };
  };

  it('adds a revision: the old current goes to history, codes and remark change, 30028 announces it', async () => {
    const { id, group_id, cdr } = target(0);
    const before = await ctx.client.callNote.get({ id, group_id });
    const ws = await WsClient.open(ctx.sim, await token(ctx.sim));
    try {
      await ws.ask('{"topic_list":[30028]}');
      const announced = ws.next((m) => m.includes(id), '30028 for the updated note');
      await ctx.client.callNote.update({
        id,
        group_id,
        disposition_code_ids: '2,5',
        remark: 'Customer called back, issue solved',
        update_entry: 'queue_agent',
      });
      const frame = JSON.parse(await announced) as { type: number; msg: string };
      expect(frame.type).toBe(30028);
      expect(JSON.parse(frame.msg)).toEqual({
        display: 1,
        trigger_call_note_popup: 1,
        sip_call_id: expect.stringMatching(/^[0-9A-F]{8}\.[0-9A-F]{24}$/i),
        call_note_id: id,
        group_id,
        ext_num: expect.any(String),
        channel: expect.stringMatching(/^PJSIP\//),
      });
      // A second change is announced by the very same frame: clients key on the note's ids.
      const again = ws.next((m) => m.includes(id), 'second 30028');
      await ctx.client.callNote.update({ id, group_id, remark: 'Closed', update_entry: 'queue_agent' });
      expect(await again).toBe(await announced);
    } finally {
      ws.close();
    }

    const after = await ctx.client.callNote.get({ id, group_id });
    expect(after.history).toEqual([
      ...before.history,
      before.current,
      expect.objectContaining({ remark: 'Customer called back, issue solved' }),
    ]);
    expect(after.current).toMatchObject({
      id,
      group_id,
      remark: 'Closed',
      update_entry: 'queue_agent',
      agent_name: before.current.agent_name,
      disposition_code_list: [
        { id: 2, name: expect.any(String), description: expect.any(String) },
        { id: 5, name: expect.any(String), description: expect.any(String) },
      ],
    });
    expect(after.current.registration_time).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    // The call record and its filters see the current note.
    const found = await ctx.client.cdr.search({ call_note_remark: 'Closed', disposition_code_list: '5' });
    expect(found.data.map((c) => c.call_id)).toContain(cdr.call_id);
  });

  it("takes the guide's other form too: GET with a query and update_entry in-call", async () => {
    const { id, group_id } = target(1);
    const answer = await httpGet(ctx.sim.url, '/openapi/v1.0/callnotes/update', {
      id,
      group_id,
      remark: 'from the GET form',
      update_entry: 'in-call',
      access_token: await token(ctx.sim),
    });
    expect(answer.body).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
    expect((await ctx.client.callNote.get({ id, group_id })).current).toMatchObject({
      remark: 'from the GET form',
      update_entry: 'in_call',
    });
  });

  it('update_entry cdr finds the note by its id alone; clearing the codes keeps the remark', async () => {
    const { id, group_id } = target(2);
    const before = (await ctx.client.callNote.get({ id, group_id })).current;
    await ctx.client.callNote.update({ id, update_entry: 'cdr', disposition_code_ids: '' });
    expect((await ctx.client.callNote.get({ id, group_id })).current).toMatchObject({
      remark: before.remark,
      disposition_code_list: [],
      update_entry: 'cdr',
    });
  });

  it('an unknown disposition code is 40002 naming disposition_code_ids; an unknown note is 40004', async () => {
    const { id, group_id } = target(3);
    const refused = await expectPbxError(
      ctx.client.callNote.update({ id, group_id, disposition_code_ids: '1,999', update_entry: 'in_call' }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(refused.invalidParamList).toEqual([
      expect.objectContaining({ field: 'disposition_code_ids', value: '999' }),
    ]);
    await expectPbxError(
      ctx.client.callNote.update({ id: 'no-such-note', group_id, update_entry: 'in_call' }),
      PBX_ERRCODE.NOT_FOUND,
    );
    await expectPbxError(
      ctx.client.callNote.update({ id, group_id: '1.1', update_entry: 'queue_agent' }),
      PBX_ERRCODE.NOT_FOUND,
    );
  });

  itHonoursTheContract(get, 'callnotes/update', {
    valid: (client) =>
      client.callNote.update({ id: target(4).id, remark: 'renewal check', update_entry: 'cdr' }),
    invalid: {
      call: (client) => client.callNote.update({ id: target(4).id, update_entry: 'in_call' } as never),
      wire: () => ({ id: target(4).id, update_entry: 'in_call' }),
      field: 'group_id',
    },
  });
});
