import type { QueueView, SessionInfo } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import {
  auditEntryInScope,
  conferencesInScope,
  extensionInScope,
  heldCallInScope,
  queuesOfExtension,
  queuesOutOfScope,
} from './supervisor-scope.js';
import { testSession } from '../../test/support/session-fixtures.js';

const session = (role: SessionInfo['role'], queues: SessionInfo['queues'], display = false): SessionInfo =>
  testSession({ user: 'me', role, queues, display });
const supq = session('supervisor', [1]);
const views = (id: number) =>
  ({ 1: { agents: [{ number: '1001' }] }, 2: { agents: [{ number: '2001' }, { number: '1001' }] } })[id] as
    QueueView | undefined;

describe('supervisor scope', () => {
  it('lets a limited scope see held calls of its queues only; calls of no known queue need the whole PBX', () => {
    expect(heldCallInScope(supq, { queueId: 1 })).toBe(true);
    expect(heldCallInScope(supq, { queueId: 2 })).toBe(false);
    expect(heldCallInScope(supq, {})).toBe(false);
    expect(heldCallInScope(session('supervisor', 'all'), {})).toBe(true);
    expect(heldCallInScope(session('admin', [3]), { queueId: 2 })).toBe(true);
  });

  it('acts on extensions that are agents of the scope’s queues', () => {
    expect(extensionInScope(supq, '1001', views)).toBe(true);
    expect(extensionInScope(supq, '2001', views)).toBe(false);
    expect(extensionInScope(supq, '9999', views)).toBe(false);
    expect(extensionInScope(session('admin', [1]), '2001', views)).toBe(true);
    expect(queuesOfExtension('1001', [1, 2, 3], views)).toEqual([1, 2]);
    expect(queuesOutOfScope(supq, [1, 2])).toEqual([2]);
    expect(queuesOutOfScope(session('admin', [1]), [1, 2])).toEqual([]);
  });

  it('keeps conferences for whole-PBX sessions unless CONFERENCE_ACCESS is signed-in', () => {
    expect(conferencesInScope(supq, 'whole-pbx')).toBe(false);
    expect(conferencesInScope(session('viewer', 'all'), 'whole-pbx')).toBe(true);
    expect(conferencesInScope(session('admin', [1]), 'whole-pbx')).toBe(true);
    expect(conferencesInScope(supq, 'signed-in')).toBe(true);
    expect(conferencesInScope(session('viewer', [1], true), 'signed-in')).toBe(false);
  });

  it('reads audit entries of its own and about targets of its queues', () => {
    expect(auditEntryInScope(supq, { user: 'me', queues: [2] })).toBe(true);
    expect(auditEntryInScope(supq, { user: 'ann', queues: [2, 1] })).toBe(true);
    expect(auditEntryInScope(supq, { user: 'ann', queues: [2] })).toBe(false);
    expect(auditEntryInScope(supq, { user: 'ann' })).toBe(false);
    expect(auditEntryInScope(session('supervisor', 'all'), { user: 'ann' })).toBe(true);
    expect(auditEntryInScope(session('admin', [3]), { user: 'ann', queues: [2] })).toBe(true);
  });
});
