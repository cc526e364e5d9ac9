import { describe, expect, it } from 'vitest';
import type { PbxClient } from '../index.js';
import { clientOn, FakePbx, pagesOf } from '../../test/support/fake-pbx.js';

/** A paged list the client walks with `iterate()`, and how its pages look. */
interface PagedList {
  name: string;
  /** Starts `iterate()` with the caller's own parameter (`param`) and `page_size` when given. */
  iterate: (pbx: PbxClient, pageSize?: number) => AsyncGenerator<object, void>;
  /** The caller's parameter every page request must carry. */
  param: [name: string, value: string];
  /** Where a page holds its rows, and whether it says how many there are in all. */
  key: 'data' | 'list';
  withTotal: boolean;
  /** Row `n` as the PBX sends it, and the key of what the client yields for it (`n`, or its record_id). */
  row: (n: number) => object;
  keyOf: (yielded: object) => unknown;
  keyFor: (n: number) => unknown;
  defaultPageSize: string;
}

/** Rows known by their `id`, yielded as the PBX sent them. */
const BY_ID: Pick<PagedList, 'row' | 'keyOf' | 'keyFor'> = {
  row: (n) => ({ id: n }),
  keyOf: (yielded) => (yielded as { id: number }).id,
  keyFor: (n) => n,
};

const LISTS: PagedList[] = [
  {
    name: 'cdr (normalised records, filters kept)',
    iterate: (pbx, page_size) => pbx.cdr.iterate({ page_size, call_from: '2001' }),
    param: ['call_from', '2001'],
    key: 'data',
    withTotal: true,
    row: (n) => ({ new_id: `n${n}` }),
    keyOf: (yielded) => (yielded as { record_id: string }).record_id,
    keyFor: (n) => `n${n}`,
    defaultPageSize: '1000',
  },
  {
    name: 'recording (sorting kept, no total_number)',
    iterate: (pbx, page_size) => pbx.recording.iterate({ page_size, sort_by: 'id', order_by: 'asc' }),
    param: ['sort_by', 'id'],
    key: 'data',
    withTotal: false,
    ...BY_ID,
    defaultPageSize: '100',
  },
  {
    name: 'inboundRoute (sorting kept)',
    iterate: (pbx, page_size) => pbx.inboundRoute.iterate({ page_size, sort_by: 'pos' }),
    param: ['sort_by', 'pos'],
    key: 'data',
    withTotal: true,
    ...BY_ID,
    defaultPageSize: '100',
  },
  {
    name: 'messageChannel (time_range kept, rows under list)',
    iterate: (pbx, page_size) => pbx.messageChannel.iterate({ page_size, time_range: 'today' }),
    param: ['time_range', 'today'],
    key: 'list',
    withTotal: true,
    ...BY_ID,
    defaultPageSize: '100',
  },
];

/** Walks `iterate` to its end: the keys of what it yielded, and the requests it sent. */
async function walk(list: PagedList, count: number, pageSize?: number) {
  const rows = Array.from({ length: count }, (_, i) => list.row(i + 1));
  const fake = new FakePbx().otherwise(pagesOf(rows, list.key, list.withTotal));
  const seen: unknown[] = [];
  for await (const yielded of list.iterate(clientOn(fake), pageSize)) seen.push(list.keyOf(yielded));
  return { seen, fake };
}

describe.each(LISTS.map((list) => [list.name, list] as const))('iterate: %s', (_name, list) => {
  it('requests pages 1, 2, 3 in order with the caller’s parameter and yields every row', async () => {
    const { seen, fake } = await walk(list, 5, 2);
    expect(seen).toEqual([1, 2, 3, 4, 5].map(list.keyFor));
    const [param, value] = list.param;
    expect(fake.requests.map((r) => [r.query['page'], r.query['page_size'], r.query[param]])).toEqual([
      ['1', '2', value],
      ['2', '2', value],
      ['3', '2', value],
    ]);
  });

  it('asks once, with the default page size, when there are no rows', async () => {
    const { seen, fake } = await walk(list, 0);
    expect(seen).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.last.query).toMatchObject({ page: '1', page_size: list.defaultPageSize });
  });

  it('stops at total_number without asking for an empty page, or at the empty page without a total', async () => {
    const { seen, fake } = await walk(list, 2, 1);
    expect(seen).toEqual([1, 2].map(list.keyFor));
    const pages = list.withTotal ? ['1', '2'] : ['1', '2', '3'];
    expect(fake.requests.map((r) => r.query['page'])).toEqual(pages);
  });
});
