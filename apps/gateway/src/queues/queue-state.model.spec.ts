import { describe, expect, it } from 'vitest';
import { META, TODAY, agent, calls, entry } from '../../test/support/queue-fixtures.js';
import { QueueLiveState } from './queue-state.model.js';

function stateOf(queue: QueueLiveState, number: string) {
  return queue.view(TODAY, undefined, 0).agents.find((a) => a.number === number);
}

describe('QueueLiveState from polls', () => {
  it('maps agent_status and every documented call_status code to one agent state', () => {
    const queue = new QueueLiveState(META);
    queue.applyPoll(
      [
        agent('2001', { call_status: 1 }),
        agent('2002', { call_status: 2 }),
        agent('2003', { call_status: 5 }),
        agent('2004', { is_pause: 1, pause_reason: 'Lunch' }),
        agent('2005', { is_login: 0, agent_type: 'static' }),
        agent('2006', { call_status: 3 }),
        agent('2007', { call_status: 4 }),
        agent('2008', { call_status: 0 }),
      ],
      calls(),
      1_000,
    );
    const view = queue.view(TODAY, undefined, 0);
    expect(view.agents.map((a) => [a.number, a.state, a.pauseReason, a.kind])).toEqual([
      ['2001', 'available', '', 'dynamic'],
      ['2002', 'on_call', '', 'dynamic'],
      ['2003', 'on_hold', '', 'dynamic'],
      ['2004', 'paused', 'Lunch', 'dynamic'],
      ['2005', 'logged_out', '', 'static'],
      ['2006', 'ringing', '', 'dynamic'],
      // 4: a second call rings while the agent is still on the first.
      ['2007', 'on_call', '', 'dynamic'],
      // 0: the PBX does not know; nothing else said, so never guessed as available.
      ['2008', 'unknown', '', 'dynamic'],
    ]);
    expect(view.stats.agentCounts).toEqual({
      available: 1,
      ringing: 1,
      on_call: 2,
      on_hold: 1,
      paused: 1,
      offline: 0,
      unknown: 1,
      logged_out: 1,
    });
  });

  it('reads 1 as idle even when an older reading of the codes would have said ringing', () => {
    // The guide's own example lists idle agents with call_status 1; reading 1 as ringing showed every idle
    // agent of a real PBX as ringing.
    const queue = new QueueLiveState(META);
    queue.applyPoll([agent('2001', { call_status: 1 }), agent('2002', { call_status: 3 })], calls(), 1_000);
    expect(stateOf(queue, '2001')?.state).toBe('available');
    expect(stateOf(queue, '2002')?.state).toBe('ringing');
  });

  it('on 0 or an undocumented code keeps the call it knew, takes ringing from the ringing list, else shows unknown', () => {
    const queue = new QueueLiveState(META);
    queue.applyPoll([agent('2001', { call_status: 2 }), agent('2002'), agent('2003')], calls(), 1_000);
    queue.applyPoll(
      [
        agent('2001', { call_status: 0 }),
        agent('2002', { call_status: 0 }),
        agent('2003', { call_status: 9 }),
      ],
      calls({ ringing_list: [entry('c1', '555', '2002', 3)] }),
      2_000,
    );
    expect(stateOf(queue, '2001')).toMatchObject({ state: 'on_call', since: 1_000 });
    expect(stateOf(queue, '2002')?.state).toBe('ringing');
    // 2003 was idle at the last poll: the previous call is kept, not guessed anew.
    expect(stateOf(queue, '2003')?.state).toBe('available');
    const fresh = new QueueLiveState(META);
    fresh.applyPoll(
      [agent('2003', { call_status: 9 }), agent('2004', { call_status: 0, is_pause: 1 })],
      calls(),
      1_000,
    );
    expect(stateOf(fresh, '2003')?.state).toBe('unknown');
    // A pause is a fact even when the call is not known.
    expect(stateOf(fresh, '2004')?.state).toBe('paused');
  });

  it('shows a logged-in agent whose phone is offline as offline until it registers again, a call winning', () => {
    const queue = new QueueLiveState(META);
    queue.applyPoll([agent('2001'), agent('2002', { is_pause: 1, pause_reason: 'Lunch' })], calls(), 1_000);
    expect(queue.applyPhoneOnline('2001', false, 2_000)).toBe(true);
    expect(queue.applyPhoneOnline('2002', false, 2_000)).toBe(true);
    expect(stateOf(queue, '2001')).toMatchObject({ state: 'offline', since: 2_000 });
    expect(stateOf(queue, '2002')?.state).toBe('offline');
    // Polls do not forget what extension/list said.
    queue.applyPoll([agent('2001'), agent('2002', { is_pause: 1, pause_reason: 'Lunch' })], calls(), 3_000);
    expect(stateOf(queue, '2001')).toMatchObject({ state: 'offline', since: 2_000 });
    queue.applyPoll([agent('2001', { call_status: 2 })], calls(), 4_000);
    expect(stateOf(queue, '2001')?.state).toBe('on_call');
    expect(queue.applyPhoneOnline('2001', true, 5_000)).toBe(false);
    queue.applyPoll([agent('2001')], calls(), 6_000);
    expect(stateOf(queue, '2001')?.state).toBe('available');
    expect(queue.applyPhoneOnline('9999', false, 7_000)).toBe(false);
  });

  it('treats call_status 2 as on call even when the agent holds the call, and only 5 as on hold', () => {
    const queue = new QueueLiveState(META);
    queue.applyPoll([agent('2001', { call_status: 2, is_pause: 1, pause_reason: 'Break' })], calls(), 1_000);
    expect(stateOf(queue, '2001')?.state).toBe('on_call');
    queue.applyPoll([agent('2001', { call_status: 5 })], calls(), 2_000);
    expect(stateOf(queue, '2001')).toMatchObject({ state: 'on_hold', since: 2_000 });
  });

  it('keeps since stable across polls while the state does not change', () => {
    const queue = new QueueLiveState(META);
    queue.applyPoll([agent('2001', { call_status: 2 })], calls(), 1_000);
    queue.applyPoll([agent('2001', { call_status: 2 })], calls(), 3_000);
    queue.applyPoll([agent('2001', { call_status: 2 })], calls(), 5_000);
    expect(stateOf(queue, '2001')).toMatchObject({ state: 'on_call', since: 1_000 });
    queue.applyPoll([agent('2001')], calls(), 7_000);
    expect(stateOf(queue, '2001')).toMatchObject({ state: 'available', since: 7_000 });
  });

  it('restarts since when a paused agent changes pause reason', () => {
    const queue = new QueueLiveState(META);
    queue.applyPoll([agent('2001', { is_pause: 1, pause_reason: 'Lunch' })], calls(), 1_000);
    queue.applyPoll([agent('2001', { is_pause: 1, pause_reason: 'Meeting' })], calls(), 3_000);
    expect(stateOf(queue, '2001')).toMatchObject({ state: 'paused', pauseReason: 'Meeting', since: 3_000 });
  });

  it('lists waiting callers oldest first with a since derived once from their wait', () => {
    const queue = new QueueLiveState(META);
    queue.applyPoll(
      [],
      calls({ waiting_list: [entry('a', '111', '6400', 5), entry('b', '222', '6400', 30)] }),
      100_000,
    );
    // The next poll reports durations that drifted by a second: since must not move.
    queue.applyPoll(
      [],
      calls({ waiting_list: [entry('a', '111', '6400', 8), entry('b', '222', '6400', 32)] }),
      102_000,
    );
    const view = queue.view(TODAY, undefined, 0);
    expect(view.waiting.map((w) => [w.callId, w.since, w.number, w.name])).toEqual([
      ['b', 70_000, '222', 'Caller 222'],
      ['a', 95_000, '111', 'Caller 111'],
    ]);
    expect(view.stats).toMatchObject({ waiting: 2, oldestWaitingSince: 70_000 });
    expect(view.confirmedAt).toBe(102_000);
    queue.applyPoll([], calls(), 104_000);
    expect(queue.view(TODAY, undefined, 0).stats).toMatchObject({ waiting: 0, oldestWaitingSince: null });
  });

  it('drops agents that left the queue', () => {
    const queue = new QueueLiveState(META);
    queue.applyPoll([agent('2001'), agent('2002')], calls(), 1_000);
    queue.applyPoll([agent('2002')], calls(), 2_000);
    expect(queue.agentNumbers()).toEqual(['2002']);
  });
});

