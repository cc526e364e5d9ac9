import type { PbxFieldError } from '@switchboard/live-protocol';
import { PBX_OPERATIONS, validate, type FieldRule, type PbxOperationName } from '@switchboard/pbx-api/rules';

/**
 * The admin forms' check: the PBX client's own rules and validator (@switchboard/pbx-api/rules), applied as
 * the client applies them before sending (unknown fields refused), so a form refuses exactly what the gateway
 * and the PBX client would. The rules are part of the page's code: nothing to load, nothing to keep in step.
 */
export function checkPbxBody(operation: PbxOperationName, body: object): PbxFieldError[] {
  return validate(PBX_OPERATIONS[operation].params, body, { rejectUnknown: true }).map(
    ({ field, message }) => ({ field, message }),
  );
}

/** The rule of parameter `name` of `operation`, or null when the operation has no such parameter. */
export function pbxFieldRule(operation: PbxOperationName, name: string): FieldRule | null {
  return PBX_OPERATIONS[operation].params.fields[name] ?? null;
}

/** The fields a refused save names (callPbx already mapped the gateway's check and invalid_param_list). */
export const refusedFields = (error: unknown): PbxFieldError[] =>
  (error as { fields?: PbxFieldError[] }).fields ?? [];

/** The admin screens' rules: each field's rule for its input, and a check of a body before it is sent. */
export function useAdminRules() {
  return { field: pbxFieldRule, check: checkPbxBody, refusedFields };
}
