import { describe, expect, it } from 'vitest';
import { fitBestGrid, fitGrid, MAX_GROWTH, MAX_STRETCH, type FitResult } from './fit-grid.js';

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

  it('stretches the rows of a page over the height left below them, within MAX_STRETCH', () => {
    // 44 px type, 2.9em cards (128 px): 3 rows take 3 * 128 + 2 * 6 = 396 of 480 px.
    const paged = fitGrid({ width: 1800, height: 480, count: 120, minFontPx: 44, card: CARD, gap: GAP });
    expect(paged.rows).toBe(3);
    expect(paged.cellHeight).toBe(Math.floor((480 - 2 * GAP) / 3));
    expect(3 * paged.cellHeight + 2 * GAP).toBeGreaterThan(480 - 3);
    // One row in a tall box: stretched no further than MAX_STRETCH.
    const one = fitGrid({ width: 1800, height: 250, count: 120, minFontPx: 44, card: CARD, gap: GAP });
    expect(one.rows).toBe(1);
    expect(one.cellHeight).toBe(Math.floor(Math.ceil(44 * 2.9) * MAX_STRETCH));
  });
});

describe('fitBestGrid', () => {
  const WIDE = { widthEm: 10.2, heightEm: 2.9 };
  const TALL = { widthEm: 6.6, heightEm: 4.2 };
  /** A grid 1890 px wide and `height` high for `count` agents, at 44 px type with 9 px gaps. */
  const box = (height: number, count: number) => ({ width: 1890, height, count, minFontPx: 44, gap: 9 });

  it('keeps the shape that shows the agents in fewer pages', () => {
    // 1890 x 410 at 44 px: wide 4 columns x 3 rows = 12 a page; tall 6 x 2 = 12, a tie kept by the first.
    const tie = fitBestGrid({ ...box(410, 120), cards: [WIDE, TALL] });
    expect(tie.card).toBe(0);
    expect(tie.perPage).toBe(12);
    // 1890 x 380: wide fits 2 rows (8 a page, 15 pages), tall still 2 rows of 6 (12 a page, 10 pages).
    const tall = fitBestGrid({ ...box(380, 120), cards: [WIDE, TALL] });
    expect(tall.card).toBe(1);
    expect(tall.pages).toBe(10);
    expect(tall.perPage).toBe(fitGrid({ ...box(380, 120), card: TALL }).perPage);
  });

  it('prefers the larger type when every shape shows everyone on one page', () => {
    const best = fitBestGrid({ ...box(900, 8), cards: [TALL, WIDE] });
    const each = [TALL, WIDE].map((card) => fitGrid({ ...box(900, 8), card }));
    expect(best.pages).toBe(1);
    expect(best.fontSize).toBe(Math.max(...each.map((fit) => fit.fontSize)));
  });
});
