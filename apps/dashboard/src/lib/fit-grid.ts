/** How much an agent card shows, richest first. */
export type Density = 'full' | 'compact' | 'micro';

/** A card design: its natural size in em and the smallest font it stays readable at. */
interface CardDesign {
  density: Density;
  widthEm: number;
  heightEm: number;
  minFontPx: number;
}

const DESIGNS: readonly CardDesign[] = [
  { density: 'full', widthEm: 15, heightEm: 4.6, minFontPx: 12 },
  { density: 'compact', widthEm: 11, heightEm: 2.6, minFontPx: 9 },
  // Shape, extension and "≥ 1:40" on one line (6.5 em cut the time off).
  { density: 'micro', widthEm: 8, heightEm: 1.7, minFontPx: 0 },
];

/** Type never grows beyond this, so one agent on a TV does not become a poster. */
export const MAX_FONT_PX = 40;
/** Below this, cards would be unreadable anyway; the grid still fits (cells shrink, no scrolling). */
export const MIN_FONT_PX = 4;

/** Input of {@link fitGrid}: the space the grid may use and how many cards it holds. */
export interface FitInput {
  width: number;
  height: number;
  count: number;
  /** Space between cells, px. */
  gap?: number;
}

/** Where the cards go and how large the type is. */
export interface FitResult {
  columns: number;
  rows: number;
  cellWidth: number;
  cellHeight: number;
  fontSize: number;
  density: Density;
}

interface Candidate {
  columns: number;
  rows: number;
  cellWidth: number;
  cellHeight: number;
  scale: number;
}

function best(design: CardDesign, width: number, height: number, count: number, gap: number): Candidate {
  let winner: Candidate | undefined;
  for (let columns = 1; columns <= count; columns++) {
    const rows = Math.ceil(count / columns);
    const cellWidth = (width - gap * (columns - 1)) / columns;
    const cellHeight = (height - gap * (rows - 1)) / rows;
    // More columns only narrow the cells; fewer rows only heighten them.
    if (cellWidth <= 0) break;
    if (cellHeight <= 0) continue;
    const scale = Math.min(cellWidth / design.widthEm, cellHeight / design.heightEm);
    if (!winner || scale > winner.scale) winner = { columns, rows, cellWidth, cellHeight, scale };
  }
  // Space too small for even one gap per card: one row of slivers, still no scrolling.
  return (
    winner ?? { columns: count, rows: 1, cellWidth: Math.max(1, width / count), cellHeight: height, scale: 0 }
  );
}

/**
 * Lays out `count` agent cards in `width` x `height` px without scrolling: tries each card design from the
 * richest down, picks the column count that gives the largest type, and keeps the richest design whose
 * type stays readable. Cells never exceed the space; type is capped at {@link MAX_FONT_PX}. Pure.
 */
export function fitGrid({ width, height, count, gap = 4 }: FitInput): FitResult {
  const n = Math.max(1, Math.floor(count));
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const g = n > 200 ? Math.min(gap, 2) : gap;
  let chosen: { design: CardDesign; fit: Candidate } | undefined;
  for (const design of DESIGNS) {
    const fit = best(design, w, h, n, g);
    chosen = { design, fit };
    if (fit.scale >= design.minFontPx) break;
  }
  const { design, fit } = chosen as { design: CardDesign; fit: Candidate };
  const fontSize = Math.max(MIN_FONT_PX, Math.min(MAX_FONT_PX, Math.floor(fit.scale * 10) / 10));
  return {
    columns: fit.columns,
    rows: fit.rows,
    // Cells stop growing with the type so a lone card stays card-shaped.
    cellWidth: Math.floor(Math.min(fit.cellWidth, fontSize * design.widthEm * 1.6)),
    cellHeight: Math.floor(Math.min(fit.cellHeight, fontSize * design.heightEm * 1.3)),
    fontSize,
    density: design.density,
  };
}
