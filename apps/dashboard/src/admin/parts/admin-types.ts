import type { RestError } from '@switchboard/live-protocol';

/** Where a screen's data stands; every state is shown in words, none is an endless spinner. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error' | 'unavailable';

/** A failed answer as the admin screens show it. */
export interface LoadProblem {
  status: 'error' | 'unavailable';
  message: string;
}

/**
 * What a failed answer means for the screen: the PBX or the gateway out of reach ("unavailable", worth a
 * retry later) or a refusal to read ("error").
 */
export function loadProblem(
  error: Pick<RestError, 'code' | 'message'> | { code: string; message: string },
): LoadProblem {
  const unreachable = ['pbx_unavailable', 'offline', 'timeout', 'rate_limited'].includes(error.code);
  return { status: unreachable ? 'unavailable' : 'error', message: error.message };
}

/**
 * A kind of PBX object in words, singular and plural ("PIN list", "PIN lists"): a screen's headings, buttons
 * and sentences about its objects are made from them.
 */
export interface ResourceNoun {
  one: string;
  many: string;
}

/**
 * The columns of a ResourceTable, in order: each row field shown (as text unless a `cell-<key>` slot renders
 * it) and its heading, e.g. `{ name: 'Name', limit_type: 'Applies to' }`.
 */
export type ResourceColumns = Readonly<Record<string, string>>;

/**
 * The part of a PBX field rule (GET /api/pbx/schema) a form field needs to pick its input and bounds;
 * the schema's rules fit it as they are.
 */
export interface FieldRuleLike {
  type: string;
  required?: boolean;
  enum?: readonly (string | number)[];
  min?: number;
  max?: number;
}

/** Makes a PBX field name safe inside an element id or test id (`press_hash_dest` stays as it is). */
export const fieldSlug = (name: string): string => name.replace(/[^A-Za-z0-9_-]/g, '-');

/** The marks of the element of a form field: the PBX field it edits, and its test id. */
export const fieldMarks = (name: string) => ({
  'data-field': name,
  'data-testid': `field-${fieldSlug(name)}`,
});
