import type { QueueIntervalsAnswer } from '@switchboard/live-protocol';
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { freshStores } from '../../test/support/setup.js';
import { TOKEN_STORAGE_KEY } from '../stores/session.store.js';
import { INTERVALS_REFRESH_MS, useQueueIntervals, type QueueIntervals } from './use-queue-intervals.js';

function answerOf(queueId: number, offered = 1): QueueIntervalsAnswer {
  return {
    queueId,
    timeZone: 'UTC',
    intervalMin: 15,
    today: {
      dayStart: 0,
      intervals: [
        {
          start: 0,
          offered,
          answered: 0,
          abandoned: 0,
          shortAbandoned: 0,
          serviceLevel: null,
          avgWaitSec: null,
          longestWaitSec: null,
        },
      ],
    },
    lastWeek: null,
  };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch whose answers the test hands out one by one. */
function pendingFetch() {
  const waiting: ((response: Response) => void)[] = [];
  const fetchMock = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        waiting.push(resolve);
      }),
  );
  return {
    fetchMock,
    answer(body: unknown, status = 200) {
      const next = waiting.shift();
      if (!next) throw new Error('no request is waiting');
      next(jsonResponse(status, body));
    },
    get waiting() {
      return waiting.length;
    },
  };
}

let visibility: DocumentVisibilityState = 'visible';

function mountWith(queueId: () => number): { intervals: QueueIntervals; unmount(): void } {
  let intervals: QueueIntervals | undefined;
  const Probe = defineComponent({
    setup() {
      intervals = useQueueIntervals(queueId);
      return () => h('div');
    },
  });
  const wrapper = mount(Probe);
  if (!intervals) throw new Error('not set up');
  return { intervals, unmount: () => wrapper.unmount() };
}

describe('useQueueIntervals', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    freshStores();
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks on mount with the session token, then every minute', async () => {
    const server = pendingFetch();
    vi.stubGlobal('fetch', server.fetchMock);
    const { intervals, unmount } = mountWith(() => 3);
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = server.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/queues/3/intervals');
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok-1');
    server.answer({ ok: true, data: answerOf(3, 7) });
    await flushPromises();
    expect(intervals.data.value?.today.intervals[0]?.offered).toBe(7);
    expect(intervals.error.value).toBeNull();

    await vi.advanceTimersByTimeAsync(INTERVALS_REFRESH_MS);
    expect(server.fetchMock).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('never sends a second request while one is on its way', async () => {
    const server = pendingFetch();
    vi.stubGlobal('fetch', server.fetchMock);
    const { intervals, unmount } = mountWith(() => 1);
    // The first answer is slow: a minute passes, the page comes back into view, a refresh is asked for.
    await vi.advanceTimersByTimeAsync(INTERVALS_REFRESH_MS);
    document.dispatchEvent(new Event('visibilitychange'));
    await intervals.refresh();
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
    server.answer({ ok: true, data: answerOf(1) });
    await flushPromises();
    await vi.advanceTimersByTimeAsync(INTERVALS_REFRESH_MS);
    expect(server.fetchMock).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('keeps the last good figures when a refresh fails, and says why', async () => {
    const server = pendingFetch();
    vi.stubGlobal('fetch', server.fetchMock);
    const { intervals, unmount } = mountWith(() => 1);
    server.answer({ ok: true, data: answerOf(1, 5) });
    await flushPromises();
    await vi.advanceTimersByTimeAsync(INTERVALS_REFRESH_MS);
    server.answer({ ok: false, error: { code: 'unavailable', message: 'The PBX is not answering.' } }, 503);
    await flushPromises();
    expect(intervals.data.value?.today.intervals[0]?.offered).toBe(5);
    expect(intervals.error.value).toBe('The PBX is not answering.');
    // A network failure is noted too, never thrown.
    server.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(INTERVALS_REFRESH_MS);
    await flushPromises();
    expect(intervals.error.value).toContain('Failed to fetch');
    expect(intervals.data.value?.today.intervals[0]?.offered).toBe(5);
    unmount();
  });

  it('skips refreshes while the page is hidden and asks at once when it is shown again', async () => {
    const server = pendingFetch();
    vi.stubGlobal('fetch', server.fetchMock);
    const { unmount } = mountWith(() => 1);
    server.answer({ ok: true, data: answerOf(1) });
    await flushPromises();
    visibility = 'hidden';
    await vi.advanceTimersByTimeAsync(3 * INTERVALS_REFRESH_MS);
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(server.fetchMock).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('stops on unmount and drops an answer that lands after it', async () => {
    const server = pendingFetch();
    vi.stubGlobal('fetch', server.fetchMock);
    const { intervals, unmount } = mountWith(() => 1);
    unmount();
    server.answer({ ok: true, data: answerOf(1) });
    await flushPromises();
    expect(intervals.data.value).toBeNull();
    await vi.advanceTimersByTimeAsync(5 * INTERVALS_REFRESH_MS);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('starts afresh for another queue, after the request on its way, whose answer is dropped', async () => {
    const server = pendingFetch();
    vi.stubGlobal('fetch', server.fetchMock);
    const queue = ref(1);
    const { intervals, unmount } = mountWith(() => queue.value);
    queue.value = 2;
    await flushPromises();
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
    server.answer({ ok: true, data: answerOf(1, 9) });
    await flushPromises();
    expect(intervals.data.value).toBeNull();
    expect(server.fetchMock).toHaveBeenCalledTimes(2);
    expect(server.fetchMock.mock.calls[1]?.[0 as never]).toBe('/api/queues/2/intervals');
    server.answer({ ok: true, data: answerOf(2, 4) });
    await flushPromises();
    expect(intervals.data.value?.queueId).toBe(2);
    unmount();
  });
});
