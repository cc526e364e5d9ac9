/** A field of a display format and the token that wrote it (`YYYY`, `hh`, `A`...). */
export interface FieldPart {
  kind: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'marker';
  token: string;
}

/** One piece of a display format: a field or the literal text between fields. */
export type PatternPart = FieldPart | { kind: 'literal'; text: string };

// Longest first, so `MM` wins over `M` and `AM/PM` over `AM` and `A`.
const DATE_TOKENS: Readonly<Record<string, FieldPart['kind']>> = {
  YYYY: 'year',
  MM: 'month',
  DD: 'day',
  M: 'month',
  D: 'day',
};

const TIME_TOKENS: Readonly<Record<string, FieldPart['kind']>> = {
  'AM/PM': 'marker',
  'am/pm': 'marker',
  HH: 'hour',
  hh: 'hour',
  mm: 'minute',
  ss: 'second',
  AM: 'marker',
  PM: 'marker',
  am: 'marker',
  pm: 'marker',
  H: 'hour',
  h: 'hour',
  A: 'marker',
  a: 'marker',
};

/** Whether a field token pads to two digits (`MM`, `DD`, `HH`, `hh`, `mm`, `ss`). */
export function isPadded(part: FieldPart): boolean {
  return part.token.length === 2;
}

/** Whether a marker token asks for `am`/`pm` rather than `AM`/`PM`. */
export function isLowerCaseMarker(part: FieldPart): boolean {
  return part.token === part.token.toLowerCase();
}

function tokenize(
  format: string,
  tokens: Readonly<Record<string, FieldPart['kind']>>,
  separators: RegExp,
  fail: () => never,
): PatternPart[] {
  const names = Object.keys(tokens).sort((a, b) => b.length - a.length);
  const parts: PatternPart[] = [];
  let at = 0;
  while (at < format.length) {
    const name = names.find((candidate) => format.startsWith(candidate, at));
    const kind = name === undefined ? undefined : tokens[name];
    if (name !== undefined && kind !== undefined) {
      parts.push({ kind, token: name });
      at += name.length;
      continue;
    }
    const char = format.charAt(at);
    if (!separators.test(char)) fail();
    const last = parts.at(-1);
    if (last?.kind === 'literal') last.text += char;
    else parts.push({ kind: 'literal', text: char });
    at++;
  }
  return parts;
}

function countOf(parts: readonly PatternPart[], kind: PatternPart['kind']): number {
  return parts.filter((part) => part.kind === kind).length;
}

/** Reads a date format such as `YYYY/MM/DD`, `MM-DD-YYYY` or `DD.MM.YYYY`. */
export function parseDatePattern(dateFormat: string): PatternPart[] {
  const fail = (): never => {
    throw new TypeError(
      `dateFormat must use YYYY, MM and DD once each, separated by /, - or . (e.g. YYYY/MM/DD), got ${JSON.stringify(dateFormat)}`,
    );
  };
  if (typeof dateFormat !== 'string') fail();
  const parts = tokenize(dateFormat.trim(), DATE_TOKENS, /[/.\- ]/, fail);
  if (countOf(parts, 'year') !== 1 || countOf(parts, 'month') !== 1 || countOf(parts, 'day') !== 1) fail();
  return parts;
}

/** Reads a time format such as `HH:mm:ss`, `hh:mm:ss`, `hh:mm:ss A` or `h:mm a`. */
export function parseTimePattern(timeFormat: string): PatternPart[] {
  const fail = (): never => {
    throw new TypeError(
      `timeFormat must use HH or hh, mm, optionally ss and an A/a marker, separated by : or . (e.g. HH:mm:ss or hh:mm:ss A), got ${JSON.stringify(timeFormat)}`,
    );
  };
  if (typeof timeFormat !== 'string') fail();
  const parts = tokenize(timeFormat.trim(), TIME_TOKENS, /[:. ]/, fail);
  if (countOf(parts, 'hour') !== 1 || countOf(parts, 'minute') !== 1) fail();
  if (countOf(parts, 'second') > 1 || countOf(parts, 'marker') > 1) fail();
  return parts;
}

/** The format text of `parts`, e.g. `hh:mm:ss A`. */
export function patternText(parts: readonly PatternPart[]): string {
  return parts.map((part) => (part.kind === 'literal' ? part.text : part.token)).join('');
}
