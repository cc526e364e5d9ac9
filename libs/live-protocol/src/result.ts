/** Error codes a command or request can answer with; stable strings the dashboard can switch on. */
export type ErrorCode =
  | 'invalid_payload'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'pbx_error'
  | 'pbx_unavailable'
  | 'internal';

/** Every {@link ErrorCode}, for checks at run time; written as a record so that a code missing here fails to compile. */
export const ERROR_CODES = Object.keys({
  invalid_payload: true,
  unauthorized: true,
  forbidden: true,
  not_found: true,
  conflict: true,
  rate_limited: true,
  pbx_error: true,
  pbx_unavailable: true,
  internal: true,
} satisfies Record<ErrorCode, true>) as readonly ErrorCode[];

/** A failure with a code and a sentence a person can read; never internal error text. */
export interface ResultError {
  code: ErrorCode;
  message: string;
  /** For `invalid_payload`: each failing field with what was wrong. */
  fields?: { field: string; message: string }[];
}

/** The answer to every command: `ok` with data, or an error. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: ResultError };

/** Builds a success result. */
export function ok<T>(data: T): Result<T> {
  return { ok: true, data };
}

/** Builds a failure result. */
export function fail<T = never>(code: ErrorCode, message: string, fields?: ResultError['fields']): Result<T> {
  return { ok: false, error: { code, message, ...(fields ? { fields } : {}) } };
}
