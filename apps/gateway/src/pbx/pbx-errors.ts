import { PBX_ERRCODE, PbxApiError, PbxError, isTokenErrcode } from '@switchboard/pbx-api';
import { BudgetClosedError } from './request-budget.js';

/**
 * Whether a failed request says the PBX link is unhealthy. A PBX that answers with an errcode for this
 * one request (bad parameter, unknown channel, window passed) is alive and well; a busy PBX, a refused
 * token, a timeout or a broken connection are not.
 */
export function isLinkFailure(error: unknown): boolean {
  if (error instanceof BudgetClosedError) return false;
  if (error instanceof PbxApiError) {
    return error.errcode === PBX_ERRCODE.SERVER_BUSY || isTokenErrcode(error.errcode);
  }
  if (error instanceof PbxError) return error.code !== 'validation';
  return true;
}

/** The error's kind for metrics: the PbxError code, or `unexpected`. */
export function errorKind(error: unknown): string {
  if (error instanceof BudgetClosedError) return 'cancelled';
  return error instanceof PbxError ? error.code : 'unexpected';
}

/**
 * A sentence about the failure that is safe to show and log: pbx-api errors never carry secrets;
 * anything else is reduced to its class name, because its text is unknown.
 */
export function describePbxError(error: unknown): string {
  if (error instanceof PbxError || error instanceof BudgetClosedError) return error.message;
  return `unexpected error (${error instanceof Error ? error.name : typeof error})`;
}
