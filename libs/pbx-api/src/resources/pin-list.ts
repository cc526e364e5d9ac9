import type { RequestOptions } from '../internal/requester.js';
import { idsQueryWire } from '../quirks.js';
import type { PbxByIdsParams, PbxQueryResponse } from './editable.types.js';
import type { PinList } from './pin-list.types.js';
import { resourceWith } from './resource.js';

/** PIN lists that authorise outbound calls (docs/pbx/configuration.md#pin-lists). */
export class PinListResource extends resourceWith({
  /** POST pin_list/create: adds a PIN list; 40003 when the name is taken. */
  create: 'pin_list/create',
  /** GET pin_list/list: one page of PIN lists. */
  list: 'pin_list/list',
  /** GET pin_list/search: one page of PIN lists whose name contains `search_value`. */
  search: 'pin_list/search',
  /** GET pin_list/get: one PIN list. */
  get: 'pin_list/get',
  /** POST pin_list/update: changes the fields sent. Never retried. */
  update: 'pin_list/update',
  /** GET pin_list/delete: removes one PIN list. Never retried. */
  delete: 'pin_list/delete',
}) {
  /**
   * GET pin_list/query: several PIN lists by ID. The IDs are sent as both `ids` and `id`, because the page's
   * table and example name the parameter differently (quirks.ts, 14).
   */
  query(params: PbxByIdsParams, options?: RequestOptions): Promise<PbxQueryResponse<PinList>> {
    return this.api.call('pin_list/query', params, options, idsQueryWire(params));
  }
}
