import { describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS } from './admin-operations.js';
import { auditSummary } from './audit-summaries.js';
import { auditedKind, operationKind } from './operation-kind.js';

const phones = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    mac: `00:1A:2B:3C:4D:${String(99 - i).padStart(2, '0')}`,
    ext_id: 130 + i,
  }));

describe('audit summaries of bulk changes and call control', () => {
  it('sums up added phones in words, naming the first few, each phone kept in the changes', () => {
    const two = auditSummary('phone/batchcreate', {
      vendor: 'Yealink',
      model: 'T46U',
      template_name: 'default',
      provisioning_method: 'pnp',
      phone_list: phones(2),
    });
    expect(two).toEqual({
      summary:
        'added 2 Yealink T46U phones: 00:1A:2B:3C:4D:99 to extension id 130, 00:1A:2B:3C:4D:98 to extension id 131',
      changes: [
        { field: 'phone 00:1A:2B:3C:4D:99', after: 'extension id 130' },
        { field: 'phone 00:1A:2B:3C:4D:98', after: 'extension id 131' },
      ],
    });
    const many = auditSummary('phone/batchcreate', { phone_list: phones(50) });
    expect(many?.summary).toBe(
      'added 50 phones: 00:1A:2B:3C:4D:99 to extension id 130, 00:1A:2B:3C:4D:98 to extension id 131, ' +
        '00:1A:2B:3C:4D:97 to extension id 132 and 47 more',
    );
    expect(many?.changes).toHaveLength(50);
    expect(auditSummary('phone/batchcreate', { phone_list: phones(1) })?.summary).toBe(
      'added 1 phone: 00:1A:2B:3C:4D:99 to extension id 130',
    );
  });

  it('sums up changed, deleted and re-provisioned phones', () => {
    expect(
      auditSummary('phone/batchupdate', {
        batch_id_list: [7],
        phone_list: [{ id: 7, mac: '00:1A:2B:3C:4D:01', ext_id: 12 }],
      })?.summary,
    ).toBe('changed 1 phone: phone id 7 to 00:1A:2B:3C:4D:01 on extension id 12');
    expect(auditSummary('phone/batchdelete', { batch_id_list: [75, 90] })).toEqual({
      summary: 'deleted 2 phones (ids 75, 90)',
      changes: [
        { field: 'phone id 75', before: 'provisioned' },
        { field: 'phone id 90', before: 'provisioned' },
      ],
    });
    expect(auditSummary('phone/batchreprovision', { batch_id_list: [1, 2, 3, 4] })?.summary).toBe(
      're-provisioned 4 phones (ids 1, 2, 3 and 1 more)',
    );
  });

  it('writes call control in words', () => {
    expect(auditSummary('agent/pause', { ext_id: 12, operation: 'pause', reason: 'Lunch' })?.summary).toBe(
      'paused extension id 12 (reason Lunch)',
    );
    expect(
      auditSummary('queue/agent_login', { ext_ids: [1, 2], queue_id: 3, operation: 'logout' })?.summary,
    ).toBe('logged extension ids 1, 2 out of queue id 3');
    expect(auditSummary('agent/login', { ext_id: 12, operation: 'login', queue_ids: '1,2' })?.summary).toBe(
      'logged extension id 12 in to queue ids 1,2',
    );
    expect(auditSummary('call/listen', { monitor: '1001', channel_id: 'c', type: 'barge' })?.summary).toBe(
      'started to barge in on a call from extension 1001',
    );
    expect(
      auditSummary('conference/kick_member', { number: '6900', member_channel_id: 'all' })?.summary,
    ).toBe('ended conference 6900 for everyone');
    expect(auditSummary('allow_numbers/create', { name: 'x' })).toBeUndefined();
  });

  it('audits every change and control in words, and no read but the transcript download', () => {
    const audited = ADMIN_OPERATIONS.filter(({ name, spec }) => auditedKind(name, operationKind(name, spec)));
    const reads = ADMIN_OPERATIONS.filter(({ name, spec }) => operationKind(name, spec) === 'read');
    expect(reads.map((o) => o.name)).toEqual(
      expect.arrayContaining([
        'phone/search',
        'extension/list',
        'auto_provisioning/compatibility',
        'ivr/get',
      ]),
    );
    expect(audited.filter((o) => reads.includes(o)).map((o) => o.name)).toEqual(['cdr/aidownload']);
    // Controls read as a sentence of their own; changes of one item as its before -> after.
    const controls = audited.filter(({ name, spec }) => operationKind(name, spec) === 'control');
    for (const { name } of controls) expect(auditSummary(name, {}), name).toBeDefined();
    for (const { name } of audited) {
      const sentence = auditSummary(name, {})?.summary ?? '';
      expect(sentence, name).not.toMatch(/[a-z_]+\/[a-z_]+|[{}[\]"]/);
    }
  });
});
