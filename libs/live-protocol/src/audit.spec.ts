import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  auditActionGroup,
  auditSearchText,
  auditSentence,
  type AuditEntryView,
} from './index.js';

const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
  id: 1,
  at: 0,
  user: 'Ana',
  action: 'inbound:decide',
  target: '1795471725.74 (refuse_and_block)',
  result: 'ok',
  detail: 'refused; number blocked',
  ...over,
});

describe('audit sentences', () => {
  it('writes a held-call decision as a sentence from its facts', () => {
    expect(
      auditSentence(entry({ facts: { decision: 'refuse_and_block', caller: '+1 555 0100', line: 'Sales' } })),
    ).toBe('Ana refused and blocked +1 555 0100, held call on Sales line');
    expect(
      auditSentence(
        entry({
          facts: { decision: 'accept', caller: '5550100', line: 'Main', destination: 'queue Sales (6400)' },
        }),
      ),
    ).toBe('Ana let through 5550100, held call on Main line, route’s default destination queue Sales (6400)');
  });

  it('has a sentence for every action, starting with who acted and never the raw action name', () => {
    expect(AUDIT_ACTIONS.length).toBeGreaterThanOrEqual(11);
    for (const action of AUDIT_ACTIONS) {
      const sentence = auditSentence(entry({ action, user: 'Zed', facts: {} }));
      expect(sentence, action).toMatch(/^(Zed|The PBX) /);
      expect(sentence, action).not.toContain(action);
      expect(sentence, action).not.toMatch(/undefined|null|\[object/);
      expect(AUDIT_ACTION_LABELS[action], action).toBeTruthy();
      expect(auditActionGroup(action)).toBe(action);
    }
  });

  it('names the agent, the mode and the queues when the facts have them', () => {
    expect(
      auditSentence(
        entry({
          action: 'call:listen',
          facts: { extension: '1006', agentName: 'Bo Ek', mode: 'barge', monitor: '2001' },
        }),
      ),
    ).toBe('Ana barged in on Bo Ek (1006)’s call from extension 2001');
    expect(
      auditSentence(
        entry({ action: 'agent:login', facts: { extension: '1006', operation: 'logout', queues: 'Sales' } }),
      ),
    ).toBe('Ana logged extension 1006 out of Sales');
    expect(
      auditSentence(entry({ action: 'conference:kick', facts: { conference: '6900', members: 'all' } })),
    ).toBe('Ana ended conference 6900 for everyone');
  });

  it('says a failure failed, with the reason only', () => {
    expect(
      auditSentence(
        entry({
          action: 'call:monitor-stop',
          result: 'error',
          detail: 'not_found: No monitor of yours is running.',
          facts: {},
        }),
      ),
    ).toBe('Ana stopped monitoring an agent’s call – failed: No monitor of yours is running.');
  });

  it('reads admin PBX calls and actions of a newer gateway as sentences too', () => {
    expect(auditSentence(entry({ action: 'pbx:queue/list', target: '' }))).toBe(
      'Ana called the PBX operation queue/list',
    );
    expect(auditActionGroup('pbx:queue/list')).toBe('pbx');
    expect(auditSentence(entry({ action: 'future:thing', target: 'x' }))).toBe('Ana did future:thing on x');
    expect(auditActionGroup('future:thing')).toBe('other');
  });

  it('reads a bulk change as the gateway summed it up in words, whatever its changes hold', () => {
    const bulk = entry({
      action: 'pbx:phone/batchcreate',
      target: '',
      facts: {
        summary:
          'added 2 phones: 00:1A:2B:3C:4D:99 to extension id 130, 00:1A:2B:3C:4D:98 to extension id 131',
      },
      changes: [{ field: 'phone 00:1A:2B:3C:4D:99', after: 'extension id 130' }],
    });
    expect(auditSentence(bulk)).toBe(
      'Ana added 2 phones: 00:1A:2B:3C:4D:99 to extension id 130, 00:1A:2B:3C:4D:98 to extension id 131',
    );
    expect(
      auditSentence({ ...bulk, result: 'error', detail: 'The PBX is busy; try again in a moment.' }),
    ).toBe(
      'Ana added 2 phones: 00:1A:2B:3C:4D:99 to extension id 130, 00:1A:2B:3C:4D:98 to extension id 131 – failed: The PBX is busy; try again in a moment.',
    );
  });

  it('reads a configuration change with its before and after, secrets only as changed', () => {
    const pbx = (change: 'create' | 'update' | 'delete', changes: AuditEntryView['changes']) =>
      auditSentence(
        entry({
          action: `pbx:allow_numbers/${change}`,
          target: 'id=3',
          facts: { item: 'allowlist rule “VIP” (id 3)', change },
          changes,
        }),
      );
    expect(
      pbx('create', [
        { field: 'name', after: 'VIP' },
        { field: 'limit_type', after: 'inbound' },
      ]),
    ).toBe('Ana created allowlist rule “VIP” (id 3): name “VIP”; applies to “inbound”');
    expect(
      pbx('update', [
        { field: 'name', before: 'VIP', after: 'VIP 2' },
        { field: 'pin_list', secret: true },
        { field: 'note', before: 'x' },
      ]),
    ).toBe('Ana changed allowlist rule “VIP” (id 3): name “VIP” → “VIP 2”; PINs changed; note “x” removed');
    expect(pbx('update', [])).toBe('Ana changed allowlist rule “VIP” (id 3) (nothing changed)');
    expect(pbx('delete', [{ field: 'number_list', before: '5551234&5555678' }])).toBe(
      'Ana deleted allowlist rule “VIP” (id 3): numbers “5551234&5555678”',
    );
    const many = Array.from({ length: 9 }, (_, i) => ({ field: `press${i}_dest`, after: 'queue' }));
    expect(pbx('create', many)).toMatch(/press5 dest “queue” and 3 more fields$/);
    const long = pbx('update', [{ field: 'number_list', before: '1'.repeat(100), after: '2' }]);
    expect(long).toContain(`“${'1'.repeat(59)}…”`);
  });

  it('searches the sentence, the user and the target', () => {
    const text = auditSearchText(entry({ facts: { decision: 'refuse', caller: '5550100', line: 'Sales' } }));
    expect(text).toContain('refused 5550100');
    expect(text).toContain('1795471725.74');
    expect(text).toBe(text.toLowerCase());
  });
});
