import type { ConferenceView, HealthView, KeyedPatch } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { MetricsService } from '../health/metrics.service.js';
import type { LiveEmitter } from './live-emitter.js';
import { StreamHub } from './stream-hub.service.js';

function hubWithRecorder() {
  const sent: { room: string; event: string; payload: unknown }[] = [];
  const emitter = {
    toRoom: (room: string, event: string, payload: unknown) => sent.push({ room, event, payload }),
  } as unknown as LiveEmitter;
  return { hub: new StreamHub(emitter, new MetricsService()), sent };
}

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

  it('knows which queues exist once the list is loaded', () => {
    const { hub } = hubWithRecorder();
    expect(hub.isKnownQueue(5)).toBe(true);
    hub.setQueueCatalogue([1, 2]);
    expect(hub.isKnownQueue(2)).toBe(true);
    expect(hub.isKnownQueue(5)).toBe(false);
  });
});
