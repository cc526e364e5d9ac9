import { PBX_ERRCODE, PBX_EVENT } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { AUTO_PAUSE_REASON } from '../queue-calls.js';
import { expectSimError } from '../testing/expectations.js';
import { harness, startedHarness, type Harness } from '../testing/harness.js';

interface Ref {
  text2: string;
  value: string;
}
interface Summary {
  id: number;
  number: string;
  dynamic_agent_list: Ref[];
  static_agent_list: Ref[];
}
interface Agent {
  number: string;
  is_login: number;
  is_pause: number;
  pause_reason: string;
  max_threshold_for_pause_time: number;
  max_threshold_for_logout_time: number;
}

function queues(h: Harness): Summary[] {
  return h.call('queue/list')['queue_list'] as Summary[];
}

function agentIn(h: Harness, queueId: number, number: string): Agent {
  const data = h.call('queue/agent_status', { id: String(queueId) })['data'] as Agent[];
  const agent = data.find((a) => a.number === number);
  if (!agent) throw new Error(`agent ${number} not in queue ${queueId}`);
  return agent;
}

/** A dynamic membership and a static one (of another agent) in contact-center. */
function members(h: Harness) {
  const list = queues(h);
  const queue = list.find(
    (q) => q.dynamic_agent_list.length > 0 && q.static_agent_list.length > 0,
  ) as Summary;
  const dynamic = queue.dynamic_agent_list[0] as Ref;
  const staticOnly = list
    .flatMap((q) => q.static_agent_list)
    .find((ref) => !list.some((q) => q.dynamic_agent_list.some((d) => d.value === ref.value))) as Ref;
  return { queue, dynamic, staticOnly };
}

describe('agent/login', () => {
  it('logs a dynamic agent out of and back into a queue, publishing 30029', () => {
    const h = startedHarness({ scenario: 'contact-center' });
    const { queue, dynamic } = members(h);
    h.call('agent/login', { ext_id: dynamic.value, operation: 'logout', queue_ids: String(queue.id) });
    expect(agentIn(h, queue.id, dynamic.text2)).toMatchObject({ is_login: 0, is_pause: 0 });
    expect(h.recorder.of(PBX_EVENT.AGENT_STATUS_CHANGED).at(-1)).toEqual({
      queue_number: `queue-${queue.number}`,
      agent_number: dynamic.text2,
      status: 'LoggedOut',
      reason: '',
    });

    h.call('agent/login', {
      ext_id: dynamic.value,
      operation: 'login',
      queue_ids: String(queue.id),
      is_paused: '1',
      max_threshold_for_pause_time: '30',
    });
    expect(agentIn(h, queue.id, dynamic.text2)).toMatchObject({
      is_login: 1,
      is_pause: 1,
      pause_reason: '',
      max_threshold_for_pause_time: 30,
    });
    expect(h.recorder.of(PBX_EVENT.AGENT_STATUS_CHANGED).at(-1)).toMatchObject({ status: 'Paused' });

    h.call('agent/login', { ext_id: dynamic.value, operation: 'login', is_paused: '0' });
    expect(agentIn(h, queue.id, dynamic.text2)).toMatchObject({ is_login: 1, is_pause: 0 });
    expect(h.recorder.of(PBX_EVENT.AGENT_STATUS_CHANGED).at(-1)).toMatchObject({ status: 'Idle' });
  });

  it('logs in paused with a reason code, shown as the reason text; the pause threshold unpauses on the clock', () => {
    const h = harness({ scenario: 'contact-center' });
    const { queue, dynamic } = members(h);
    const reason = (h.call('queue_pause_reason/list')['data'] as { code: string; reason: string }[])[0] as {
      code: string;
      reason: string;
    };
    h.call('agent/login', {
      ext_id: dynamic.value,
      operation: 'login',
      queue_ids: String(queue.id),
      is_paused: '1',
      reason: reason.code,
      max_threshold_for_pause_time: '20',
    });
    expect(agentIn(h, queue.id, dynamic.text2)).toMatchObject({
      is_login: 1,
      is_pause: 1,
      pause_reason: reason.reason,
    });
    expect(h.recorder.of(PBX_EVENT.AGENT_STATUS_CHANGED).at(-1)).toMatchObject({
      status: 'Paused',
      reason: reason.reason,
    });
    h.clock.advance(19_000);
    expect(agentIn(h, queue.id, dynamic.text2).is_pause).toBe(1);
    h.clock.advance(1_000);
    expect(agentIn(h, queue.id, dynamic.text2)).toMatchObject({ is_login: 1, is_pause: 0, pause_reason: '' });
    expectSimError(
      () =>
        h.call('agent/login', { ext_id: dynamic.value, operation: 'login', is_paused: '1', reason: '*99' }),
      PBX_ERRCODE.PARAMETER_ERROR,
      'reason',
    );
  });

  it('max_threshold_for_logout_time: the PBX logs a logged-out agent back in after it, unless logged in first', () => {
    const h = harness({ scenario: 'contact-center' });
    const { queue, dynamic } = members(h);
    const logout = { ext_id: dynamic.value, operation: 'logout', queue_ids: String(queue.id) };
    h.call('agent/login', { ...logout, max_threshold_for_logout_time: '60' });
    expect(agentIn(h, queue.id, dynamic.text2)).toMatchObject({
      is_login: 0,
      max_threshold_for_logout_time: 60,
    });
    h.clock.advance(59_000);
    expect(agentIn(h, queue.id, dynamic.text2).is_login).toBe(0);
    h.clock.advance(1_000);
    expect(agentIn(h, queue.id, dynamic.text2).is_login).toBe(1);
    expect(h.recorder.of(PBX_EVENT.AGENT_STATUS_CHANGED).at(-1)).toMatchObject({
      agent_number: dynamic.text2,
      status: 'Idle',
    });

    // Logged in by hand first: the pending log-back-in does nothing later.
    h.call('agent/login', logout);
    h.call('agent/login', { ...logout, operation: 'login' });
    h.call('agent/login', { ...logout, max_threshold_for_logout_time: '0' });
    h.clock.advance(120_000);
    expect(agentIn(h, queue.id, dynamic.text2)).toMatchObject({
      is_login: 0,
      max_threshold_for_logout_time: 0,
    });
  });

  it('refuses static agents with a 40002 naming ext_id', () => {
    const h = harness({ scenario: 'contact-center' });
    const { staticOnly } = members(h);
    const error = expectSimError(
      () => h.call('agent/login', { ext_id: staticOnly.value, operation: 'logout' }),
      PBX_ERRCODE.PARAMETER_ERROR,
      'ext_id',
    );
    expect(JSON.stringify(error.extra)).toMatch(/static agent/);
  });

  it('answers NOT_FOUND for unknown extensions and queues, 40002 for non-agents and non-members', () => {
    const h = harness({ scenario: 'contact-center' });
    const { dynamic } = members(h);
    const staff = h.center.control.world().extensions.at(-1);
    expectSimError(
      () => h.call('agent/login', { ext_id: '99999', operation: 'login' }),
      PBX_ERRCODE.NOT_FOUND,
      'ext_id',
    );
    expectSimError(
      () => h.call('agent/login', { ext_id: String(staff?.id), operation: 'login' }),
      PBX_ERRCODE.PARAMETER_ERROR,
      'ext_id',
    );
    expectSimError(
      () => h.call('agent/login', { ext_id: dynamic.value, operation: 'login', queue_ids: '77' }),
      PBX_ERRCODE.NOT_FOUND,
      'queue_ids',
    );
    const other = queues(h).find(
      (q) => ![...q.dynamic_agent_list, ...q.static_agent_list].some((ref) => ref.value === dynamic.value),
    );
    expectSimError(
      () =>
        h.call('agent/login', { ext_id: dynamic.value, operation: 'login', queue_ids: String(other?.id) }),
      PBX_ERRCODE.PARAMETER_ERROR,
      'queue_ids',
    );
  });
});

