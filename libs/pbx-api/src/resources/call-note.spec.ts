import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallNote, CallNoteGetParams } from '../index.js';
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
});
