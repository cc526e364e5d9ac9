import { PBX_ERRCODE, PbxApiError, PbxError, isTokenErrcode } from '@switchboard/pbx-api';
import { BudgetBusyError, BudgetClosedError } from './request-budget.js';

/**
 * Whether a failed request says the PBX link is unhealthy. A PBX that answers with an errcode for this
 * one request (bad parameter, unknown channel, window passed) is alive and well; a busy PBX, a refused
 * token, a timeout or a broken connection are not.
 */
export function isLinkFailure(error: unknown): boolean {
  if (error instanceof PbxApiError) {
    return error.errcode === PBX_ERRCODE.SERVER_BUSY || isTokenErrcode(error.errcode);
  }
  if (error instanceof PbxError)
    return error.code === 'transport' || error.code === 'timeout' || error.code === 'auth';
  // Refused before anything reached the PBX (bad input, a full budget, shutdown) or a bug of ours: says
  // nothing about the PBX, so it must not turn anyone's health indicator red.
  return false;
}

/** Whether the PBX itself answered this failed request (it refused this one request, but it is there). */
export function pbxAnswered(error: unknown): boolean {
  return error instanceof PbxApiError && !isLinkFailure(error);
}

/** The error's kind for metrics: the PbxError code, or `unexpected`. */
export function errorKind(error: unknown): string {
  if (error instanceof BudgetClosedError) return 'cancelled';
  if (error instanceof BudgetBusyError) return 'budget';
  return error instanceof PbxError ? error.code : 'unexpected';
}

/**
 * A sentence about the failure that is safe to show and log: pbx-api errors never carry secrets;
 * anything else is reduced to its class name, because its text is unknown.
 */
export function describePbxError(error: unknown): string {
  if (error instanceof PbxError || error instanceof BudgetClosedError || error instanceof BudgetBusyError)
    return error.message;
  return `unexpected error (${error instanceof Error ? error.name : typeof error})`;
}
