import { describe, expect, it } from 'vitest';
import { tablePages } from './table-pages.js';

describe('tablePages', () => {
  it('keeps every row on one page without a limit, before anything is measured, or when they fit', () => {
    expect(tablePages(14, null, 100, 50)).toEqual({ perPage: 14, count: 1 });
    expect(tablePages(14, 600, 100, 0)).toEqual({ perPage: 14, count: 1 });
    expect(tablePages(10, 600, 100, 50)).toEqual({ perPage: 10, count: 1 });
  });

  it('pages rows that do not fit, keeping a line for the page note, never fewer than one a page', () => {
    // 600 - 100 heads - 30 note line = 470: 9 rows of 50.
    expect(tablePages(14, 600, 100, 50)).toEqual({ perPage: 9, count: 2 });
    expect(tablePages(3, 40, 100, 50)).toEqual({ perPage: 1, count: 3 });
  });
});
