import { HttpException } from '@nestjs/common';
import type { ErrorCode, RestError } from '@switchboard/live-protocol';

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
