import type {
  ConferenceView,
  HealthView,
  HeldCallView,
  KeyedPatch,
  QueueView,
  UacstaCallView,
} from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { MetricsService } from '../metrics/metrics.service.js';
import type { LiveEmitter } from './live-emitter.js';
import { StreamHub } from './stream-hub.service.js';
import type { StreamReplica, StreamState } from './stream-replica.js';

function hubWithRecorder(replica?: StreamReplica) {
  const sent: { room: string; event: string; payload: unknown }[] = [];
  const emitter = {
    toRoom: (room: string, event: string, payload: unknown) => sent.push({ room, event, payload }),
  } as unknown as LiveEmitter;
  return { hub: new StreamHub(emitter, new MetricsService(), replica), sent };
}

/** A held call of queue 1, pending or in the status given. */
const held = (callId: string, status: HeldCallView['status'] = 'pending') =>
  ({ callId, queueId: 1, status }) as HeldCallView;

const health = (pbx: HealthView['pbx']): HealthView => ({
  pbx,
  lastSuccessAt: 1,
  lastError: null,
  eventStream: 'open',
  pbxSince: 1,
  eventStreamSince: 1,
  serverTime: 2,
});

describe('StreamHub', () => {
  it('numbers commits per stream, sending the first as a snapshot and the rest as deltas to the room', () => {
    const { hub, sent } = hubWithRecorder();
    expect(hub.commit('health', 'health', health('down'), health('down'))).toBe(1);
    expect(hub.commit('health', 'health', health('connected'), health('connected'))).toBe(2);
    const conferences: ConferenceView[] = [{ number: '6901', name: 'Ops', members: [] }];
    const patch: KeyedPatch<ConferenceView> = { upsert: conferences, remove: [] };
    expect(hub.commit('conferences', 'conferences', conferences, patch)).toBe(1);
    expect(hub.commit('health', 'health', health('degraded'), health('degraded'))).toBe(3);
    expect(sent.map((s) => [s.room, s.event, (s.payload as { seq: number }).seq])).toEqual([
      ['stream:health', 'snapshot', 1],
      ['stream:health', 'delta', 2],
      ['conferences', 'snapshot', 1],
      ['stream:health', 'delta', 3],
    ]);
    expect(sent[1]?.payload).toEqual({
      stream: 'health',
      kind: 'health',
      seq: 2,
      patch: health('connected'),
    });
  });

  it('serves the latest data with its sequence number as the snapshot', () => {
    const { hub } = hubWithRecorder();
    expect(hub.snapshot('health')).toBeUndefined();
    hub.commit('health', 'health', health('down'), health('down'));
    hub.commit('health', 'health', health('connected'), health('connected'));
    expect(hub.snapshot('health')).toEqual({
      stream: 'health',
      kind: 'health',
      seq: 2,
      data: health('connected'),
    });
    expect(hub.current('health', 'health')?.pbx).toBe('connected');
    expect(hub.current('health', 'queue')).toBeUndefined();
  });

  it('splits held calls by queue: each call reaches its queue’s room once, calls of no queue none', () => {
    const { hub, sent } = hubWithRecorder();
    const call = (callId: string, queueId?: number) =>
      ({ callId, to: '800', ...(queueId ? { queueId } : {}) }) as HeldCallView;
    const commit = (calls: HeldCallView[], upsert: HeldCallView[], remove: string[] = []) =>
      hub.commit('inbound', 'inbound', calls, { upsert, remove });
    commit([], []);
    commit([call('a', 1)], [call('a', 1)]);
    commit([call('a', 1), call('b', 2), call('c')], [call('b', 2), call('c')]);
    // b's route now leads to queue 1: it leaves queue 2's stream and joins queue 1's.
    commit([call('a', 1), call('b', 1), call('c')], [call('b', 1)]);
    commit([call('b', 1), call('c')], [], ['a']);
    const by = (room: string) =>
      sent.filter((s) => s.room === room).map((s) => [s.event, (s.payload as { seq: number }).seq]);
    expect(by('stream:inbound')).toHaveLength(5);
    expect(by('stream:inbound:1')).toEqual([
      ['snapshot', 1],
      ['delta', 2],
      ['delta', 3],
    ]);
    expect(by('stream:inbound:2')).toEqual([
      ['snapshot', 1],
      ['delta', 2],
    ]);
    expect(hub.current('inbound:1', 'inbound')?.map((c) => c.callId)).toEqual(['b']);
    expect(hub.current('inbound:2', 'inbound')).toEqual([]);
    expect(sent.find((s) => s.room === 'stream:inbound:1' && s.event === 'delta')?.payload).toEqual({
      stream: 'inbound:1',
      kind: 'inbound',
      seq: 2,
      patch: { upsert: [call('b', 1)], remove: [] },
    });
    expect(JSON.stringify(sent.filter((s) => s.room.startsWith('stream:inbound:')))).not.toContain('"c"');
    // A queue that never had a call answers an empty snapshot, so its screens know there is none.
    expect(hub.snapshot('inbound:7')).toEqual({ stream: 'inbound:7', kind: 'inbound', seq: 0, data: [] });
    expect(hub.snapshot('conferences')).toBeUndefined();
  });

  it('shows each queue the desk-phone calls of its agents, following agents who join', () => {
    const { hub } = hubWithRecorder();
    const queue = (id: number, agents: string[]) =>
      ({ id, agents: agents.map((number) => ({ number })) }) as QueueView;
    const desk = (extension: string): UacstaCallView => ({
      key: `${extension}:1`,
      extension,
      callId: '1',
      state: 'ringing',
      since: 1,
    });
    hub.commit('queue:1', 'queue', queue(1, ['1001']), {});
    hub.commit('queue:2', 'queue', queue(2, ['2001', '1001']), {});
    hub.commit('uacsta', 'uacsta', [desk('1001'), desk('2001'), desk('3001')], { upsert: [], remove: [] });
    const extensions = (stream: 'uacsta:1' | 'uacsta:2') =>
      hub.current(stream, 'uacsta')?.map((c) => c.extension);
    expect(extensions('uacsta:1')).toEqual(['1001']);
    expect(extensions('uacsta:2')).toEqual(['1001', '2001']);
    hub.commit('queue:1', 'queue', queue(1, ['1001', '3001']), {
      agents: { upsert: [{ number: '3001' } as QueueView['agents'][number]], remove: [] },
    });
    expect(extensions('uacsta:1')).toEqual(['1001', '3001']);
  });

  it('knows which queues exist once the list is loaded', () => {
    const { hub } = hubWithRecorder();
    expect(hub.isKnownQueue(5)).toBe(true);
    hub.setQueueCatalogue([1, 2]);
    expect(hub.isKnownQueue(2)).toBe(true);
    expect(hub.isKnownQueue(5)).toBe(false);
  });
  it('keeps an implied commit for snapshots without numbering or sending it; its removals ride with the next delta', () => {
    const { hub, sent } = hubWithRecorder();
    const commit = (calls: HeldCallView[], upsert: HeldCallView[], remove: string[], implied = false) =>
      hub.commit('inbound', 'inbound', calls, { upsert, remove }, { implied });
    commit([], [], []);
    commit([held('a')], [held('a')], []);
    const frames = sent.length;
    // The deadline's auto-accept and the timed removal follow from the rule: no frame, no seq.
    expect(commit([held('a', 'auto_accepted')], [held('a', 'auto_accepted')], [], true)).toBe(2);
    expect(hub.snapshot('inbound')).toEqual({
      stream: 'inbound',
      kind: 'inbound',
      seq: 2,
      data: [held('a', 'auto_accepted')],
    });
    expect(commit([], [], ['a'], true)).toBe(2);
    expect(sent).toHaveLength(frames);
    expect(hub.snapshot('inbound:1')).toMatchObject({ seq: 1, data: [] });
    // The next real change carries the removal, on the whole stream and on the queue's.
    expect(commit([held('b')], [held('b')], [])).toBe(3);
    expect(sent.slice(frames).map((s) => [s.room, s.payload])).toEqual([
      [
        'stream:inbound',
        { stream: 'inbound', kind: 'inbound', seq: 3, patch: { upsert: [held('b')], remove: ['a'] } },
      ],
      [
        'stream:inbound:1',
        { stream: 'inbound:1', kind: 'inbound', seq: 2, patch: { upsert: [held('b')], remove: ['a'] } },
      ],
    ]);
    // Carried once: the delta after that has no removal of its own.
    commit([held('b'), held('c')], [held('c')], []);
    expect(sent.at(-1)?.payload).toMatchObject({ seq: 3, patch: { upsert: [held('c')], remove: [] } });
  });

  it('does not remove a key the real patch brings back, and sends an implied first commit as a snapshot', () => {
    const { hub, sent } = hubWithRecorder();
    hub.commit('inbound', 'inbound', [held('a')], { upsert: [held('a')], remove: [] }, { implied: true });
    expect(sent.map((s) => [s.room, s.event])).toEqual([
      ['stream:inbound', 'snapshot'],
      ['stream:inbound:1', 'snapshot'],
    ]);
    hub.commit('inbound', 'inbound', [], { upsert: [], remove: ['a'] }, { implied: true });
    hub.commit('inbound', 'inbound', [held('a', 'accepted')], {
      upsert: [held('a', 'accepted')],
      remove: [],
    });
    const brought = { upsert: [held('a', 'accepted')], remove: [] };
    expect(sent.slice(-2).map((s) => s.payload)).toMatchObject([
      { stream: 'inbound', seq: 2, patch: brought },
      { stream: 'inbound:1', seq: 2, patch: brought },
    ]);
    hub.commit('health', 'health', health('down'), health('down'));
    expect(() => hub.commit('health', 'health', health('down'), health('down'), { implied: true })).toThrow(
      /keyed stream/,
    );
  });

  it('leaves implied commits out of the replica: only numbered states are stored', () => {
    const stored: StreamState[] = [];
    const replica: StreamReplica = {
      isLeader: true,
      publish: (state, send) => {
        stored.push(state);
        send();
      },
      publishCatalogue: () => undefined,
    };
    const { hub } = hubWithRecorder(replica);
    hub.commit('inbound', 'inbound', [held('a')], { upsert: [held('a')], remove: [] });
    hub.commit('inbound', 'inbound', [], { upsert: [], remove: ['a'] }, { implied: true });
    expect(stored.map((state) => [state.stream, state.seq])).toEqual([
      ['inbound', 1],
      ['inbound:1', 1],
    ]);
  });
});
