import { fail, ok, type Result, type ResultError } from './result.js';

// The one way untrusted input is read, in the gateway and the browser alike: every socket command payload and
// every REST body of the gateway's own routes goes through a reader of this contract, which names each failing
// field with what was wrong (Result's `fields`) and never throws.

/** True for a JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type Fields = NonNullable<ResultError['fields']>;

/** A UTF-16 surrogate without its partner: not a character, and it cannot be sent on to the PBX. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Collects field problems while reading an untrusted object. */
export class PayloadReader {
  readonly problems: Fields = [];
  readonly input: Record<string, unknown>;

  constructor(payload: unknown) {
    const isObject = isPlainObject(payload);
    this.input = isObject ? payload : {};
    if (!isObject) this.problems.push({ field: '(payload)', message: 'must be an object' });
  }

  /** Records a problem found by a check of the caller's own. */
  problem(field: string, message: string): void {
    this.problems.push({ field, message });
  }

  /** An optional true/false field. */
  flag(field: string): boolean | undefined {
    const value = this.input[field];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') this.problems.push({ field, message: 'must be true or false' });
    return value === true;
  }

  text(field: string, maxLength = 128): string {
    const value = this.input[field];
    if (typeof value !== 'string' || value.trim() === '') {
      this.problems.push({ field, message: 'is required and must be a non-empty string' });
      return '';
    }
    if (value.length > maxLength)
      this.problems.push({ field, message: `must be at most ${maxLength} characters` });
    else if (LONE_SURROGATE.test(value))
      this.problems.push({ field, message: 'must be valid text (it holds a lone UTF-16 surrogate)' });
    return value;
  }

  oneOf<T extends string>(field: string, values: readonly T[]): T {
    const value = this.input[field];
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
      this.problems.push({ field, message: `must be one of ${values.join(', ')}` });
      return values[0] as T;
    }
    return value as T;
  }

  list<T>(
    field: string,
    item: (value: unknown) => value is T,
    what: string,
    max = 500,
    optional = false,
  ): T[] | undefined {
    const value = this.input[field];
    if (value === undefined && optional) return undefined;
    if (!Array.isArray(value) || value.length === 0 || value.length > max || !value.every(item)) {
      this.problems.push({ field, message: `must be a list of 1 to ${max} ${what}` });
      return [];
    }
    return value;
  }

  integer(field: string, min: number, max: number, fallback: number): number {
    const value = this.input[field];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.problems.push({ field, message: `must be an integer from ${min} to ${max}` });
      return fallback;
    }
    return value;
  }

  result<T>(value: T): Result<T> {
    return this.problems.length === 0
      ? ok(value)
      : fail(
          'invalid_payload',
          `Invalid request: ${this.problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
          this.problems,
        );
  }
}
