import { describe, expect, it } from 'vitest';
import { fitGrid, MAX_FONT_PX, type FitResult } from './fit-grid.js';

const SCREENS = [
  { name: 'laptop 1366x768', width: 1366, height: 768 },
  { name: 'full HD 1920x1080', width: 1920, height: 1080 },
  { name: '4K TV 3840x2160', width: 3840, height: 2160 },
] as const;
const COUNTS = [1, 8, 120, 500] as const;

/** The share of the screen the wallboard leaves to the agent grid (header, tiles, waiting list aside). */
const gridArea = (screen: { width: number; height: number }) => ({
  width: Math.floor(screen.width * 0.8),
  height: Math.floor(screen.height * 0.62),
});

function fits(result: FitResult, width: number, height: number, count: number, gap: number) {
  expect(result.columns * result.rows).toBeGreaterThanOrEqual(count);
  expect(result.columns * result.cellWidth + (result.columns - 1) * gap).toBeLessThanOrEqual(width);
  expect(result.rows * result.cellHeight + (result.rows - 1) * gap).toBeLessThanOrEqual(height);
}

describe('fitGrid', () => {
  for (const screen of SCREENS) {
    for (const count of COUNTS) {
      it(`fits ${count} agents on a ${screen.name} without scrolling`, () => {
        const area = gridArea(screen);
        const result = fitGrid({ ...area, count, gap: 4 });
        fits(result, area.width, area.height, count, count > 200 ? 2 : 4);
        expect(result.fontSize).toBeGreaterThanOrEqual(6);
        expect(result.fontSize).toBeLessThanOrEqual(MAX_FONT_PX);
      });
    }
  }

  it('shows full cards when there is room and denser cards when there are many agents', () => {
    expect(fitGrid({ ...gridArea(SCREENS[1]), count: 8 }).density).toBe('full');
    expect(fitGrid({ ...gridArea(SCREENS[0]), count: 500 }).density).toBe('micro');
    expect(fitGrid({ ...gridArea(SCREENS[2]), count: 500 }).density).not.toBe('micro');
  });

  it('scales type with the space: a bigger screen never gets smaller type', () => {
    for (const count of COUNTS) {
      const sizes = SCREENS.map((screen) => fitGrid({ ...gridArea(screen), count }).fontSize);
      expect(sizes[1]).toBeGreaterThanOrEqual(sizes[0] ?? 0);
      expect(sizes[2]).toBeGreaterThanOrEqual(sizes[1] ?? 0);
    }
  });

  it('more agents in the same space never get larger type', () => {
    for (const screen of SCREENS) {
      const sizes = COUNTS.map((count) => fitGrid({ ...gridArea(screen), count }).fontSize);
      for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1] ?? Infinity);
    }
  });

  it('keeps a lone agent card-shaped on a TV instead of filling the screen', () => {
    const result = fitGrid({ width: 3000, height: 1300, count: 1 });
    expect(result.fontSize).toBe(MAX_FONT_PX);
    expect(result.cellHeight).toBeLessThan(400);
  });

  it('survives degenerate sizes', () => {
    const result = fitGrid({ width: 0, height: 0, count: 0 });
    expect(result.columns).toBeGreaterThanOrEqual(1);
    expect(Number.isFinite(result.fontSize)).toBe(true);
  });
});
