import type { ServerResponse } from 'node:http';
import { HttpException, HttpStatus, type Logger } from '@nestjs/common';
import { classifyPbxFailure } from '../errors/pbx-failure.js';
import { restError } from '../errors/rest-error.js';
import { describePbxError } from '../pbx/pbx-errors.js';

/**
 * A failure of a /api/calls request in the one error shape: the budget full -> 429 with Retry-After; the PBX
 * refusing -> 502 `pbx_error` naming what it refused; the PBX unreachable -> 503 `pbx_unavailable`; anything
 * else -> 500 `internal` (logged by the caller). `what` says what was being read, e.g. "the call records".
 */
export function callsFailure(
  error: unknown,
  what: string,
): { exception: HttpException; retryAfterSec?: number } {
  if (error instanceof HttpException) return { exception: error };
  const failure = classifyPbxFailure(error);
  const { status, code } = failure;
  switch (failure.kind) {
    case 'busy':
      return {
        retryAfterSec: failure.retryAfterSec,
        exception: restError(
          status,
          code,
          `The PBX request budget is taken by live screens right now; retry in ${failure.retryAfterSec} s.`,
          { retryAfterSec: failure.retryAfterSec },
        ),
      };
    case 'refused':
      return {
        exception: restError(
          status,
          code,
          `The PBX refused to give ${what}: ${failure.error.errmsg} (errcode ${failure.error.errcode}).`,
          { errcode: failure.error.errcode, errmsg: failure.error.errmsg },
        ),
      };
    case 'internal':
      return { exception: restError(status, code, 'Something went wrong; it has been logged.') };
    // A read checked by no rule of ours, and whether it timed out or found the PBX closed, reads alike here.
    default:
      return {
        exception: restError(
          HttpStatus.SERVICE_UNAVAILABLE,
          'pbx_unavailable',
          `The PBX cannot be reached right now, so ${what} cannot be read; try again shortly.`,
        ),
      };
  }
}

/** 404 for a call that does not exist, or that the session may not see (answered alike only where noted). */
export const callNotFound = (id: string) =>
  restError(HttpStatus.NOT_FOUND, 'not_found', `There is no call ${id} in the PBX's call records.`);

/**
 * Runs the PBX work of a /api/calls route: failures thrown in the one shape (Retry-After set on 429), and
 * unexpected ones logged (their text never reaches the browser).
 */
export async function guarded<T>(
  response: ServerResponse,
  what: string,
  log: Logger,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure = callsFailure(error, what);
    if (failure.retryAfterSec !== undefined && !response.headersSent)
      response.setHeader('Retry-After', String(failure.retryAfterSec));
    if (failure.exception.getStatus() === HttpStatus.INTERNAL_SERVER_ERROR)
      log.error({ msg: 'call history request failed', what, error: describePbxError(error) });
    throw failure.exception;
  }
}
