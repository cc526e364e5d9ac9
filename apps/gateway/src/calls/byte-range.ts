/** A byte range of a file, inclusive at both ends, as an HTTP Range names it. */
export interface ByteRange {
  start: number;
  /** Inclusive; undefined = to the end of the file. */
  end?: number;
}

/** A `bytes=-N` range: the last N bytes. */
export interface SuffixRange {
  suffix: number;
}

/**
 * Reads an HTTP Range header (the `bytes=` unit). One range only: a browser's <audio> asks for one at a time, and a
 * multi-range answer (multipart/byteranges) is not worth its complexity here. Absent or not a bytes range:
 * undefined (serve the whole file, as the RFC allows for a header one does not understand). A bytes range
 * that is malformed or has several parts: 'invalid' (answered 416).
 */
export function parseRange(header: string | undefined): ByteRange | SuffixRange | 'invalid' | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return undefined;
  const spec = (match[1] ?? '').trim();
  const one = /^(\d{0,15})\s*-\s*(\d{0,15})$/.exec(spec);
  if (!one) return 'invalid';
  const [, first = '', last = ''] = one;
  if (first === '' && last === '') return 'invalid';
  if (first === '') return Number(last) > 0 ? { suffix: Number(last) } : 'invalid';
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? 'invalid' : { start, end };
}

/** The Range header to send on (a single range in the canonical form). */
export function rangeHeader(range: ByteRange | SuffixRange): string {
  return 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;
}

/** What a Content-Range answer says: first and last byte and the whole size (null when `*`). */
export interface ContentRange {
  start: number;
  end: number;
  size: number | null;
}

/** Reads a `Content-Range: bytes a-b/size` answer header; undefined when absent or unreadable. */
export function parseContentRange(header: string | undefined): ContentRange | undefined {
  const match = /^\s*bytes\s+(\d+)-(\d+)\/(\d+|\*)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = Number(match[2]);
  if (end < start) return undefined;
  return { start, end, size: match[3] === '*' ? null : Number(match[3]) };
}

/**
 * The bytes to serve of a file of `size` bytes for a range, or undefined when none of it lies in the file
 * (answered 416). End clipped to the file.
 */
export function resolveRange(
  range: ByteRange | SuffixRange,
  size: number,
): { start: number; end: number } | undefined {
  if (size <= 0) return undefined;
  if ('suffix' in range) return { start: Math.max(0, size - range.suffix), end: size - 1 };
  if (range.start >= size) return undefined;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
