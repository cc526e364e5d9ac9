import { describe, expect, it } from 'vitest';
import type { AgentView, AlertRule, IncidentView, QueueView } from '@switchboard/live-protocol';
import { THRESHOLDS, TODAY } from '../../test/support/queue-fixtures.js';
import { ChannelDispatch, type DispatchChannel } from './channel-dispatch.js';
import { IncidentBook } from './incident-book.js';
import { conditionsNow, ruleMatches } from './incident-conditions.js';

const NOW = 1_800_000_000_000;

function agentView(number: string, state: AgentView['state'], since = NOW, pauseReason = ''): AgentView {
  return { number, name: `Ann ${number}`, state, since, pauseReason, kind: 'dynamic' } as AgentView;
}

function queue(
  level: QueueView['alert']['level'],
  agents: AgentView[] = [agentView('1001', 'available')],
): QueueView {
  return {
    id: 600,
    number: '600',
    name: 'Sales',
    thresholds: { ...THRESHOLDS, maxPauseSec: 300 },
    agents,
    waiting: [],
    stats: { waiting: 12, oldestWaitingSince: NOW - 245_000, today: { ...TODAY, serviceLevel: 61 } },
    confirmedAt: NOW,
    pollIntervalMs: 2_000,
    alert: { level, since: NOW, warnSince: null, criticalSince: null, announcedAt: null },
  } as unknown as QueueView;
}

const UP = { pbx: 'connected', pbxSince: 0 } as const;
const critical: AlertRule = {
  kind: 'queue',
  level: 'critical',
  dwellSec: 30,
  cooldownSec: 600,
  repeatSec: 900,
};
const warn: AlertRule = { ...critical, level: 'warn' };
const down: AlertRule = { kind: 'pbx-down', limitSec: 60, dwellSec: 0, cooldownSec: 600, repeatSec: 0 };

describe('conditionsNow', () => {
  it('reports a queue at the levels some rule watches, in supervisor words', () => {
    const found = conditionsNow({
      queues: [queue('critical')],
      health: UP,
      now: NOW,
      rules: [critical, warn],
    });
    expect(found.map((c) => c.key)).toEqual(['queue:600:warn', 'queue:600:critical']);
    expect(found[1]).toMatchObject({
      subject: 'Sales (600)',
      summary: '12 callers waiting, longest 4:05, service level 61 % today',
      level: 'critical',
    });
    expect(conditionsNow({ queues: [queue('warn')], health: UP, now: NOW, rules: [critical] })).toEqual([]);
  });

  it('reports no agent logged in, and agents paused past their own limit or the queue’s', () => {
    const agents = [agentView('1001', 'logged_out'), agentView('1002', 'offline')];
    const rules: AlertRule[] = [
      { kind: 'no-agents', dwellSec: 0, cooldownSec: 0, repeatSec: 0 },
      { kind: 'agent-paused', dwellSec: 0, cooldownSec: 0, repeatSec: 0 },
      { kind: 'agent-paused', limitSec: 600, dwellSec: 0, cooldownSec: 0, repeatSec: 0 },
    ];
    expect(conditionsNow({ queues: [queue('ok', agents)], health: UP, now: NOW, rules })[0]?.key).toBe(
      'no-agents:600',
    );
    const paused = [agentView('1003', 'paused', NOW - 400_000, 'Lunch')];
    const found = conditionsNow({ queues: [queue('ok', paused)], health: UP, now: NOW, rules });
    // 400 s: past the queue's 300 s limit, not yet past 600 s.
    expect(found.map((c) => c.key)).toEqual(['agent-paused:600:1003:queue']);
    expect(found[0]?.summary).toBe('Paused (Lunch) for 6 min, over the limit of 5 min');
    const [paused1003] = found;
    if (!paused1003) throw new Error('no condition');
    expect(ruleMatches(rules[1] as AlertRule, paused1003)).toBe(true);
    expect(ruleMatches(rules[2] as AlertRule, paused1003)).toBe(false);
  });

  it('judges only the link while the PBX is down, once it has been down for the limit', () => {
    const health = { pbx: 'down', pbxSince: NOW - 59_000 } as const;
    expect(conditionsNow({ queues: [queue('critical')], health, now: NOW, rules: [critical, down] })).toEqual(
      [],
    );
    const later = conditionsNow({
      queues: [queue('critical')],
      health,
      now: NOW + 1_000,
      rules: [critical, down],
    });
    expect(later.map((c) => c.key)).toEqual(['pbx-down:60']);
  });
});

