import { PBX_ERRCODE, PBX_ERRMSG } from '@switchboard/pbx-api';
import { SimError } from '../contracts.js';

/** One `invalid_param_list` entry: the field, the value sent, a short rule code and a sentence. */
function entry(field: string, value: unknown, code: string, message: string): Record<string, unknown> {
  return { field, value: String(value), validation_type: code, message };
}

/** errcode 40004 NOT FOUND naming the field whose value matches nothing. */
export function notFound(field: string, value: unknown, code: string, message: string): SimError {
  return new SimError(PBX_ERRCODE.NOT_FOUND, PBX_ERRMSG[PBX_ERRCODE.NOT_FOUND] ?? 'NOT FOUND', {
    invalid_param_list: [entry(field, value, code, message)],
  });
}

/**
 * errcode 40002 naming the field and what was wrong. `errmsg` is the PBX's PARAMETER ERROR unless given
 * (the control surface, which is not the PBX interface, says the sentence there too).
 */
export function paramError(
  field: string,
  value: unknown,
  code: string,
  message: string,
  errmsg?: string,
): SimError {
  return new SimError(
    PBX_ERRCODE.PARAMETER_ERROR,
    errmsg ?? PBX_ERRMSG[PBX_ERRCODE.PARAMETER_ERROR] ?? 'PARAMETER ERROR',
    {
      invalid_param_list: [entry(field, value, code, message)],
    },
  );
}
