import { computed, watch, type ComputedRef, type Ref } from 'vue';
import { beep } from '../lib/beep.js';
import type { QueueRow } from '../lib/board-rows.js';
import { showNotification } from '../lib/notify.js';
import { bySeverity } from '../lib/queue-alerts.js';
import { longestWaitSec } from '../lib/queue-tiles.js';
import { usePrefsStore } from '../stores/prefs.store.js';
import { useQueueAlertsStore, type Announcement } from '../stores/queue-alerts.store.js';
import { useClock } from './use-clock.js';

/** How a rising alert is announced: on the console as the user's preferences allow; boards stay silent. */
export type AnnounceMode = 'console' | 'silent';

function announce(items: Announcement[], sound: boolean, notify: boolean): void {
  if (items.length === 0) return;
  if (sound) beep('critical');
  if (!notify) return;
  for (const item of items) {
    showNotification(
      `${item.name}: ${item.level === 'critical' ? 'critical' : 'warning'}`,
      item.reasons.join(', '),
      `queue-alert-${item.id}`,
    );
  }
}

/**
 * Tracks the alerts of `rows` once a second and returns the rows most severe first. With `detail`, queues
 * of equal alert also sort by calls waiting and longest wait (the console); without it they keep their
 * order (a TV board should not reshuffle at every new call).
 */
export function useQueueAlerts(
  rows: Ref<readonly QueueRow[]>,
  mode: AnnounceMode,
  detail: boolean,
): ComputedRef<QueueRow[]> {
  const alerts = useQueueAlertsStore();
  const prefs = usePrefsStore();
  const clock = useClock();
  watch(
    [() => clock.serverSecond, rows],
    () => {
      const risen = alerts.update(rows.value, clock.serverSecond);
      if (mode === 'console') announce(risen, prefs.alertSound, prefs.alertNotifications);
    },
    { immediate: true },
  );
  return computed(() =>
    rows.value
      .map((row) => ({
        row,
        key: {
          id: row.id,
          rank: alerts.rank(row.id),
          waiting: detail ? (row.view?.stats.waiting ?? 0) : 0,
          longestWaitSec:
            detail && row.view ? longestWaitSec(row.view, row.frozenAt ?? clock.serverSecond) : null,
        },
      }))
      .sort((a, b) => bySeverity(a.key, b.key))
      .map((entry) => entry.row),
  );
}
