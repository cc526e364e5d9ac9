import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallNote, CallNoteGetParams, CallNoteUpdateParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const note: CallNote = {
  id: '20250306093306-5E6B3',
  group_id: '1741224782.220',
  disposition_code_list: [{ id: 1, name: 'Sale', description: 'Closed a sale' }],
  remark: 'call back Monday',
  agent_name: 'Ann Lee',
  registration_time: 1741224800,
  update_entry: 'in_call',
};

describe('CallNoteResource', () => {
  it('get sends GET v1.0 callnotes/get with the text ids of event 30028 and returns current and history', async () => {
    const fake = new FakePbx().reply({ body: ok({ history: [{ ...note, remark: 'old' }], current: note }) });
    const result = await clientOn(fake).callNote.get({ id: note.id, group_id: note.group_id });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/callnotes/get',
      query: { id: note.id, group_id: note.group_id, access_token: 'test-token' },
    });
    expect(result.current).toEqual(note);
    expect(result.history[0]?.remark).toBe('old');
  });

  it('get accepts numeric ids too', async () => {
    const fake = new FakePbx().reply({ body: ok({ history: [], current: note }) });
    await clientOn(fake).callNote.get({ id: 17, group_id: 3 });
    expect(fake.last.query).toMatchObject({ id: '17', group_id: '3' });
  });

  it('get rejects a missing group_id or an empty id before sending', async () => {
    const fake = new FakePbx();
    const bad = { id: '' } as unknown as CallNoteGetParams;
    await expect(clientOn(fake).callNote.get(bad)).rejects.toMatchObject({
      violations: [
        { field: 'id', rule: 'type' },
        { field: 'group_id', rule: 'required' },
      ],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('get treats a history that is not an array as a transport error', async () => {
    const fake = new FakePbx().reply({ body: ok({ history: 'x', current: note }) });
    await expect(clientOn(fake).callNote.get({ id: 1, group_id: 1 })).rejects.toMatchObject({
      code: 'transport',
    });
  });

  it('types: both ids required, text or number', () => {
    expectTypeOf<CallNoteGetParams>().toEqualTypeOf<{ id: string | number; group_id: string | number }>();
  });

  it('update POSTs JSON to callnotes/update and is not retried after a transport failure', async () => {
    const fake = new FakePbx().reply({ status: 503, body: '' });
    const params: CallNoteUpdateParams = {
      id: note.id,
      group_id: note.group_id,
      disposition_code_ids: '1,3',
      remark: 'called back',
      update_entry: 'queue_agent',
    };
    await expect(clientOn(fake, { retries: 2 }).callNote.update(params)).rejects.toMatchObject({
      code: 'transport',
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.last).toMatchObject({ method: 'POST', path: '/openapi/v1.0/callnotes/update', body: params });
    expect(fake.last.query).toEqual({ access_token: 'test-token' });
  });

  it("update sends the guide example's in-call as in_call", async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const sample = { id: note.id, group_id: note.group_id, remark: 'x', update_entry: 'in-call' };
    await clientOn(fake).callNote.update(sample as unknown as CallNoteUpdateParams);
    expect(fake.last.body).toMatchObject({ update_entry: 'in_call' });
  });

  it('update needs group_id for in_call and queue_agent but not for cdr, and checks the code list', async () => {
    const fake = new FakePbx().otherwise({ body: ok({}) });
    const client = clientOn(fake);
    const noGroup = { id: note.id, update_entry: 'queue_agent' } as unknown as CallNoteUpdateParams;
    await expect(client.callNote.update(noGroup)).rejects.toMatchObject({
      violations: [{ field: 'group_id', rule: 'required' }],
    });
    await expect(
      client.callNote.update({ id: note.id, update_entry: 'cdr', disposition_code_ids: '1;2' }),
    ).rejects.toMatchObject({ violations: [{ field: 'disposition_code_ids', rule: 'format' }] });
    expect(fake.requests).toHaveLength(0);
    await client.callNote.update({ id: note.id, update_entry: 'cdr', remark: 'from the call log' });
    expect(fake.requests).toHaveLength(1);
  });

  it('types: group_id is required for in_call and queue_agent only', () => {
    expectTypeOf<{ id: string; update_entry: 'in_call' }>().not.toMatchTypeOf<CallNoteUpdateParams>();
    expectTypeOf<{ id: string; update_entry: 'cdr' }>().toMatchTypeOf<CallNoteUpdateParams>();
  });
});
