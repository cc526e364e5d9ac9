/** How a table's rows page: rows per page and how many pages. */
export interface TablePages {
  perPage: number;
  count: number;
}

/**
 * Pages for `rows` rows of `rowPx` each under `chromePx` of heads and notes, in at most `maxHeight` px:
 * one page when there is no limit, nothing is measured yet, or everything fits; otherwise as many rows a
 * page as fit (never fewer than one). `fitHeight`, when larger, is the most the table may take to show
 * every row on one page (what is below it gives up its room rather than let the rows page). Pure.
 */
export function tablePages(
  rows: number,
  maxHeight: number | null,
  chromePx: number,
  rowPx: number,
  fitHeight: number | null = null,
): TablePages {
  const all = { perPage: Math.max(1, rows), count: 1 };
  if (maxHeight === null || maxHeight <= 0 || rowPx <= 0 || rows <= 0) return all;
  const whole = chromePx + rows * rowPx;
  if (whole <= Math.max(maxHeight, fitHeight ?? 0) + 0.5) return all;
  // A page note takes a line once the rows page: count it with the heads.
  const perPage = Math.max(1, Math.floor((maxHeight - chromePx - rowPx * 0.6) / rowPx));
  return { perPage, count: Math.ceil(rows / perPage) };
}
