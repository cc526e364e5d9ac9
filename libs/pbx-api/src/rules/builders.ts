import type { FieldRule, IdRule, IntegerRule, ObjectRule, StringRule } from './schema.js';

// Small builders keep rule tables readable (the operation catalogue, the event payload rules);
// what they build is still plain data.

/** An optional string rule. */
export const str = (extra: Omit<StringRule, 'type'> = {}): StringRule => ({ type: 'string', ...extra });
/** A required, non-empty string rule. */
export const reqStr = (extra: Omit<StringRule, 'type' | 'required'> = {}): StringRule =>
  str({ ...extra, required: true });
/** An optional integer rule. */
export const int = (extra: Omit<IntegerRule, 'type'> = {}): IntegerRule => ({ type: 'integer', ...extra });
/** A required integer rule. */
export const reqInt = (extra: Omit<IntegerRule, 'type' | 'required'> = {}): IntegerRule =>
  int({ ...extra, required: true });
/** A 0/1 flag. */
export const flag = (): IntegerRule => int({ enum: [0, 1] });
/** A required ID given as integer or text. */
export const reqId = (): IdRule => ({ type: 'id', required: true });
/** An object rule. */
export const obj = (
  fields: Record<string, FieldRule>,
  extra: Omit<ObjectRule, 'type' | 'fields'> = {},
): ObjectRule => ({
  type: 'object',
  fields,
  ...extra,
});
/** An array rule. */
export const list = (items: FieldRule, required = false): FieldRule => ({ type: 'array', items, required });
