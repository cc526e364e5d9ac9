/** The size of an agent card in em of its font: what its widest name and time line need. */
export interface CardSize {
  widthEm: number;
  heightEm: number;
}

/** Type never grows beyond this many times the minimum, so one agent on a TV does not become a poster. */
export const MAX_GROWTH = 1.6;

/**
 * Rows are stretched to take the height a page leaves below its last row (no empty band at the bottom of a
 * TV), up to this many times the card's own height.
 */
export const MAX_STRETCH = 1.5;

/** Input of {@link fitGrid}: the space the grid may use, how many cards, how large they are. */
export interface FitInput {
  width: number;
  height: number;
  count: number;
  /** The smallest font the cards may have (the board's legible minimum), px. */
  minFontPx: number;
  card: CardSize;
  /** Space between cells, px. */
  gap?: number;
}

/** Where the cards go, how large the type is, and how many pages it takes. */
export interface FitResult {
  columns: number;
  rows: number;
  cellWidth: number;
  cellHeight: number;
  fontSize: number;
  /** Cards on one page (columns × rows, or all of them when they fit). */
  perPage: number;
  pages: number;
}

/** The largest font at which all `count` cards fit, over every column count. */
function largestFont(input: Required<FitInput>): { columns: number; rows: number; font: number } {
  const { width, height, count, card, gap } = input;
  let winner = { columns: 1, rows: count, font: 0 };
  for (let columns = 1; columns <= count; columns++) {
    const rows = Math.ceil(count / columns);
    const cellWidth = (width - gap * (columns - 1)) / columns;
    const cellHeight = (height - gap * (rows - 1)) / rows;
    if (cellWidth <= 0) break;
    if (cellHeight <= 0) continue;
    const font = Math.min(cellWidth / card.widthEm, cellHeight / card.heightEm);
    if (font > winner.font) winner = { columns, rows, font };
  }
  return winner;
}

/**
 * Lays out `count` agent cards in `width` x `height` px without scrolling and without ever setting type
 * below `minFontPx`: when all cards fit at that size or larger, one page with the largest type (up to
 * {@link MAX_GROWTH} times the minimum); otherwise as many cards a page as fit at the minimum, and pages
 * (the board rotates through them) instead of smaller type. Pure.
 */
export function fitGrid(input: FitInput): FitResult {
  const full: Required<FitInput> = {
    gap: 4,
    ...input,
    count: Math.max(1, Math.floor(input.count)),
    width: Math.max(1, input.width),
    height: Math.max(1, input.height),
  };
  const { width, height, count, minFontPx, card, gap } = full;
  /** Spare height goes to the rows (within MAX_STRETCH), never left as a band under the last one. */
  const stretched = (cellHeight: number, rows: number) =>
    Math.max(cellHeight, Math.min(cellHeight * MAX_STRETCH, Math.floor((height - gap * (rows - 1)) / rows)));
  const all = largestFont(full);
  if (all.font >= minFontPx) {
    const fontSize = Math.floor(Math.min(all.font, minFontPx * MAX_GROWTH) * 10) / 10;
    return {
      columns: all.columns,
      rows: all.rows,
      cellWidth: Math.floor(
        Math.min((width - gap * (all.columns - 1)) / all.columns, fontSize * card.widthEm * 1.4),
      ),
      cellHeight: stretched(Math.floor(fontSize * card.heightEm), all.rows),
      fontSize,
      perPage: count,
      pages: 1,
    };
  }
  const cellWidth = Math.ceil(minFontPx * card.widthEm);
  const cellHeight = Math.ceil(minFontPx * card.heightEm);
  const columns = Math.max(1, Math.min(count, Math.floor((width + gap) / (cellWidth + gap))));
  const rows = Math.max(1, Math.floor((height + gap) / (cellHeight + gap)));
  const perPage = columns * rows;
  return {
    columns,
    rows: Math.min(rows, Math.ceil(count / columns)),
    // Spare width goes to the cards (longer pause reasons), never to smaller type.
    cellWidth: Math.max(cellWidth, Math.floor((width - gap * (columns - 1)) / columns)),
    // Stretched for the rows of a full page, so the last, shorter page keeps the same cards.
    cellHeight: stretched(cellHeight, rows),
    fontSize: minFontPx,
    perPage,
    pages: Math.ceil(count / perPage),
  };
}

/** Input of {@link fitBestGrid}: as {@link fitGrid}, with the card shapes to choose from. */
export interface BestFitInput extends Omit<FitInput, 'card'> {
  cards: readonly CardSize[];
}

/**
 * {@link fitGrid} for each card shape (a wide card of two lines, a narrow one of three...), keeping the one
 * that shows the agents in the fewest pages, then with the largest type, then the most cards a page, then
 * the first given. `card` is the index of the shape kept. Pure.
 */
export function fitBestGrid(input: BestFitInput): FitResult & { card: number } {
  const { cards, ...rest } = input;
  let best: (FitResult & { card: number }) | null = null;
  cards.forEach((card, index) => {
    const fit = { ...fitGrid({ ...rest, card }), card: index };
    const better =
      !best ||
      fit.pages < best.pages ||
      (fit.pages === best.pages &&
        (fit.fontSize > best.fontSize || (fit.fontSize === best.fontSize && fit.perPage > best.perPage)));
    if (better) best = fit;
  });
  if (!best) throw new Error('fitBestGrid needs at least one card shape');
  return best;
}
