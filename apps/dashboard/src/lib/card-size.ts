import type { CardSize } from './fit-grid.js';

/** Width of `text` in em of a font, for layouts decided in script. */
export type TextMeasure = (text: string, bold: boolean) => number;

/** Average glyph widths of sans-serif fonts in em: an estimate where no canvas can measure (tests). */
const ESTIMATE: TextMeasure = (text, bold) => text.length * (bold ? 0.66 : 0.6);

/**
 * Measures with a canvas in the board's font family when the browser has one, else estimates. The
 * result is in em, so it holds at any font size.
 */
export function textMeasure(fontFamily: string): TextMeasure {
  const context =
    typeof document === 'undefined' ? null : (document.createElement('canvas').getContext?.('2d') ?? null);
  if (!context) return ESTIMATE;
  return (text, bold) => {
    context.font = `${bold ? 600 : 400} 100px ${fontFamily}`;
    return context.measureText(text).width / 100;
  };
}

/** Card chrome in em: edge + padding across, two 1.2em lines + padding + gap down. Matches AgentCard.vue. */
const CHROME_WIDTH_EM = 0.25 + 0.25 + 0.3 + 0.1;
const ICON_EM = 1 + 0.3;
const LINE_GAP_EM = 0.5;
export const CARD_HEIGHT_EM = 2 * 1.2 + 0.3 + 0.1 + 0.1;
/** Where a card's second line of text ends (top padding, two lines): a row cut below this still reads. */
export const CARD_TEXT_BOTTOM_EM = 0.15 + 2 * 1.2;
/** Pause reasons past this width give way (ellipsis) rather than widen every card. */
const MAX_STATE_EM = 7;

/**
 * The card size that shows every given name and state word whole, with room for the longest time (at
 * least "88:88" so cards do not reflow as minutes tick over).
 */
export function cardSize(
  names: readonly string[],
  states: readonly string[],
  times: readonly string[],
  measure: TextMeasure,
): CardSize {
  const widest = (texts: readonly string[], bold: boolean) =>
    texts.reduce((max, text) => Math.max(max, measure(text, bold)), 0);
  const nameLine = ICON_EM + widest(names, true);
  const stateLine =
    Math.min(MAX_STATE_EM, widest(states, false)) + LINE_GAP_EM + widest(['88:88', ...times], false);
  return {
    widthEm: Math.ceil((CHROME_WIDTH_EM + Math.max(nameLine, stateLine)) * 20) / 20,
    heightEm: CARD_HEIGHT_EM,
  };
}
