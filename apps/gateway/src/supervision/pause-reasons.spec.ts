import { describe, expect, it } from 'vitest';
import { PauseReasonsCache } from './pause-reasons.js';

const LUNCH = { code: '*01', reason: 'Lunch' };
const BREAK = { code: '*02', reason: 'Break' };

function setup(lists: (typeof LUNCH)[][]) {
  let now = 1_000;
  let reads = 0;
  const pending: (() => void)[] = [];
  const cache = new PauseReasonsCache(
    () => {
      const list = lists[Math.min(reads, lists.length - 1)] ?? [];
      reads++;
      if (list.length === 0) return Promise.reject(new Error('PBX down'));
      return new Promise((resolve) => pending.push(() => resolve(list)));
    },
    { freshMs: 60_000, now: () => now },
  );
  const flush = async () => {
    for (const release of pending.splice(0)) release();
    await Promise.resolve();
    await Promise.resolve();
  };
  /** The first read, answered by the PBX. */
  const readFirst = async () => {
    const first = cache.get();
    await flush();
    return first;
  };
  return { cache, reads: () => reads, flush, readFirst, advance: (ms: number) => (now += ms) };
}

describe('PauseReasonsCache', () => {
  it('readers asking at once share one PBX read; a fresh list is answered without another', async () => {
    const { cache, reads, flush } = setup([[LUNCH]]);
    const both = Promise.all([cache.get(), cache.get()]);
    await flush();
    expect((await both).map((v) => v.reasons)).toEqual([[LUNCH], [LUNCH]]);
    expect(await cache.find('*01')).toEqual(LUNCH);
    expect(reads()).toBe(1);
  });

  it('answers a stale list at once and refreshes it behind; invalidate forces a read', async () => {
    const { cache, reads, flush, readFirst, advance } = setup([[LUNCH], [LUNCH, BREAK], [BREAK]]);
    await readFirst();
    advance(60_000);
    expect((await cache.get()).reasons).toEqual([LUNCH]);
    await flush();
    expect((await cache.get()).reasons).toEqual([LUNCH, BREAK]);
    expect(cache.peek('*02')).toEqual(BREAK);
    cache.invalidate();
    expect(cache.peek('*02')).toBeUndefined();
    const again = cache.get();
    await flush();
    expect((await again).reasons).toEqual([BREAK]);
    expect(reads()).toBe(3);
  });

  it('a failed first read fails the reader; a failed refresh keeps the previous list', async () => {
    const down = setup([[]]);
    await expect(down.cache.get()).rejects.toThrow('PBX down');
    const { cache, flush, readFirst, advance } = setup([[LUNCH], []]);
    await readFirst();
    advance(61_000);
    expect((await cache.get()).reasons).toEqual([LUNCH]);
    await flush();
    expect((await cache.get()).reasons).toEqual([LUNCH]);
  });
});
