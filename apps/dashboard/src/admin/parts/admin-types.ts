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

/** A column of a ResourceTable: the row field shown (as text unless a `cell-<key>` slot renders it) and its heading. */
export interface ResourceColumn {
  key: string;
  label: string;
}

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
