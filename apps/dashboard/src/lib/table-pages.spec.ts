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

  it('keeps every row on one page when they fit the larger height allowed for that, else pages within the limit', () => {
    // 100 heads + 5 rows of 110 = 650: over the 400 limit, within the 700 allowed to show them all.
    expect(tablePages(5, 400, 100, 110, 700)).toEqual({ perPage: 5, count: 1 });
    // 14 rows need 1640: more than either, so they page within the 400 limit (2 rows a page).
    expect(tablePages(14, 400, 100, 110, 700)).toEqual({ perPage: 2, count: 7 });
    // A smaller "fit" height never lowers the limit.
    expect(tablePages(5, 700, 100, 110, 200)).toEqual({ perPage: 5, count: 1 });
  });
});