describe('QueueLiveState from events between polls', () => {
  function polled(): QueueLiveState {
    const queue = new QueueLiveState(META);
    queue.applyPoll(
      [agent('2001'), agent('2002', { call_status: 2 })],
      calls({ waiting_list: [entry('w1', '555', '6400', 4)] }),
      10_000,
    );
    return queue;
  }

  it('applies 30029 agent status: paused with reason, back to idle, logged out', () => {
    const queue = polled();
    expect(queue.applyAgentStatus('2001', 'Paused', 'Lunch', 11_000)).toBe(true);
    expect(stateOf(queue, '2001')).toMatchObject({ state: 'paused', pauseReason: 'Lunch', since: 11_000 });
    expect(queue.applyAgentStatus('2001', 'Idle', '', 12_000)).toBe(true);
    expect(stateOf(queue, '2001')).toMatchObject({ state: 'available', since: 12_000 });
    expect(queue.applyAgentStatus('2001', 'LoggedOut', '', 13_000)).toBe(true);
    expect(stateOf(queue, '2001')?.state).toBe('logged_out');
    expect(queue.applyAgentStatus('2001', 'SomethingNew', '', 14_000)).toBe(false);
    expect(queue.applyAgentStatus('9999', 'Paused', 'x', 14_000)).toBe(false);
  });

  it('keeps a pause under a call and shows it again when the call ends (30029 Busy then Idle of the extension)', () => {
    const queue = polled();
    queue.applyAgentStatus('2001', 'Paused', 'Break', 11_000);
    queue.applyExtensionStatus('2001', 'Busy', 12_000);
    expect(stateOf(queue, '2001')?.state).toBe('on_call');
    queue.applyExtensionStatus('2001', 'Idle', 13_000);
    expect(stateOf(queue, '2001')).toMatchObject({ state: 'paused', pauseReason: 'Break', since: 13_000 });
  });

  it('applies 30025 auto pause', () => {
    const queue = polled();
    expect(queue.applyAutoPause('2001', 11_000)).toBe(true);
    expect(stateOf(queue, '2001')).toMatchObject({
      state: 'paused',
      pauseReason: 'Auto pause (missed calls)',
    });
  });

  it('applies 30008 Ringing/Busy/Idle and keeps a known hold when Busy repeats', () => {
    const queue = polled();
    queue.applyExtensionStatus('2001', 'Ringing', 11_000);
    expect(stateOf(queue, '2001')?.state).toBe('ringing');
    queue.applyCallStatus('c9', [{ kind: 'extension', number: '2002', status: 'HOLD' }], 11_500);
    queue.applyExtensionStatus('2002', 'Busy', 12_000);
    expect(stateOf(queue, '2002')).toMatchObject({ state: 'on_hold', since: 11_500 });
    expect(queue.applyExtensionStatus('3000', 'Busy', 12_000)).toBe(false);
  });

  it('applies 30011: answered removes the waiting caller; a caller hanging up does too', () => {
    const queue = polled();
    queue.applyCallStatus(
      'w1',
      [
        { kind: 'inbound', number: '', status: 'ANSWERED' },
        { kind: 'extension', number: '2001', status: 'ANSWER' },
      ],
      11_000,
    );
    let view = queue.view(TODAY, undefined, 0);
    expect(view.waiting).toEqual([]);
    expect(view.agents.find((a) => a.number === '2001')?.state).toBe('on_call');
    const other = polled();
    other.applyCallStatus('w1', [{ kind: 'inbound', number: '', status: 'BYE' }], 11_000);
    view = other.view(TODAY, undefined, 0);
    expect(view.waiting).toEqual([]);
  });

  it('reports no change when an event repeats what is known', () => {
    const queue = polled();
    expect(queue.applyExtensionStatus('2002', 'Busy', 11_000)).toBe(false);
    expect(stateOf(queue, '2002')?.since).toBe(10_000);
  });
});

