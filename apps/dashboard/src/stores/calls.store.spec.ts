import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshStores } from '../../test/support/setup.js';
import { CALL_SEARCH_TIMEOUT_MS, useCallsStore } from './calls.store.js';

describe('calls store', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('never searches forever: a gateway that does not answer ends as a timeout in words', async () => {
    vi.useFakeTimers();
    freshStores();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      ),
    );
    const store = useCallsStore();
    const searching = store.search({ caller: '5550100' });
    expect(store.searchState).toBe('loading');
    await vi.advanceTimersByTimeAsync(CALL_SEARCH_TIMEOUT_MS);
    await searching;
    expect(store.searchState).toBe('error');
    expect(store.searchError?.message).toBe('The gateway did not answer within 30 s.');
  });

  it('drops the answer of a search overtaken by a newer one', async () => {
    freshStores();
    const answers: ((body: unknown) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) =>
            answers.push((body) => resolve(new Response(JSON.stringify(body)))),
          ),
      ),
    );
    const store = useCallsStore();
    const first = store.search({ caller: '1' });
    const second = store.search({ caller: '2' });
    const page = (total: number) => ({ ok: true, data: { total, page: 1, pageSize: 10_000, calls: [] } });
    answers[1]?.(page(2));
    await second;
    answers[0]?.(page(1));
    await first;
    expect(store.result?.total).toBe(2);
    expect(store.query).toEqual({ caller: '2' });
  });
});