describe('queue_pause_reason/update', () => {
  it('replaces the whole list: new breaks use only the new reasons', () => {
    const h = startedHarness({ scenario: 'contact-center' });
    h.call('queue_pause_reason/update', { pause_reason_list: [{ code: '*801', reason: 'Coaching' }] });
    h.recorder.clear();
    h.clock.advance(2 * 3_600_000);
    const reasons = new Set(
      h.recorder
        .of(PBX_EVENT.AGENT_STATUS_CHANGED)
        .filter((msg) => msg['status'] === 'Paused')
        .map((msg) => msg['reason']),
    );
    expect(reasons.has('Coaching')).toBe(true);
    for (const reason of reasons) expect(['Coaching', AUTO_PAUSE_REASON]).toContain(reason);
  });

  it('keeps agents paused with a deleted reason paused, with that reason', () => {
    const h = startedHarness({ scenario: 'contact-center' });
    const paused = queues(h)
      .flatMap((q) =>
        (h.call('queue/agent_status', { id: String(q.id) })['data'] as Agent[]).map((a) => ({ q, a })),
      )
      .find(({ a }) => a.is_pause === 1);
    expect(paused).toBeDefined();
    const { q, a } = paused as { q: Summary; a: Agent };
    h.call('queue_pause_reason/update', { pause_reason_list: [] });
    expect(agentIn(h, q.id, a.number)).toMatchObject({ is_pause: 1, pause_reason: a.pause_reason });
  });

  it('rejects duplicate codes or reasons with 40003 and keeps the old list', () => {
    const h = startedHarness({ scenario: 'contact-center' });
    const error = expectSimError(
      () =>
        h.call('queue_pause_reason/update', {
          pause_reason_list: [
            { code: '*801', reason: 'Coaching' },
            { code: '*801', reason: 'Other' },
          ],
        }),
      PBX_ERRCODE.DUPLICATE_KEY_VALUE,
    );
    expect(error.extra['duplicate_field_list']).toEqual([
      { field: 'pause_reason_list[1].code', value: '*801' },
    ]);
    h.clock.advance(3_600_000);
    const reasons = h.recorder
      .of(PBX_EVENT.AGENT_STATUS_CHANGED)
      .filter((msg) => msg['status'] === 'Paused')
      .map((msg) => msg['reason']);
    expect(reasons).not.toContain('Coaching');
    expect(reasons.some((r) => ['Lunch', 'Break', 'Training', 'Meeting'].includes(r as string))).toBe(true);
  });
});