describe('QueueLiveState taking over from another gateway', () => {
  it('keeps the clocks a previous leader showed for agents and callers in the same state', () => {
    const before = new QueueLiveState(META);
    before.applyPoll(
      [
        agent('2001'),
        agent('2002', { is_pause: 1, pause_reason: 'Break' }),
        agent('2003', { call_status: 2 }),
      ],
      calls({ waiting_list: [entry('w1', '555', '', 4)] }),
      1_000,
    );
    const shown = before.view(TODAY, undefined, 0);
    const after = new QueueLiveState(META);
    after.applyPoll(
      [agent('2001'), agent('2002', { is_pause: 1, pause_reason: 'Lunch' }), agent('2003')],
      calls({ waiting_list: [entry('w1', '555', '', 9)] }),
      9_000,
    );
    after.adoptSince(shown);
    const view = after.view(TODAY, undefined, 0);
    expect(view.agents.map((a) => [a.number, a.since])).toEqual([
      ['2001', 1_000], // same state: its clock goes on
      ['2002', 9_000], // paused for another reason: a new state
      ['2003', 9_000], // was on a call, now available: a new state
    ]);
    expect(view.waiting.map((w) => [w.callId, w.since])).toEqual([['w1', shown.waiting[0]?.since]]);
  });

  it('marks time in state as a lower bound until a change is seen, and keeps an exact clock it adopts', () => {
    const queue = new QueueLiveState(META);
    queue.applyPoll([agent('2001'), agent('2002', { call_status: 2 })], calls(), 1_000);
    // Both were already in their state when first seen.
    expect(stateOf(queue, '2001')).toMatchObject({ since: 1_000, sinceLowerBound: true });
    queue.applyPoll([agent('2001'), agent('2002')], calls(), 3_000);
    expect(stateOf(queue, '2001')).toMatchObject({ since: 1_000, sinceLowerBound: true });
    // 2002 was seen changing: its clock is exact from now on.
    expect(stateOf(queue, '2002')).toEqual(expect.objectContaining({ since: 3_000 }));
    expect(stateOf(queue, '2002')?.sinceLowerBound).toBeUndefined();
    // A gateway restarted on the stored view keeps the exact clock instead of a new lower bound.
    const restarted = new QueueLiveState(META);
    restarted.applyPoll([agent('2001'), agent('2002')], calls(), 9_000);
    restarted.adoptSince(queue.view(TODAY, undefined, 0));
    expect(stateOf(restarted, '2002')?.since).toBe(3_000);
    expect(stateOf(restarted, '2002')?.sinceLowerBound).toBeUndefined();
    expect(stateOf(restarted, '2001')).toMatchObject({ since: 1_000, sinceLowerBound: true });
  });
});

