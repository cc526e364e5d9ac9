import {
  adminOperationPath,
  pbxInvalidParamFields,
  type AdminOperationAnswer,
  type AdminOperationBody,
  type AdminOperationName,
  type InboundRoutesAnswer,
  type PbxFieldError,
  type PbxInvalidParamView,
} from '@switchboard/live-protocol';
import type { ClientErrorCode, ClientResult } from '../socket/live-socket.js';
import { callApi } from './rest-client.js';

/** An answer of the PBX as the admin REST passes it on (secrets already removed by the gateway). */
export interface PbxAnswer {
  errcode?: number;
  errmsg?: string;
  [field: string]: unknown;
}

/** Why an admin PBX call failed: the one error shape, with every field error the form can show. */
export interface AdminPbxError {
  code: ClientErrorCode;
  message: string;
  /** The gateway's check (invalid_payload) or the PBX's invalid_param_list (pbx_error), per field; may be empty. */
  fields: PbxFieldError[];
  /** pbx_error: the PBX's own errcode (40003 duplicate, 40004 not found, ...). */
  errcode?: number;
  /** rate_limited: seconds until a retry can succeed. */
  retryAfterSec?: number;
}

/** The result of {@link callPbx}. */
export type AdminPbxResult<T> = { ok: true; data: T } | { ok: false; error: AdminPbxError };

/** Options of one admin call. */
export interface AdminPbxOptions {
  /** The session's token. */
  token: string | null;
  /** Longer for bulk operations (phone/batchcreate of many rows). */
  timeoutMs?: number;
}

/** The extras an error of the admin REST may carry. */
interface RestErrorExtras {
  fields?: PbxFieldError[];
  invalidParams?: PbxInvalidParamView[];
  errcode?: number;
  retryAfterSec?: number;
}

/**
 * The field errors of a failed admin call: the gateway's own check (`fields` of invalid_payload), or the PBX's
 * `invalid_param_list` (`invalidParams` of pbx_error) in words. Empty when the error names no field.
 */
export function fieldErrorsOf(error: RestErrorExtras): PbxFieldError[] {
  if (error.fields && error.fields.length > 0) return [...error.fields];
  return pbxInvalidParamFields(error.invalidParams);
}

/**
 * Calls the PBX operation `resource/action` through the gateway (POST /api/pbx/<operation>, admins only),
 * with `body` as its parameters: both typed by the operation's name (live-protocol admin-pbx.ts, from the PBX
 * client's own types). Failures come back in the one shape, with the fields to mark on the form.
 */
export async function callPbx<N extends AdminOperationName>(
  operation: N,
  body: AdminOperationBody<N>,
  options: AdminPbxOptions,
): Promise<AdminPbxResult<AdminOperationAnswer<N>>> {
  const answer = await callApi<AdminOperationAnswer<N>>(adminOperationPath(operation), {
    method: 'POST',
    body,
    token: options.token,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  if (answer.ok) return answer;
  const extras = answer.error as typeof answer.error & RestErrorExtras;
  return {
    ok: false,
    error: {
      code: answer.error.code,
      message: answer.error.message,
      fields: fieldErrorsOf(extras),
      ...(typeof extras.errcode === 'number' ? { errcode: extras.errcode } : {}),
      ...(typeof extras.retryAfterSec === 'number' ? { retryAfterSec: extras.retryAfterSec } : {}),
    },
  };
}

/** GET /api/pbx-config/inbound-routes: the PBX's inbound routes in words. */
export function loadInboundRoutes(token: string | null): Promise<ClientResult<InboundRoutesAnswer>> {
  return callApi<InboundRoutesAnswer>('/api/pbx-config/inbound-routes', { token });
}
