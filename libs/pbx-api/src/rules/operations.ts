import { obj, reqStr } from './builders.js';
import { CONFIG_OPERATIONS } from './config-operations.js';
import { LIVE_OPERATIONS } from './live-operations.js';
import { op } from './operation-parts.js';
import { RECORD_OPERATIONS } from './record-operations.js';
import type { OperationSpec } from './schema.js';

export * from './operation-values.js';

/**
 * Every operation this product uses: the 22 of the vendor's interface document plus call/refuse_inbound and
 * the ones of the PBX's public guide (docs/pbx/README.md). Keyed by `resource/action`.
 */
export const PBX_OPERATIONS = {
  // Authentication (docs/pbx/auth.md#token-operations)
  get_token: op('get_token', 'POST', obj({ username: reqStr(), password: reqStr() }), {
    authenticated: false,
    idempotent: false,
  }),
  refresh_token: op('refresh_token', 'POST', obj({ refresh_token: reqStr() }), {
    authenticated: false,
    idempotent: false,
  }),
  del_token: op('del_token', 'GET', obj({}), { idempotent: false }),
  ...CONFIG_OPERATIONS,
  ...RECORD_OPERATIONS,
  ...LIVE_OPERATIONS,
} as const satisfies Record<string, OperationSpec>;

/** Name of an operation in {@link PBX_OPERATIONS}. */
export type PbxOperationName = keyof typeof PBX_OPERATIONS;

/** Looks up an operation by its URL path (`queue/agent_status`), for servers routing requests. */
export function findOperation(path: string): OperationSpec | undefined {
  // Own keys only: a path such as `constructor` must not resolve to something on Object.prototype.
  return Object.hasOwn(PBX_OPERATIONS, path)
    ? (PBX_OPERATIONS as Record<string, OperationSpec>)[path]
    : undefined;
}
