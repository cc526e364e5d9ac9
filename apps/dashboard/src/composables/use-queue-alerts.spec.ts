import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { queueRow } from '../../test/support/fixtures.js';
import { freshStores } from '../../test/support/setup.js';
import type { QueueRow } from '../lib/board-rows.js';
import { usePrefsStore } from '../stores/prefs.store.js';
import { useQueueAlerts, type AnnounceMode } from './use-queue-alerts.js';

const beep = vi.hoisted(() => vi.fn(() => true));
const showNotification = vi.hoisted(() => vi.fn());
vi.mock('../lib/beep.js', () => ({ beep }));
vi.mock('../lib/notify.js', () => ({ showNotification }));

/** Queue 2 as the gateway sends it once its alert rose at `at`. */
function risen(at: number): QueueRow {
  const row = queueRow(2, 8);
  const view = row.view ?? queueRow(2, 0).view;
  if (!view) throw new Error('queueRow has a view');
  return {
    ...row,
    view: {
      ...view,
      alert: {
        level: 'critical',
        since: at,
        warnSince: at - 10_000,
        criticalSince: at - 10_000,
        announcedAt: at,
      },
    },
  };
}

let rows = ref<QueueRow[]>([]);

function mountWith(mode: AnnounceMode, prefs: { sound: boolean; notify: boolean }) {
  const { pinia } = freshStores();
  const store = usePrefsStore();
  store.alertSound = prefs.sound;
  store.alertNotifications = prefs.notify;
  rows = ref<QueueRow[]>([queueRow(1, 0), queueRow(2, 0)]);
  const Probe = defineComponent({
    setup() {
      useQueueAlerts(rows, mode, true);
      return () => h('div');
    },
  });
  return mount(Probe, { global: { plugins: [pinia] } });
}

describe('useQueueAlerts announcements', () => {
  beforeEach(() => {
    localStorage.clear();
    beep.mockClear();
    showNotification.mockClear();
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 9, 0, 0) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beeps and notifies once when the gateway announces a rise, as the console prefs allow', async () => {
    const wrapper = mountWith('console', { sound: true, notify: true });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(beep).not.toHaveBeenCalled();
    rows.value = [queueRow(1, 0), risen(Date.now())];
    await vi.advanceTimersByTimeAsync(30_000);
    await flushPromises();
    expect(beep).toHaveBeenCalledTimes(1);
    expect(beep).toHaveBeenCalledWith('critical');
    expect(showNotification).toHaveBeenCalledExactlyOnceWith(
      'Queue 2: critical',
      '8 waiting',
      'queue-alert-2',
    );
    wrapper.unmount();
  });

  it('stays silent when the user did not opt in, and on boards', async () => {
    const off = mountWith('console', { sound: false, notify: false });
    await vi.advanceTimersByTimeAsync(2_000);
    rows.value = [queueRow(1, 0), risen(Date.now())];
    await vi.advanceTimersByTimeAsync(12_000);
    off.unmount();
    const board = mountWith('silent', { sound: true, notify: true });
    await vi.advanceTimersByTimeAsync(2_000);
    rows.value = [queueRow(1, 0), risen(Date.now())];
    await vi.advanceTimersByTimeAsync(12_000);
    board.unmount();
    expect(beep).not.toHaveBeenCalled();
    expect(showNotification).not.toHaveBeenCalled();
  });

  it('does not sound an alert that was already up when the page opened', async () => {
    const { pinia } = freshStores();
    usePrefsStore().alertSound = true;
    rows = ref<QueueRow[]>([queueRow(1, 0), risen(Date.now() - 60_000)]);
    const Probe = defineComponent({
      setup() {
        useQueueAlerts(rows, 'console', true);
        return () => h('div');
      },
    });
    const wrapper = mount(Probe, { global: { plugins: [pinia] } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(beep).not.toHaveBeenCalled();
    wrapper.unmount();
  });
});
