import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT_EM, CARD_TEXT_BOTTOM_EM, cardShapes, type TextMeasure } from './card-size.js';

/** Every character 0.5em wide, bold 0.6em: widths easy to follow. */
const MEASURE: TextMeasure = (text, bold) => text.length * (bold ? 0.6 : 0.5);

describe('cardShapes', () => {
  const [wide, tall] = cardShapes(['Maria G.', 'Ana'], ['Available', 'Logged out'], ['1:02'], MEASURE);

  it('sets state and time side by side on a wide card of two lines', () => {
    // chrome 0.9 + max(icon 1.3 + name 4.8, state 5 + gap 0.5 + time "88:88" 2.5) = 0.9 + 8 = 8.9.
    expect(wide).toEqual({
      layout: 'wide',
      widthEm: 8.9,
      heightEm: CARD_HEIGHT_EM,
      textBottomEm: CARD_TEXT_BOTTOM_EM,
    });
  });

  it('sets them one under the other on a tall card: narrower by the time, a line taller', () => {
    // chrome 0.9 + max(name line 6.1, state 5, time 2.5) = 7.
    expect(tall.layout).toBe('tall');
    expect(tall.widthEm).toBe(7);
    expect(tall.heightEm).toBeCloseTo(CARD_HEIGHT_EM + 1.3, 5);
    expect(tall.textBottomEm).toBeCloseTo(CARD_TEXT_BOTTOM_EM + 1.3, 5);
  });

  it('gives way to a long pause reason (at most 7em) rather than widen every card', () => {
    const [longWide, longTall] = cardShapes(['Ana'], ['A very long pause reason indeed'], [], MEASURE);
    expect(longWide.widthEm).toBe(0.9 + 7 + 0.5 + 2.5);
    expect(longTall.widthEm).toBe(0.9 + 7);
  });
});