describe('QueueLiveState alert', () => {
  const waitingCalls = (n: number) =>
    calls({ waiting_list: Array.from({ length: n }, (_, i) => entry(`w${i}`, `55${i}`, '6400', 1)) });

  it('dwells from when the gateway first saw the threshold crossed, then every later view keeps that time', () => {
    const queue = new QueueLiveState(META);
    queue.applyPoll([agent('2001')], waitingCalls(6), 100_000);
    let view = queue.view(TODAY, undefined, 100_000);
    expect(view.alert).toMatchObject({ level: 'ok', warnSince: 100_000, criticalSince: 100_000 });
    for (const now of [102_000, 104_000, 106_000, 108_000]) view = queue.view(TODAY, view.alert, now);
    expect(view.alert.level).toBe('ok');
    view = queue.view(TODAY, view.alert, 110_000);
    expect(view.alert).toMatchObject({ level: 'critical', since: 110_000, announcedAt: 110_000 });
    // A screen that opens now gets the alert as it stands: critical at once, since 110 s.
    view = queue.view(TODAY, view.alert, 150_000);
    expect(view.alert).toMatchObject({ level: 'critical', since: 110_000, criticalSince: 100_000 });
  });

  it('clears at once when the queue is better, and judges the service level only after enough calls', () => {
    const queue = new QueueLiveState(META);
    queue.applyPoll([agent('2001')], waitingCalls(6), 0);
    let view = queue.view(TODAY, undefined, 0);
    view = queue.view(TODAY, view.alert, 10_000);
    expect(view.alert.level).toBe('critical');
    queue.applyPoll([agent('2001')], waitingCalls(0), 12_000);
    const oneLostCall = { ...TODAY, offered: 2, answered: 1, abandoned: 1, serviceLevel: 50 };
    view = queue.view(oneLostCall, view.alert, 12_000);
    expect(view.alert).toMatchObject({ level: 'ok', warnSince: null, criticalSince: null });
    const tenCalls = { ...TODAY, offered: 10, answered: 5, abandoned: 5, serviceLevel: 50 };
    view = queue.view(tenCalls, view.alert, 13_000);
    expect(view.alert).toMatchObject({ level: 'ok', criticalSince: 13_000 });
  });
});
