/** The PBX failures handlers and the call center raise, built one way everywhere. */
import { PBX_ERRCODE, PBX_ERRMSG } from '@switchboard/pbx-api';
import { SimError } from './contracts.js';

/** One entry of `invalid_param_list` as the simulator answers it. */
export interface InvalidParam {
  field: string;
  validation_type: string;
  /** The offending value as text, when there was one and it is safe to echo. */
  value?: string;
  /** A sentence saying what was wrong (the call center's errors give one). */
  message?: string;
}

/** An entry of `duplicate_field_list`. */
export interface DuplicateField {
  field: string;
  value: string;
  /** Kind of the object already using the value, e.g. `ivr`, `extension`. */
  external_source: string;
  /** Name of that object. */
  external_source_name: string;
}

const errmsgOf = (errcode: number, fallback: string): string => PBX_ERRMSG[errcode] ?? fallback;

/** One `invalid_param_list` entry: the field, the value sent, a short rule code and a sentence. */
function entry(field: string, value: unknown, code: string, message: string): InvalidParam {
  return { field, value: String(value), validation_type: code, message };
}

/** 40002 PARAMETER ERROR listing the fields (rules the static rule data cannot express). */
export function invalidParams(
  fields: readonly InvalidParam[],
  errmsg = errmsgOf(PBX_ERRCODE.PARAMETER_ERROR, 'PARAMETER ERROR'),
): SimError {
  return new SimError(PBX_ERRCODE.PARAMETER_ERROR, errmsg, { invalid_param_list: fields });
}

/**
 * 40002 naming the field and what was wrong. `errmsg` is the PBX's PARAMETER ERROR unless given
 * (the control surface, which is not the PBX interface, says the sentence there too: {@link controlParamError}).
 */
export function paramError(
  field: string,
  value: unknown,
  code: string,
  message: string,
  errmsg?: string,
): SimError {
  return invalidParams([entry(field, value, code, message)], errmsg);
}

/** A /sim control-surface parameter error: the sentence goes into errmsg too, since this is not the PBX interface. */
export function controlParamError(field: string, value: unknown, code: string, message: string): SimError {
  return paramError(field, value, code, message, `${field}: ${message}`);
}

/** 40004 NOT FOUND naming the field whose value matches nothing. */
export function notFound(field: string, value: unknown, code: string, message: string): SimError {
  return new SimError(PBX_ERRCODE.NOT_FOUND, errmsgOf(PBX_ERRCODE.NOT_FOUND, 'NOT FOUND'), {
    invalid_param_list: [entry(field, value, code, message)],
  });
}

/** 40004 NOT FOUND with a sentence saying what was missing (resources that name no field). */
export function notFoundDetail(detail: string): SimError {
  return new SimError(PBX_ERRCODE.NOT_FOUND, errmsgOf(PBX_ERRCODE.NOT_FOUND, 'NOT FOUND'), { detail });
}

/** 40003 DUPLICATE KEY VALUE. */
export function duplicateKey(fields: DuplicateField[]): SimError {
  const first = fields[0];
  return new SimError(
    PBX_ERRCODE.DUPLICATE_KEY_VALUE,
    errmsgOf(PBX_ERRCODE.DUPLICATE_KEY_VALUE, 'DUPLICATE KEY VALUE'),
    {
      submsg: first
        ? `${first.field} ${first.value} is already used by ${first.external_source} ${first.external_source_name}`
        : '',
      duplicate_field_list: fields,
    },
  );
}
