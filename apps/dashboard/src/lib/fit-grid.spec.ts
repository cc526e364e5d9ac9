import { describe, expect, it } from 'vitest';
import { fitGrid, MAX_GROWTH, type FitResult } from './fit-grid.js';

const CARD = { widthEm: 8, heightEm: 2.9 };
const GAP = 6;

const SCREENS = [
  { name: 'laptop 1366x768', width: 1366, height: 768 },
  { name: 'full HD 1920x1080', width: 1920, height: 1080 },
  { name: '4K TV 3840x2160', width: 3840, height: 2160 },
] as const;
const COUNTS = [1, 8, 120, 500] as const;

/** The board's legible minimum (4.08 vmin) and the share of the screen left to the agent grid. */
const setup = (screen: { width: number; height: number }) => ({
  width: Math.floor(screen.width * 0.95),
  height: Math.floor(screen.height * 0.45),
  minFontPx: (4.08 * Math.min(screen.width, screen.height)) / 100,
});

function fitsOnePage(result: FitResult, width: number, height: number) {
  expect(result.columns * result.cellWidth + (result.columns - 1) * GAP).toBeLessThanOrEqual(width);
  expect(result.rows * result.cellHeight + (result.rows - 1) * GAP).toBeLessThanOrEqual(height);
  expect(result.columns * result.rows).toBeGreaterThanOrEqual(Math.min(result.perPage, 1));
}

describe('fitGrid', () => {
  for (const screen of SCREENS) {
    for (const count of COUNTS) {
      it(`never sets type below the minimum with ${count} agents on a ${screen.name}; pages instead`, () => {
        const area = setup(screen);
        const result = fitGrid({ ...area, count, card: CARD, gap: GAP });
        fitsOnePage(result, area.width, area.height);
        expect(result.fontSize).toBeGreaterThanOrEqual(area.minFontPx);
        expect(result.fontSize).toBeLessThanOrEqual(area.minFontPx * MAX_GROWTH);
        expect(result.cellWidth).toBeGreaterThanOrEqual(result.fontSize * CARD.widthEm - 1);
        expect(result.perPage * result.pages).toBeGreaterThanOrEqual(count);
        expect(result.perPage * (result.pages - 1)).toBeLessThan(count);
      });
    }
  }

  it('shows everyone on one page, type grown, when they fit', () => {
    const result = fitGrid({ ...setup(SCREENS[1]), count: 8, card: CARD, gap: GAP });
    expect(result.pages).toBe(1);
    expect(result.perPage).toBe(8);
    expect(result.fontSize).toBeGreaterThan(setup(SCREENS[1]).minFontPx);
  });

  it('pages 500 agents at the minimum size, the same number a page at 1080p and 2160p', () => {
    const hd = fitGrid({ ...setup(SCREENS[1]), count: 500, card: CARD, gap: GAP });
    const uhd = fitGrid({ ...setup(SCREENS[2]), count: 500, card: CARD, gap: GAP });
    expect(hd.fontSize).toBeCloseTo(44.06, 1);
    expect(hd.pages).toBeGreaterThan(1);
    expect(uhd.perPage).toBe(hd.perPage);
  });
});
