import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorCode, RestError, Result } from '@switchboard/live-protocol';

/**
 * A REST error in the same shape as a socket Result (`{ ok: false, error: { code, message, ... } }`): the one
 * error shape of every route, thrown as an HttpException so Nest answers with `status`.
 */
export function restError(
  status: number,
  code: ErrorCode,
  message: string,
  extra: Omit<RestError, 'code' | 'message'> = {},
): HttpException {
  return new HttpException({ ok: false, error: { code, message, ...extra } }, status);
}

/** The 400 of a body or query a live-protocol reader refused: its sentence, and each failing field. */
export function invalidInput(refused: Extract<Result<unknown>, { ok: false }>): HttpException {
  const { message, fields } = refused.error;
  return restError(HttpStatus.BAD_REQUEST, 'invalid_payload', message, fields ? { fields } : {});
}

/**
 * Reads a REST body (or query) with its live-protocol reader, the same readers socket payloads go through;
 * throws the one 400 shape, naming every failing field, when the reader refuses it.
 */
export function readInput<T>(read: (input: unknown) => Result<T>, input: unknown): T {
  const result = read(input);
  if (!result.ok) throw invalidInput(result);
  return result.data;
}
