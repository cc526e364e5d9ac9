import type { CdrRecord } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { lastCallOf, withLastCall } from './call-history.js';

const record: CdrRecord = {
  record_id: '100001',
  timestamp: 1_795_000_000,
  disposition: 'NO ANSWER',
  call_note: {
    id: 'n1',
    group_id: 'g',
    disposition_code_list: [],
    remark: '  call back after 5 ',
    agent_name: 'Ana',
    registration_time: 1,
    update_entry: 'in_call',
  },
};

describe('the held-call prompt’s last call', () => {
  it('says when, how it ended, the note remark and the AI summary', () => {
    expect(lastCallOf(record, { callId: '1795000000-100001', summary: ' Asked about an invoice. ' })).toEqual(
      {
        at: 1_795_000_000_000,
        status: 'not answered',
        summary: 'Asked about an invoice.',
        noteRemark: 'call back after 5',
        callId: '1795000000-100001',
      },
    );
    expect(lastCallOf({ ...record, call_note: null }, { summary: '' })).toEqual({
      at: 1_795_000_000_000,
      status: 'not answered',
      summary: null,
      noteRemark: null,
    });
    expect(lastCallOf({ record_id: 'x' }, { summary: null })).toBeUndefined();
  });

  it('merges into the context without touching the rest, and leaves it as it was without one', () => {
    const context = { contactName: 'Ann', company: null, callsToday: 2, lastOutcome: 'answered' };
    const lastCall = { at: 1, status: 'answered', summary: null, noteRemark: null };
    expect(withLastCall(context, lastCall)).toEqual({ ...context, lastCall });
    expect(withLastCall(context, undefined)).toBe(context);
  });
});
