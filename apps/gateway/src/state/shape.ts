/**
 * Small checks for what is read back from DATA_DIR. A file a person edited, or one of an older or newer
 * gateway, must fail with the exact place that is wrong (`links[2].queues[0] must be a whole number`), not
 * crash a producer later or be half-used. Objects may carry more fields than checked; they pass unchanged.
 */

/** What a check throws: the path of the bad value and what it should have been. */
export class ShapeError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path || 'the document'} must be ${expected}`);
    this.name = 'ShapeError';
  }
}

/** Checks `value` found at `path`; returns it typed, or throws a {@link ShapeError}. */
export type Check<T> = (value: unknown, path: string) => T;

function check<T>(expected: string, ok: (value: unknown) => boolean): Check<T> {
  return (value, path) => {
    if (!ok(value)) throw new ShapeError(path, expected);
    return value as T;
  };
}

export const text = check<string>('a string', (v) => typeof v === 'string');
export const nonEmptyText = check<string>('a non-empty string', (v) => typeof v === 'string' && v !== '');
export const flag = check<boolean>('true or false', (v) => typeof v === 'boolean');
export const finite = check<number>('a number', (v) => typeof v === 'number' && Number.isFinite(v));
export const whole = check<number>('a whole number', (v) => Number.isSafeInteger(v));
export const positive = check<number>(
  'a whole number above 0',
  (v) => Number.isSafeInteger(v) && Number(v) > 0,
);

/** One of the listed literals. */
export function oneOf<T extends string>(...values: readonly T[]): Check<T> {
  return check<T>(`one of ${values.join(', ')}`, (v) => values.includes(v as T));
}

/** `inner`, or null. */
export function nullable<T>(inner: Check<T>): Check<T | null> {
  return (value, path) => (value === null ? null : inner(value, path));
}

/** `inner`, or absent. */
export function optional<T>(inner: Check<T>): Check<T | undefined> {
  return (value, path) => (value === undefined ? undefined : inner(value, path));
}

/** An array whose every item passes `item`. */
export function list<T>(item: Check<T>): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) throw new ShapeError(path, 'a list');
    value.forEach((entry, index) => item(entry, `${path}[${index}]`));
    return value as T[];
  };
}

/** An object (not an array) whose listed fields pass their checks. */
export function object<T extends object>(fields: { [K in keyof T]-?: Check<T[K]> }): Check<T> {
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new ShapeError(path, 'an object');
    const record = value as Record<string, unknown>;
    for (const [key, fieldCheck] of Object.entries(fields) as [string, Check<unknown>][])
      fieldCheck(record[key], path ? `${path}.${key}` : key);
    return value as T;
  };
}

/** An object used as a map: every value passes `item`. */
export function record<T>(item: Check<T>): Check<Record<string, T>> {
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new ShapeError(path, 'an object');
    for (const [key, entry] of Object.entries(value)) item(entry, `${path}.${key}`);
    return value as Record<string, T>;
  };
}
