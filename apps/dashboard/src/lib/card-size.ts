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

/** Card chrome in em: edge + padding across, line boxes of 1.2em + padding + gaps down. Matches AgentCard.vue. */
const CHROME_WIDTH_EM = 0.25 + 0.25 + 0.3 + 0.1;
const ICON_EM = 1 + 0.3;
const LINE_GAP_EM = 0.5;
const LINE_EM = 1.2;
const PAD_EM = 0.15;
const ROW_GAP_EM = 0.1;
/** A two-line card (name; state and time): its height, and where its second line of text ends. */
export const CARD_HEIGHT_EM = 2 * LINE_EM + 2 * PAD_EM + ROW_GAP_EM + 0.1;
/** Where a card's second line of text ends (top padding, two lines): a row cut below this still reads. */
export const CARD_TEXT_BOTTOM_EM = PAD_EM + 2 * LINE_EM;
/** Pause reasons past this width give way (ellipsis) rather than widen every card. */
const MAX_STATE_EM = 7;

/** How a card sets out its three texts. */
export type CardLayout = 'wide' | 'tall';

/** A card shape: its size in em and where its last line of text ends (a row cut below that still reads). */
export interface CardShape extends CardSize {
  layout: CardLayout;
  textBottomEm: number;
}

/**
 * The shapes of a card that shows every given name and state word whole, with room for the longest time
 * (at least "88:88" so cards do not reflow as minutes tick over): `wide` (name; state and time on one line) and
 * `tall` (name; state; time, one under the other: about half as wide, a line taller). The grid keeps
 * whichever shows more agents a page on its screen.
 */
export function cardShapes(
  names: readonly string[],
  states: readonly string[],
  times: readonly string[],
  measure: TextMeasure,
): [CardShape, CardShape] {
  const widest = (texts: readonly string[], bold: boolean) =>
    texts.reduce((max, text) => Math.max(max, measure(text, bold)), 0);
  const nameLine = ICON_EM + widest(names, true);
  const state = Math.min(MAX_STATE_EM, widest(states, false));
  const time = widest(['88:88', ...times], false);
  const width = (content: number) => Math.ceil((CHROME_WIDTH_EM + content) * 20) / 20;
  return [
    {
      layout: 'wide',
      widthEm: width(Math.max(nameLine, state + LINE_GAP_EM + time)),
      heightEm: CARD_HEIGHT_EM,
      textBottomEm: CARD_TEXT_BOTTOM_EM,
    },
    {
      layout: 'tall',
      widthEm: width(Math.max(nameLine, state, time)),
      heightEm: 3 * LINE_EM + 2 * PAD_EM + 2 * ROW_GAP_EM + 0.1,
      textBottomEm: CARD_TEXT_BOTTOM_EM + LINE_EM + ROW_GAP_EM,
    },
  ];
}
