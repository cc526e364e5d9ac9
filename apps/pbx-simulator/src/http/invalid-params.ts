/** Turns rule violations into the PBX's `invalid_param_list`. */
import type { FieldViolation } from '@switchboard/pbx-api';
import type { InvalidParam } from '../sim-errors.js';

// Passwords, secrets and tokens are never echoed back.
const SECRET_FIELD = /password|secret|token/i;

/** `phone_list[2].mac` -> the value at that path in `input`, or undefined. */
export function valueAt(input: unknown, path: string): unknown {
  let current: unknown = input;
  for (const part of path.split(/[.[\]]/).filter((p) => p !== '')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The list for violations; `input` (omitted for credentials) supplies each entry's value. */
export function invalidParamList(violations: readonly FieldViolation[], input: unknown): InvalidParam[] {
  return violations.map((violation) => {
    const entry: InvalidParam = { field: violation.field, validation_type: violation.rule };
    const secret = SECRET_FIELD.test(violation.field);
    const value = input === undefined || secret ? undefined : valueAt(input, violation.field);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      entry.value = String(value).slice(0, 200);
    }
    return entry;
  });
}
