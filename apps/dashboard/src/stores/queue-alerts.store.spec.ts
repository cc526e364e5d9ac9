import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { gatewayAlerts, queueRow } from '../../test/support/fixtures.js';
import type { QueueRow } from '../lib/board-rows.js';
import { SILENCE_STORAGE_KEY, useQueueAlertsStore } from './queue-alerts.store.js';

const T0 = 1_000_000;

let gateway = gatewayAlerts();

/**
 * Runs the gateway's alert judgement and the store once a second from `from` for `seconds`; returns every
 * announcement the store made.
 */
function tick(
  store: ReturnType<typeof useQueueAlertsStore>,
  rows: QueueRow[],
  from: number,
  seconds: number,
) {
  const out = [];
  for (let s = 0; s < seconds; s++)
    out.push(...store.update(gateway(rows, from + s * 1000), from + s * 1000));
  return out;
}

describe('queue alerts store', () => {
  beforeEach(() => {
    gateway = gatewayAlerts();
    localStorage.clear();
    setActivePinia(createPinia());
  });

  it('announces a queue once its alert has held, naming the figures', () => {
    const store = useQueueAlertsStore();
    const announced = tick(store, [queueRow(1, 0), queueRow(2, 7)], T0, 12);
    expect(announced).toEqual([{ id: 2, name: 'Queue 2', level: 'critical', reasons: ['7 waiting'] }]);
    expect(store.presentation(2)).toMatchObject({ level: 'critical', audible: true });
    expect(store.rank(2)).toBeGreaterThan(store.rank(1));
  });

  it('announces nothing for a muted queue, and remembers the mute in this browser until it recovers', () => {
    const store = useQueueAlertsStore();
    tick(store, [queueRow(2, 4)], T0, 11);
    store.mute(2);
    expect(JSON.parse(localStorage.getItem(SILENCE_STORAGE_KEY) ?? '{}')).toEqual({
      2: { acknowledged: null, muted: true },
    });
    expect(tick(store, [queueRow(2, 9)], T0 + 11_000, 200)).toEqual([]);
    tick(store, [queueRow(2, 0)], T0 + 211_000, 1);
    expect(localStorage.getItem(SILENCE_STORAGE_KEY)).toBe('{}');
  });

  it('an acknowledged warning alerts again when the queue turns critical', () => {
    const store = useQueueAlertsStore();
    tick(store, [queueRow(2, 4)], T0, 11);
    store.acknowledge(2);
    expect(store.presentation(2)).toMatchObject({ level: 'warn', acknowledged: true, audible: false });
    // Critical after the cooldown of the first announcement: announced again.
    const later = tick(store, [queueRow(2, 9)], T0 + 200_000, 11);
    expect(later.map((a) => a.level)).toEqual(['critical']);
    expect(store.presentation(2)).toMatchObject({ acknowledged: false, flashing: true });
  });

  it('shows an alert the gateway already judged at once, without sounding it on a page that just opened', () => {
    const store = useQueueAlertsStore();
    // queueRow's alert is the gateway's after a long critical spell: no dwell on this screen.
    expect(store.update([queueRow(2, 9)], T0)).toEqual([]);
    expect(store.presentation(2)).toMatchObject({ level: 'critical', flashing: false, audible: true });
    expect(store.reasons(2)).toEqual(['9 waiting']);
  });

  it('ignores acknowledging or muting a queue that is not alerting', () => {
    const store = useQueueAlertsStore();
    tick(store, [queueRow(1, 0)], T0, 2);
    store.acknowledge(1);
    store.mute(1);
    expect(localStorage.getItem(SILENCE_STORAGE_KEY)).toBeNull();
  });
});
