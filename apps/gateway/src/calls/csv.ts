/** Cells that a spreadsheet would read as a formula (CWE-1236): = + - @, and tab / carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF (quotes doubled); a cell a
 * spreadsheet would run as a formula is prefixed with `'` first, so an exported number like `+4930...` or a
 * remark like `=HYPERLINK(...)` is shown as text.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF line break. */
export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
