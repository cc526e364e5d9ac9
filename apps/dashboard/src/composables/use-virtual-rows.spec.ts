import { describe, expect, it } from 'vitest';
import { rowAfterKey, rowWindow, scrollToShow } from './use-virtual-rows.js';

describe('rowWindow', () => {
  it('renders only the rows on screen plus the overscan, at their offset', () => {
    // 10,000 rows of 36 px in a 540 px viewport scrolled to row 5,000.
    const w = rowWindow(5_000 * 36, 540, 36, 10_000, 8);
    expect(w).toEqual({ start: 4_992, end: 5_024, offsetPx: 4_992 * 36 });
    expect(w.end - w.start).toBeLessThan(40);
  });

  it('clamps at both ends and for empty or short lists', () => {
    expect(rowWindow(0, 540, 36, 10_000, 8)).toEqual({ start: 0, end: 24, offsetPx: 0 });
    expect(rowWindow(9_999 * 36, 540, 36, 10_000, 8).end).toBe(10_000);
    expect(rowWindow(0, 540, 36, 0, 8)).toEqual({ start: 0, end: 0, offsetPx: 0 });
    expect(rowWindow(0, 540, 36, 3, 8)).toEqual({ start: 0, end: 3, offsetPx: 0 });
    // A scroll position past the end (the list shrank) still shows its last rows.
    expect(rowWindow(50_000, 540, 36, 10, 2).end).toBe(10);
    expect(rowWindow(50_000, 540, 36, 10, 2).start).toBeLessThan(10);
  });
});

describe('keyboard', () => {
  it('moves by one, by a page, to the ends, and stays inside the list', () => {
    expect(rowAfterKey('ArrowDown', 0, 100, 15)).toBe(1);
    expect(rowAfterKey('ArrowUp', 0, 100, 15)).toBe(0);
    expect(rowAfterKey('PageDown', 10, 100, 15)).toBe(24);
    expect(rowAfterKey('PageUp', 10, 100, 15)).toBe(0);
    expect(rowAfterKey('End', 10, 100, 15)).toBe(99);
    expect(rowAfterKey('Home', 10, 100, 15)).toBe(0);
    expect(rowAfterKey('ArrowDown', 99, 100, 15)).toBe(99);
    expect(rowAfterKey('x', 3, 100, 15)).toBeNull();
    expect(rowAfterKey('ArrowDown', 0, 0, 15)).toBeNull();
  });

  it('scrolls just enough to show the active row', () => {
    expect(scrollToShow(5, 0, 360, 36)).toBe(0);
    expect(scrollToShow(10, 0, 360, 36)).toBe(36);
    expect(scrollToShow(2, 360, 360, 36)).toBe(72);
  });
});
