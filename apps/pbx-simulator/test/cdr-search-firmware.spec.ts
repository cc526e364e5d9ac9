/**
 * `--cdr-search older` over HTTP (docs/pbx/records.md#cdr-search-by-firmware): cdr/search then takes display
 * times only and ignores paging; the default answers like the newest firmware. Both are run on the same calls.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.js';
import { api, startHarness, token, type Harness } from './support/sim-harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

// 2025/08/22 16:44:40 UTC
const T0 = 1_755_881_080;

type Search = (params: Record<string, unknown>) => Promise<{ total_number: number; from: string[] }>;

/** A simulator answering cdr/search like `firmware`, holding five calls a minute apart from T0 on. */
async function withCalls(firmware: 'newest' | 'older', overrides: Record<string, unknown> = {}) {
  h = await startHarness({ cdrSearch: firmware, ...overrides });
  h.fake.setNow(T0 + 3_600);
  for (let i = 0; i < 5; i++)
    h.fake.finish({ timestamp: T0 + 60 * i, call_from_number: `55530003${i}`, call_to_number: '6400' });
  const access = await token(h.sim);
  const harness = h;
  const search: Search = async (params) => {
    const { body } = await api(harness.sim, access, 'cdr/search', params);
    expect(body['errcode']).toBe(0);
    const data = body['data'] as Record<string, unknown>[];
    return {
      total_number: body['total_number'] as number,
      from: data.map((c) => String(c['call_from_number'] ?? 'legacy')),
    };
  };
  return search;
}

describe('cdr/search by firmware', () => {
  it('newest (the default): Unix seconds and display times both filter, and pages are pages', async () => {
    const search = await withCalls('newest');
    expect(h?.sim.config.cdrSearch).toBe('newest');
    expect(await search({ start_time: String(T0 + 120) })).toEqual({
      total_number: 3,
      from: ['555300034', '555300033', '555300032'],
    });
    expect((await search({ start_time: '2025/08/22 16:46:40' })).from).toHaveLength(3);
    expect(await search({ start_time: String(T0), page: 2, page_size: 2 })).toEqual({
      total_number: 5,
      from: ['555300032', '555300031'],
    });
  });

  it('older: a Unix-seconds time matches nothing, without an error; display times filter as before', async () => {
    const search = await withCalls('older');
    expect(await search({ start_time: String(T0 + 120) })).toEqual({ total_number: 0, from: [] });
    expect(await search({ end_time: String(T0 + 10_000) })).toEqual({ total_number: 0, from: [] });
    expect(await search({ start_time: '2025/08/22 16:46:40', end_time: '2025/08/22 16:47:40' })).toEqual({
      total_number: 2,
      from: ['555300033', '555300032'],
    });
  });

  it('older: page and page_size are ignored, every match comes at once and the total is the rows', async () => {
    const search = await withCalls('older');
    const all = await search({ call_to: '6400' });
    expect(all.total_number).toBe(5);
    expect(all.from).toHaveLength(5);
    expect(await search({ call_to: '6400', page: 2, page_size: 2 })).toEqual(all);
    expect(await search({ call_to: '6400', page: 9, page_size: 1 })).toEqual(all);
    // Without filters the seeded legacy records come too: still one answer with every match.
    const everything = await search({ page_size: 3 });
    expect(everything.from.length).toBe(everything.total_number);
    expect(everything.from.length).toBeGreaterThan(5);
  });

  it('older: the display format follows --date-format and --time-format', async () => {
    const search = await withCalls('older', { dateFormat: 'MM/DD/YYYY', timeFormat: '12h' });
    expect((await search({ start_time: '08/22/2025 04:46:40 PM' })).from).toEqual([
      '555300034',
      '555300033',
      '555300032',
    ]);
    expect((await search({ start_time: '2025/08/22 16:46:40' })).from).toEqual([]);
  });

  it('is set with --cdr-search or PBX_SIM_CDR_SEARCH; anything else is refused', () => {
    expect(parseConfig([], {}).cdrSearch).toBe('newest');
    expect(parseConfig(['--cdr-search', 'older'], {}).cdrSearch).toBe('older');
    expect(parseConfig([], { PBX_SIM_CDR_SEARCH: 'older' }).cdrSearch).toBe('older');
    expect(() => parseConfig(['--cdr-search=oldest'], {})).toThrow(
      '--cdr-search must be one of newest, older, got "oldest"',
    );
  });
});
