import { describe, expect, it } from 'vitest';
import { auditedKind, operationKind } from './operation-kind.js';

describe('the kind of an admin operation', () => {
  it('names each operation’s kind: creates, updates and deletes by action, reads by being safe to repeat', () => {
    expect(operationKind('phone/batchcreate', { idempotent: false })).toBe('create');
    expect(operationKind('phone/batchupdate', { idempotent: false })).toBe('update');
    expect(operationKind('block_numbers/delete', { idempotent: false })).toBe('delete');
    expect(operationKind('phone/batchdelete', { idempotent: false })).toBe('delete');
    expect(operationKind('block_numbers/list', { idempotent: true })).toBe('read');
    expect(operationKind('call/hangup', { idempotent: false })).toBe('control');
  });

  it('audits every change and control, and the reads that hand out call content', () => {
    expect(auditedKind('ivr/create', 'create')).toBe(true);
    expect(auditedKind('call/hangup', 'control')).toBe(true);
    expect(auditedKind('cdr/aidownload', 'read')).toBe(true);
    expect(auditedKind('ivr/list', 'read')).toBe(false);
  });
});
