import { describe, expect, it } from 'vitest';
import { FIGURE_MIN_VMIN, legibilityVars, minFontVh, screenHeightMm, TEXT_MIN_VMIN } from './legibility.js';

describe('legibility rule', () => {
  it('works out the 55-inch screen and the sizes the README documents', () => {
    expect(screenHeightMm()).toBeCloseTo(684.9, 1);
    // x-height 0.2° at 4 m = 13.96 mm; at x-height 0.5 em that is a 27.9 mm font: 4.08 % of the height.
    expect(minFontVh(0.2)).toBeCloseTo(4.077, 3);
    expect(TEXT_MIN_VMIN).toBe(4.08);
    expect(FIGURE_MIN_VMIN).toBe(6.12);
    // In pixels: 44 / 88 px text and 66 / 132 px figures at 1080p / 2160p.
    expect(Math.floor((TEXT_MIN_VMIN * 1080) / 100)).toBe(44);
    expect(Math.floor((FIGURE_MIN_VMIN * 2160) / 100)).toBe(132);
  });

  it('never rounds below the rule', () => {
    expect(TEXT_MIN_VMIN).toBeGreaterThanOrEqual(minFontVh(0.2));
    expect(FIGURE_MIN_VMIN).toBeGreaterThanOrEqual(minFontVh(0.3));
  });

  it('hands the sizes to CSS as viewport units', () => {
    expect(legibilityVars()).toEqual({ '--text-min': '4.08vmin', '--figure-min': '6.12vmin' });
    // Watchers at 2 m (a desk monitor): half the size holds the same angle.
    expect(legibilityVars(2)).toEqual({ '--text-min': '2.04vmin', '--figure-min': '3.06vmin' });
  });
});
