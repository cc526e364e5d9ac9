import type { QueueIntervalsAnswer } from '@switchboard/live-protocol';
import { onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue';
import { callApi } from '../api/rest-client.js';
import { useSessionStore } from '../stores/session.store.js';

/** How often a queue's intervals are asked for again: an interval is 15 minutes, a minute is fresh enough. */
export const INTERVALS_REFRESH_MS = 60_000;

/** A queue's day in intervals, as the chart shows it, and how fresh that is. */
export interface QueueIntervals {
  /** The last good answer for the current queue (kept through failed refreshes); null before the first. */
  data: Ref<QueueIntervalsAnswer | null>;
  /** Why the last request failed, or null when it succeeded. */
  error: Ref<string | null>;
  /** When the data was last fetched (epoch ms, this browser's clock). */
  fetchedAt: Ref<number | null>;
  loading: Ref<boolean>;
  /** Asks now, unless a request is already on its way. */
  refresh(): Promise<void>;
}

/**
 * `GET /api/queues/:id/intervals` for the calling component: when it mounts, every
 * {@link INTERVALS_REFRESH_MS} while the page is visible, and at once when the page becomes visible again.
 * Never two requests at once; a failure is noted in `error` and the last good data kept; nothing is asked after
 * unmount, and an answer arriving after it (or for a queue no longer shown) is dropped.
 */
export function useQueueIntervals(
  queueId: () => number,
  options: { refreshMs?: number } = {},
): QueueIntervals {
  const session = useSessionStore();
  const data = ref<QueueIntervalsAnswer | null>(null);
  const error = ref<string | null>(null);
  const fetchedAt = ref<number | null>(null);
  const loading = ref(false);
  let active = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  /** The queue changed while a request was on its way: ask for the new one as soon as that one is back. */
  let askAgain = false;

  async function refresh(): Promise<void> {
    if (!active || loading.value) return;
    const id = queueId();
    loading.value = true;
    try {
      const answer = await callApi<QueueIntervalsAnswer>(`/api/queues/${encodeURIComponent(id)}/intervals`, {
        token: session.token,
      });
      if (!active || id !== queueId()) return;
      if (answer.ok) {
        data.value = answer.data;
        error.value = null;
        fetchedAt.value = Date.now();
      } else {
        error.value = answer.error.message;
      }
    } finally {
      loading.value = false;
      if (askAgain) {
        askAgain = false;
        void refresh();
      }
    }
  }

  const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
  const tick = () => {
    if (!hidden()) void refresh();
  };
  const onVisibility = () => {
    if (!hidden()) void refresh();
  };

  // Another queue (a TV rotating through its boards): its own figures from scratch, at once.
  watch(queueId, () => {
    data.value = null;
    error.value = null;
    fetchedAt.value = null;
    // An answer for the previous queue still on its way is dropped when it lands, and then this one is asked.
    if (loading.value) askAgain = true;
    else void refresh();
  });

  onMounted(() => {
    active = true;
    void refresh();
    timer = setInterval(tick, options.refreshMs ?? INTERVALS_REFRESH_MS);
    document.addEventListener('visibilitychange', onVisibility);
  });

  onBeforeUnmount(() => {
    active = false;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  });

  return { data, error, fetchedAt, loading, refresh };
}
