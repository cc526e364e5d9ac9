import type { ServerResponse } from 'node:http';
import { HttpException, HttpStatus, type Logger } from '@nestjs/common';
import { PbxApiError, PbxError } from '@switchboard/pbx-api';
import { restError } from '../auth/session.guard.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { BudgetBusyError } from '../pbx/request-budget.js';

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
  if (error instanceof BudgetBusyError) {
    const retryAfterSec = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    return {
      retryAfterSec,
      exception: restError(
        HttpStatus.TOO_MANY_REQUESTS,
        'rate_limited',
        `The PBX request budget is taken by live screens right now; retry in ${retryAfterSec} s.`,
        { retryAfterSec },
      ),
    };
  }
  if (error instanceof PbxApiError)
    return {
      exception: restError(
        HttpStatus.BAD_GATEWAY,
        'pbx_error',
        `The PBX refused to give ${what}: ${error.errmsg} (errcode ${error.errcode}).`,
        { errcode: error.errcode, errmsg: error.errmsg },
      ),
    };
  if (error instanceof PbxError)
    return {
      exception: restError(
        HttpStatus.SERVICE_UNAVAILABLE,
        'pbx_unavailable',
        `The PBX cannot be reached right now, so ${what} cannot be read; try again shortly.`,
      ),
    };
  return {
    exception: restError(
      HttpStatus.INTERNAL_SERVER_ERROR,
      'internal',
      'Something went wrong; it has been logged.',
    ),
  };
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
