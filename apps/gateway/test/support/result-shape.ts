import { ERROR_CODES, type ErrorCode } from '@switchboard/live-protocol';

/** A Result error as it arrived: the one shape, `{code, message, fields?}`, plus whatever extra the route adds. */
export interface ReceivedError {
  code: ErrorCode;
  message: string;
  fields?: { field: string; message: string }[];
}

/**
 * What is wrong with an answer that should be a live-protocol Result (`{ok: true, data}` or
 * `{ok: false, error: {code, message, fields?}}`), or undefined when it is one.
 */
export function resultShapeProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not a JSON object';
  const result = body as { ok?: unknown; data?: unknown; error?: unknown };
  if (result.ok === true) return 'data' in result ? undefined : '{ok: true} without data';
  if (result.ok !== false) return 'no boolean ok';
  const error = result.error as Partial<Record<keyof ReceivedError, unknown>> | null | undefined;
  if (typeof error !== 'object' || error === null) return '{ok: false} without an error object';
  if (typeof error.code !== 'string' || !ERROR_CODES.includes(error.code as ErrorCode))
    return `unknown error code ${JSON.stringify(error.code)}`;
  if (typeof error.message !== 'string' || error.message.trim() === '') return 'error without a message';
  if (error.fields === undefined) return undefined;
  if (
    !Array.isArray(error.fields) ||
    error.fields.length === 0 ||
    !error.fields.every(
      (f: unknown) =>
        typeof (f as { field?: unknown }).field === 'string' &&
        typeof (f as { message?: unknown }).message === 'string',
    )
  )
    return 'fields is not a non-empty list of {field, message}';
  return undefined;
}

/** The error of a failed Result, or undefined for a success or anything else. */
export function errorOf(body: unknown): ReceivedError | undefined {
  const result = body as { ok?: unknown; error?: ReceivedError } | null;
  return typeof result === 'object' && result !== null && result.ok === false ? result.error : undefined;
}
