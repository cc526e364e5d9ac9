import { HttpStatus } from '@nestjs/common';
import type { ErrorCode, ResultError } from '@switchboard/live-protocol';
import {
  PbxApiError,
  PbxAuthError,
  PbxError,
  PbxTimeoutError,
  PbxValidationError,
} from '@switchboard/pbx-api';
import { BudgetBusyError } from '../pbx/request-budget.js';

/**
 * What went wrong with a PBX request, once for every caller: socket commands, the call history and the admin
 * API word it for their own readers, but agree on which failure is which, its code and its HTTP status.
 */
export type PbxFailure =
  /** Our own check of the request against the PBX's rules refused it; nothing was sent. */
  | {
      kind: 'invalid';
      code: 'invalid_payload';
      status: number;
      error: PbxValidationError;
      fields: NonNullable<ResultError['fields']>;
    }
  /** The PBX answered and refused (its errcode and errmsg are its words about this request). */
  | { kind: 'refused'; code: 'pbx_error'; status: number; error: PbxApiError }
  /** The gateway's PBX request budget is taken by live screens; nothing was sent. */
  | { kind: 'busy'; code: 'rate_limited'; status: number; retryAfterSec: number }
  /** The request went out and no answer came in time: whether it happened is unknown. */
  | { kind: 'timeout'; code: 'pbx_unavailable'; status: number }
  /** The gateway could not sign in to the PBX. */
  | { kind: 'signin'; code: 'pbx_unavailable'; status: number }
  /** The PBX could not be reached. */
  | { kind: 'unreachable'; code: 'pbx_unavailable'; status: number }
  /** Not a PBX failure: its text is unknown and may be internal, so it is logged, never shown. */
  | { kind: 'internal'; code: Extract<ErrorCode, 'internal'>; status: number };

/** Classifies a failure of a PBX request (see {@link PbxFailure}). Pure. */
export function classifyPbxFailure(error: unknown): PbxFailure {
  if (error instanceof PbxValidationError)
    return {
      kind: 'invalid',
      code: 'invalid_payload',
      status: HttpStatus.BAD_REQUEST,
      error,
      fields: error.violations.map((v) => ({ field: v.field, message: v.message })),
    };
  if (error instanceof PbxApiError)
    return { kind: 'refused', code: 'pbx_error', status: HttpStatus.BAD_GATEWAY, error };
  if (error instanceof BudgetBusyError)
    return {
      kind: 'busy',
      code: 'rate_limited',
      status: HttpStatus.TOO_MANY_REQUESTS,
      retryAfterSec: Math.max(1, Math.ceil(error.retryAfterMs / 1000)),
    };
  const unavailable = { code: 'pbx_unavailable', status: HttpStatus.SERVICE_UNAVAILABLE } as const;
  if (error instanceof PbxTimeoutError) return { kind: 'timeout', ...unavailable };
  if (error instanceof PbxAuthError) return { kind: 'signin', ...unavailable };
  if (error instanceof PbxError) return { kind: 'unreachable', ...unavailable };
  return { kind: 'internal', code: 'internal', status: HttpStatus.INTERNAL_SERVER_ERROR };
}

/**
 * A PBX failure as a socket command's Result error a supervisor can read, `what` being the action ("put
 * agent 1001 on pause"). PBX errcodes and messages are shown (they are the PBX's words about this request
 * and never carry credentials); anything unexpected becomes a generic sentence.
 */
export function pbxFailure(error: unknown, what: string): ResultError {
  const failure = classifyPbxFailure(error);
  const { code } = failure;
  switch (failure.kind) {
    case 'invalid':
      return {
        code,
        message: `Could not ${what}: ${failure.error.violations.map((v) => `${v.field} ${v.message}`).join('; ')}.`,
        fields: failure.fields,
      };
    case 'refused':
      return {
        code,
        message: `The PBX refused to ${what}: ${failure.error.errmsg} (errcode ${failure.error.errcode}).`,
      };
    case 'busy':
      return {
        code,
        message: `The PBX request budget is taken by live screens right now; retry in ${failure.retryAfterSec} s to ${what}.`,
      };
    case 'timeout':
      return { code, message: `The PBX did not answer in time, so it is unknown whether it could ${what}.` };
    case 'signin':
      return { code, message: `The gateway could not sign in to the PBX to ${what}; try again shortly.` };
    case 'unreachable':
      return { code, message: `The PBX could not be reached to ${what}; try again shortly.` };
    case 'internal':
      return { code, message: `Something went wrong while trying to ${what}; it has been logged.` };
  }
}
