import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallNoteGetParams, CallNoteUpdateParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';
import { CALL_NOTE } from '../../test/support/samples.js';

// What get and update send, refuse and never retry: record-requests.spec.ts, refusals.spec.ts and
// client.spec.ts.
describe('CallNoteResource', () => {
  it('types: both ids required, text or number', () => {
    expectTypeOf<CallNoteGetParams>().toEqualTypeOf<{ id: string | number; group_id: string | number }>();
  });

  it("update sends the guide example's in-call as in_call", async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const sample = { id: CALL_NOTE.id, group_id: CALL_NOTE.group_id, remark: 'x', update_entry: 'in-call' };
    await clientOn(fake).callNote.update(sample as unknown as CallNoteUpdateParams);
    expect(fake.last.body).toMatchObject({ update_entry: 'in_call' });
  });

  it('update needs group_id for in_call and queue_agent but not for cdr, and checks the code list', async () => {
    const fake = new FakePbx().otherwise({ body: ok({}) });
    const client = clientOn(fake);
    const noGroup = { id: CALL_NOTE.id, update_entry: 'queue_agent' } as unknown as CallNoteUpdateParams;
    await expect(client.callNote.update(noGroup)).rejects.toMatchObject({
      violations: [{ field: 'group_id', rule: 'required' }],
    });
    await expect(
      client.callNote.update({ id: CALL_NOTE.id, update_entry: 'cdr', disposition_code_ids: '1;2' }),
    ).rejects.toMatchObject({ violations: [{ field: 'disposition_code_ids', rule: 'format' }] });
    expect(fake.requests).toHaveLength(0);
    await client.callNote.update({ id: CALL_NOTE.id, update_entry: 'cdr', remark: 'from the call log' });
    expect(fake.requests).toHaveLength(1);
  });

  it('types: group_id is required for in_call and queue_agent only', () => {
    expectTypeOf<{ id: string; update_entry: 'in_call' }>().not.toMatchTypeOf<CallNoteUpdateParams>();
    expectTypeOf<{ id: string; update_entry: 'cdr' }>().toMatchTypeOf<CallNoteUpdateParams>();
  });
});