describe('IncidentBook', () => {
  const ids = () => {
    let n = 0;
    return () => `i${++n}`;
  };
  const condition = conditionsNow({ queues: [queue('critical')], health: UP, now: NOW, rules: [critical] });

  it('keeps one incident per occurrence, resolves it when the condition is gone, not while it is frozen', () => {
    const book = new IncidentBook(undefined, ids());
    expect(book.step(condition, NOW, () => false).opened.map((i) => i.id)).toEqual(['i1']);
    expect(book.step(condition, NOW + 1_000, () => false).opened).toEqual([]);
    expect(book.step([], NOW + 2_000, (incident) => incident.queueId === 600).resolved).toEqual([]);
    const { resolved } = book.step([], NOW + 3_000, () => false);
    expect(resolved).toMatchObject([{ id: 'i1', resolvedAt: NOW + 3_000 }]);
    expect(book.step(condition, NOW + 4_000, () => false).opened.map((i) => i.id)).toEqual(['i2']);
    expect(book.snapshot().recent.map((i) => i.id)).toEqual(['i1']);
  });

  it('keeps the first acknowledgement, and carries on from its snapshot', () => {
    const book = new IncidentBook(undefined, ids());
    book.step(condition, NOW, () => false);
    expect(book.acknowledge('i1', 'maria', NOW + 5)?.acknowledged).toBe(true);
    expect(book.acknowledge('i1', 'olle', NOW + 6)).toMatchObject({
      acknowledged: false,
      incident: { acknowledgedBy: 'maria', acknowledgedAt: NOW + 5 },
    });
    expect(book.acknowledge('nope', 'olle', NOW)).toBeUndefined();
    const again = new IncidentBook(book.snapshot(), ids());
    expect(again.step(condition, NOW + 10, () => false).opened).toEqual([]);
    expect(again.get('i1')?.acknowledgedBy).toBe('maria');
  });
});

describe('ChannelDispatch', () => {
  const channel = (fields: Partial<DispatchChannel> = {}): DispatchChannel => ({
    id: 'c1',
    queues: 'all',
    rules: [critical],
    quietHours: null,
    ...fields,
  });
  const incident = (fields: Partial<IncidentView> = {}): IncidentView => ({
    id: 'i1',
    key: 'queue:600:critical',
    kind: 'queue',
    level: 'critical',
    queueId: 600,
    subject: 'Sales (600)',
    summary: '12 callers waiting',
    openedAt: NOW,
    resolvedAt: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
    ...fields,
  });
  const types = (notices: { type: string }[]) => notices.map((n) => n.type);

  it('tells once after the dwell, reminds until acknowledged, and says resolved to those it told', () => {
    const dispatch = new ChannelDispatch();
    expect(dispatch.due([channel()], [incident()], NOW + 29_999, 600)).toEqual([]);
    expect(types(dispatch.due([channel()], [incident()], NOW + 30_000, 600))).toEqual(['incident.opened']);
    expect(dispatch.due([channel()], [incident()], NOW + 60_000, 600)).toEqual([]);
    expect(types(dispatch.due([channel()], [incident()], NOW + 930_000, 600))).toEqual(['incident.reminder']);
    const acked = incident({ acknowledgedBy: 'maria', acknowledgedAt: NOW + 931_000 });
    expect(dispatch.due([channel()], [acked], NOW + 2_000_000, 600)).toEqual([]);
    dispatch.resolved([{ ...acked, resolvedAt: NOW + 2_000_001 }]);
    expect(types(dispatch.due([channel()], [], NOW + 2_000_002, 600))).toEqual(['incident.resolved']);
    expect(dispatch.due([channel()], [], NOW + 2_000_003, 600)).toEqual([]);
  });

  it('says nothing of a blip shorter than the dwell, nor of queues it does not cover', () => {
    const dispatch = new ChannelDispatch();
    expect(dispatch.due([channel()], [incident()], NOW + 10_000, 600)).toEqual([]);
    dispatch.resolved([incident({ resolvedAt: NOW + 11_000 })]);
    expect(dispatch.due([channel()], [], NOW + 60_000, 600)).toEqual([]);
    expect(dispatch.due([channel({ queues: [601] })], [incident()], NOW + 60_000, 600)).toEqual([]);
  });

  it('holds everything through quiet hours, across midnight, and sends what is still owed after', () => {
    const quiet = channel({ quietHours: { from: '22:00', to: '07:00' } });
    const dispatch = new ChannelDispatch();
    expect(dispatch.due([quiet], [incident()], NOW + 60_000, 23 * 60)).toEqual([]);
    expect(dispatch.due([quiet], [incident()], NOW + 60_000, 6 * 60 + 59)).toEqual([]);
    expect(types(dispatch.due([quiet], [incident()], NOW + 60_000, 7 * 60))).toEqual(['incident.opened']);
    dispatch.resolved([incident({ resolvedAt: NOW + 70_000 })]);
    expect(dispatch.due([quiet], [], NOW + 80_000, 22 * 60)).toEqual([]);
    expect(types(dispatch.due([quiet], [], NOW + 80_000, 8 * 60))).toEqual(['incident.resolved']);
  });

  it('does not tell a flapping condition again within the cooldown', () => {
    const dispatch = new ChannelDispatch();
    dispatch.due([channel()], [incident()], NOW + 30_000, 600);
    dispatch.resolved([incident({ resolvedAt: NOW + 40_000 })]);
    dispatch.due([channel()], [], NOW + 40_000, 600);
    const second = incident({ id: 'i2', openedAt: NOW + 50_000 });
    expect(dispatch.due([channel()], [second], NOW + 90_000, 600)).toEqual([]);
    expect(types(dispatch.due([channel()], [second], NOW + 630_000, 600))).toEqual(['incident.opened']);
  });

  it('carries on from its snapshot and forgets deleted contact points', () => {
    const dispatch = new ChannelDispatch();
    dispatch.due([channel()], [incident()], NOW + 30_000, 600);
    const again = new ChannelDispatch(dispatch.snapshot());
    expect(again.due([channel()], [incident()], NOW + 31_000, 600)).toEqual([]);
    again.due([], [incident()], NOW + 32_000, 600);
    expect(again.snapshot().told).toEqual({});
  });
});
