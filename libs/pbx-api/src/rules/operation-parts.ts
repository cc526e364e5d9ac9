import { int, obj, reqInt, reqStr, str } from './builders.js';
import type { FieldRule, ObjectRule, OperationSpec } from './schema.js';

// The pieces every operation's rule is built from: paging, sorting, ids, the spec itself, and the six
// read-and-edit operations of a configuration resource.

export const paging = { page: int({ min: 1 }), page_size: int({ min: 1 }) };
export const sorted = (sortBy: readonly string[]) => ({
  sort_by: str({ enum: sortBy }),
  order_by: str({ enum: ['asc', 'desc'] }),
});

/** Parameters of a `search` operation: the list's plus a keyword. */
export const searching = { search_value: str() };
/** `id` of one object (get, update, delete). */
export const byId = { id: reqInt({ min: 1 }) };
/** `ids` of several objects (query). */
export const byIds = obj({ ids: reqStr({ format: 'comma_id_list' }) });
/** The same fields, none of them required (update sends only what changes). */
export function optionalAll(fields: Readonly<Record<string, FieldRule>>): Record<string, FieldRule> {
  return Object.fromEntries(Object.entries(fields).map(([key, rule]) => [key, { ...rule, required: false }]));
}

export function op(
  path: string,
  method: 'GET' | 'POST',
  params: ObjectRule,
  extra: Partial<
    Pick<OperationSpec, 'version' | 'authenticated' | 'idempotent' | 'responseArrays' | 'alsoAcceptedMethods'>
  > = {},
): OperationSpec {
  return {
    path,
    method,
    version: extra.version ?? 'v1.0',
    authenticated: extra.authenticated ?? true,
    idempotent: extra.idempotent ?? method === 'GET',
    params,
    ...(extra.responseArrays ? { responseArrays: extra.responseArrays } : {}),
    ...(extra.alsoAcceptedMethods ? { alsoAcceptedMethods: extra.alsoAcceptedMethods } : {}),
  };
}

/** The six read-and-edit operations of a configuration resource. */
type EditableOps<R extends string> = Record<
  `${R}/${'list' | 'search' | 'get' | 'query' | 'update' | 'delete'}`,
  OperationSpec
>;

/**
 * list / search / get / query / update / delete of a configuration resource
 * (docs/pbx/configuration.md#reading-and-editing-configuration): GET list and search with paging, GET get
 * with `id`, GET query with `ids`, POST update with `id` and the fields that change, GET delete with `id`.
 */
export function editable<R extends string>(
  resource: R,
  shape: {
    /** Parameters of list (search adds `search_value`). */
    list: Record<string, FieldRule>;
    /** Parameters of search besides `search_value`, when they differ from list's. */
    search?: Record<string, FieldRule>;
    /** Fields update may change (all optional). */
    update: Record<string, FieldRule>;
    updateRule?: Omit<ObjectRule, 'type' | 'fields'>;
    /** Where list, search and query answer their rows: `data`, or `list` on the messaging pages. */
    rows: 'data' | 'list';
  },
): EditableOps<R> {
  const rows = { responseArrays: [shape.rows] };
  return {
    [`${resource}/list`]: op(`${resource}/list`, 'GET', obj(shape.list), rows),
    [`${resource}/search`]: op(
      `${resource}/search`,
      'GET',
      obj({ ...(shape.search ?? shape.list), ...searching }),
      rows,
    ),
    [`${resource}/get`]: op(`${resource}/get`, 'GET', obj(byId)),
    [`${resource}/query`]: op(`${resource}/query`, 'GET', byIds, rows),
    [`${resource}/update`]: op(
      `${resource}/update`,
      'POST',
      obj({ ...byId, ...optionalAll(shape.update) }, shape.updateRule ?? {}),
      // Sending the same change twice leaves the same state, but an update is never replayed blindly.
      { idempotent: false },
    ),
    // Deleting twice fails the second time (the object is gone): never replay it blindly.
    [`${resource}/delete`]: op(`${resource}/delete`, 'GET', obj(byId), { idempotent: false }),
  } as EditableOps<R>;
}
