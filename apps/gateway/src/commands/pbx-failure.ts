import type { ResultError } from '@switchboard/live-protocol';
import {
  PbxApiError,
  PbxAuthError,
  PbxError,
  PbxTimeoutError,
  PbxValidationError,
} from '@switchboard/pbx-api';

/**
 * A PBX failure as a Result error a supervisor can read. PBX errcodes and messages are shown (they are the
 * PBX's words about this request and never carry credentials); anything unexpected becomes a generic
 * sentence, because its text is unknown and may be internal.
 */
export function pbxFailure(error: unknown, what: string): ResultError {
  if (error instanceof PbxValidationError)
    return {
      code: 'invalid_payload',
      message: `Could not ${what}: ${error.violations.map((v) => `${v.field} ${v.message}`).join('; ')}.`,
      fields: error.violations.map((v) => ({ field: v.field, message: v.message })),
    };
  if (error instanceof PbxApiError)
    return {
      code: 'pbx_error',
      message: `The PBX refused to ${what}: ${error.errmsg} (errcode ${error.errcode}).`,
    };
  if (error instanceof PbxTimeoutError)
    return {
      code: 'pbx_unavailable',
      message: `The PBX did not answer in time, so it is unknown whether it could ${what}.`,
    };
  if (error instanceof PbxAuthError)
    return {
      code: 'pbx_unavailable',
      message: `The gateway could not sign in to the PBX to ${what}; try again shortly.`,
    };
  if (error instanceof PbxError)
    return {
      code: 'pbx_unavailable',
      message: `The PBX could not be reached to ${what}; try again shortly.`,
    };
  return { code: 'internal', message: `Something went wrong while trying to ${what}; it has been logged.` };
}
