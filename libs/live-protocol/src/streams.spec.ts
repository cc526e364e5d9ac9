import { describe, expect, it } from 'vitest';
import {
  applyKeyedPatch,
  applyPatch,
  applyQueuePatch,
  callStreamsOf,
  deltaAction,
  isStreamId,
  parseStreamId,
  queueIdOf,
  queueStream,
  type AgentView,
  type QueueView,
} from './index.js';

const agent = (number: string, state: AgentView['state'] = 'available'): AgentView => ({
  number,
  name: `Agent ${number}`,
  state,
  since: 1,
  pauseReason: '',
  kind: 'static',
});

const queue = (): QueueView => ({
  id: 1,
  number: '6400',
  name: 'Sales',
  thresholds: {
    waiting: { warn: 3, critical: 6 },
    longestWaitSec: { warn: 60, critical: 120 },
    serviceLevel: { warn: 80, critical: 60 },
    serviceLevelSec: 20,
    maxPauseSec: 900,
  },
  agents: [agent('1001'), agent('1002')],
  waiting: [],
  stats: {
    waiting: 0,
    oldestWaitingSince: null,
    agentCounts: {
      available: 2,
      ringing: 0,
      on_call: 0,
      on_hold: 0,
      paused: 0,
      offline: 0,
      unknown: 0,
      logged_out: 0,
    },
    today: {
      dayStart: 0,
      timeZone: 'UTC',
      offered: 0,
      answered: 0,
      abandoned: 0,
      shortAbandoned: 0,
      answeredWithinThreshold: 0,
      serviceLevel: null,
      avgWaitSec: null,
      avgTalkSec: null,
    },
    forecast: null,
  },
  confirmedAt: 10,
  pollIntervalMs: 2000,
  alert: { level: 'ok', since: 0, warnSince: null, criticalSince: null, announcedAt: null },
});

describe('stream ids', () => {
  it('recognises queue and named streams only', () => {
    expect(queueStream(4)).toBe('queue:4');
    expect(queueIdOf('queue:4')).toBe(4);
    expect(queueIdOf('inbound')).toBeUndefined();
    expect(isStreamId('inbound')).toBe(true);
    expect(isStreamId('queue:x')).toBe(false);
    expect(isStreamId('admin')).toBe(false);
    expect(isStreamId(3)).toBe(false);
  });

  it('reads every kind with the id forms it has, and nothing else', () => {
    expect(parseStreamId('queue:7')).toEqual({ kind: 'queue', queueId: 7 });
    expect(parseStreamId('inbound')).toEqual({ kind: 'inbound', queueId: null });
    expect(parseStreamId('inbound:2')).toEqual({ kind: 'inbound', queueId: 2 });
    expect(parseStreamId('uacsta:3')).toEqual({ kind: 'uacsta', queueId: 3 });
    expect(parseStreamId('health')).toEqual({ kind: 'health', queueId: null });
    // Fail closed: unknown kinds, forms a kind does not have, and queue ids that are not one canonical id.
    for (const bad of ['queue', 'conferences:1', 'health:1', 'inbound:0', 'queue:007', 'queue:-1', 'audit'])
      expect(parseStreamId(bad), bad).toBeUndefined();
    expect(parseStreamId('toString')).toBeUndefined();
    expect(parseStreamId('queue:1:2')).toBeUndefined();
    expect(queueIdOf('inbound:2')).toBeUndefined();
  });

  it('gives whole-PBX sessions the whole call streams and others one per queue of their scope', () => {
    expect(callStreamsOf('inbound', { role: 'supervisor', queues: 'all' })).toEqual(['inbound']);
    expect(callStreamsOf('uacsta', { role: 'admin', queues: [1] })).toEqual(['uacsta']);
    expect(callStreamsOf('inbound', { role: 'supervisor', queues: [1, 3] })).toEqual([
      'inbound:1',
      'inbound:3',
    ]);
    expect(callStreamsOf('uacsta', { role: 'supervisor', queues: [] })).toEqual([]);
  });
});

describe('deltaAction', () => {
  it('applies the next sequence, ignores old ones, resyncs on a gap or without a snapshot', () => {
    expect(deltaAction(4, 5)).toBe('apply');
    expect(deltaAction(4, 4)).toBe('ignore');
    expect(deltaAction(4, 3)).toBe('ignore');
    expect(deltaAction(4, 6)).toBe('resync');
    expect(deltaAction(undefined, 1)).toBe('resync');
  });
});

describe('applying patches', () => {
  it('keyed patch keeps order, replaces, removes and appends', () => {
    const items = [
      { k: 'a', v: 1 },
      { k: 'b', v: 1 },
      { k: 'c', v: 1 },
    ];
    const out = applyKeyedPatch(
      items,
      {
        upsert: [
          { k: 'b', v: 2 },
          { k: 'd', v: 1 },
        ],
        remove: ['a'],
      },
      (i) => i.k,
    );
    expect(out).toEqual([
      { k: 'b', v: 2 },
      { k: 'c', v: 1 },
      { k: 'd', v: 1 },
    ]);
    expect(items).toHaveLength(3);
  });

  it('queue patch changes only what it carries', () => {
    const before = queue();
    const after = applyQueuePatch(before, {
      agents: { upsert: [agent('1002', 'on_call')], remove: [] },
      confirmedAt: 20,
    });
    expect(after.agents.map((a) => a.state)).toEqual(['available', 'on_call']);
    expect(after.confirmedAt).toBe(20);
    expect(after.stats).toBe(before.stats);
    expect(after.waiting).toBe(before.waiting);
    expect(after.alert).toBe(before.alert);
    expect(before.agents[1]?.state).toBe('available');
    const critical = {
      level: 'critical',
      since: 30,
      warnSince: 20,
      criticalSince: 20,
      announcedAt: 30,
    } as const;
    expect(applyQueuePatch(before, { alert: critical }).alert).toEqual(critical);
  });

  it('applyPatch dispatches by kind', () => {
    const health = {
      pbx: 'down',
      lastSuccessAt: null,
      lastError: 'x',
      eventStream: 'reconnecting',
      pbxSince: 1,
      eventStreamSince: 1,
      serverTime: 1,
    } as const;
    expect(applyPatch('health', { ...health, pbx: 'connected' }, health)).toEqual(health);
    const conferences = applyPatch('conferences', [{ number: '6900', name: 'A', members: [] }], {
      upsert: [],
      remove: ['6900'],
    });
    expect(conferences).toEqual([]);
    expect(() => applyPatch('audit' as 'health', health, health)).toThrow(/unknown stream kind "audit"/);
  });
});
