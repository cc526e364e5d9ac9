import { describe, expect, it } from 'vitest';
import { paginate, type Page } from './paginate.js';

/** A fetcher over `records` that reports `total` (or not) and logs each page it was asked for. */
function source(records: number[], withTotal = true) {
  const asked: Array<[number, number]> = [];
  const fetch = async (page: number, pageSize: number): Promise<Page<number>> => {
    asked.push([page, pageSize]);
    const items = records.slice((page - 1) * pageSize, page * pageSize);
    return withTotal ? { items, total: records.length } : { items };
  };
  return { asked, fetch };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('paginate', () => {
  it('walks pages from 1 and stops after a short page', async () => {
    const { asked, fetch } = source(range(7), false);
    expect(await collect(paginate(fetch, 3))).toEqual(range(7));
    expect(asked).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('stops once total is reached, without asking for an empty page after a full last page', async () => {
    const { asked, fetch } = source(range(6));
    expect(await collect(paginate(fetch, 3))).toEqual(range(6));
    expect(asked.map(([page]) => page)).toEqual([1, 2]);
  });

  it('asks for one more page when the last page is full and no total is known, then stops on empty', async () => {
    const { asked, fetch } = source(range(6), false);
    expect(await collect(paginate(fetch, 3))).toEqual(range(6));
    expect(asked.map(([page]) => page)).toEqual([1, 2, 3]);
  });

  it('yields nothing for an empty result and asks once', async () => {
    const { asked, fetch } = source([]);
    expect(await collect(paginate(fetch, 10))).toEqual([]);
    expect(asked).toEqual([[1, 10]]);
  });

  it('stops on an empty page even when total claims more records', async () => {
    const asked: number[] = [];
    const fetch = async (page: number): Promise<Page<string>> => {
      asked.push(page);
      return page === 1 ? { items: ['a', 'b'], total: 50 } : { items: [], total: 50 };
    };
    expect(await collect(paginate(fetch, 2))).toEqual(['a', 'b']);
    expect(asked).toEqual([1, 2]);
  });

  it('requests pages lazily: breaking out early sends nothing more', async () => {
    const { asked, fetch } = source(range(9));
    for await (const item of paginate(fetch, 3)) {
      if (item === 2) break;
    }
    expect(asked.map(([page]) => page)).toEqual([1]);
  });

  it('passes an unusable page size to the fetcher and stops after one page if it is accepted', async () => {
    const asked: Array<[number, number]> = [];
    const lenient = async (page: number, pageSize: number): Promise<Page<number>> => {
      asked.push([page, pageSize]);
      return { items: [1, 2] };
    };
    expect(await collect(paginate(lenient, 0))).toEqual([1, 2]);
    expect(asked).toEqual([[1, 0]]);
  });

  it('propagates the fetcher error', async () => {
    const failing = paginate<number>(async () => {
      throw new Error('boom');
    }, 5);
    await expect(collect(failing)).rejects.toThrow('boom');
  });
});
