/** The PBX failures resource handlers raise, built one way everywhere. */
import { PBX_ERRCODE, PBX_ERRMSG } from '@switchboard/pbx-api';
import { SimError } from '../contracts.js';

/** An entry of `duplicate_field_list`. */
export interface DuplicateField {
  field: string;
  value: string;
  /** Kind of the object already using the value, e.g. `ivr`, `extension`. */
  external_source: string;
  /** Name of that object. */
  external_source_name: string;
}

/** 40003 DUPLICATE KEY VALUE. */
export function duplicateKey(fields: DuplicateField[]): SimError {
  const first = fields[0];
  return new SimError(
    PBX_ERRCODE.DUPLICATE_KEY_VALUE,
    PBX_ERRMSG[PBX_ERRCODE.DUPLICATE_KEY_VALUE] ?? 'DUPLICATE KEY VALUE',
    {
      submsg: first
        ? `${first.field} ${first.value} is already used by ${first.external_source} ${first.external_source_name}`
        : '',
      duplicate_field_list: fields,
    },
  );
}

/** An entry of `invalid_param_list` raised by a handler (a rule the static rule data cannot express). */
export interface InvalidField {
  field: string;
  validation_type: string;
  value?: string;
}

/** 40002 PARAMETER ERROR. */
export function invalidParams(fields: InvalidField[]): SimError {
  return new SimError(
    PBX_ERRCODE.PARAMETER_ERROR,
    PBX_ERRMSG[PBX_ERRCODE.PARAMETER_ERROR] ?? 'PARAMETER ERROR',
    {
      invalid_param_list: fields,
    },
  );
}

/** 40004 NOT FOUND with a sentence saying what was missing. */
export function notFound(detail: string): SimError {
  return new SimError(PBX_ERRCODE.NOT_FOUND, PBX_ERRMSG[PBX_ERRCODE.NOT_FOUND] ?? 'NOT FOUND', { detail });
}

/** Comma-separated ids -> numbers, in order, without repeats. */
export function idList(value: unknown): number[] {
  const ids = String(value ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id));
  return [...new Set(ids)];
}
