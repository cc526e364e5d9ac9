/**
 * The `Range` header of a download (docs/pbx/records.md#recording-download): the guide is silent on ranges,
 * so this is the simulator's choice, after RFC 9110: one `bytes=a-b`, `bytes=a-` or `bytes=-n` range is served
 * (206); a range that starts past the end is unsatisfiable (416); several ranges, another unit or a malformed
 * header are ignored and the whole file is served (200).
 */

/** What to send for a file of `size` bytes. */
export type RangeAnswer =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/** Reads `header` against a file of `size` bytes. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = SINGLE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // The last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
