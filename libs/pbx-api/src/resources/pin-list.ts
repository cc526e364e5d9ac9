import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { idsQueryWire } from '../quirks.js';
import type {
  PbxByIdParams,
  PbxByIdsParams,
  PbxDoneResponse,
  PbxObjectResponse,
  PbxQueryResponse,
  PbxRowsResponse,
} from './editable.types.js';
import type {
  PinList,
  PinListCreateParams,
  PinListCreateResponse,
  PinListListParams,
  PinListSearchParams,
  PinListUpdateParams,
} from './pin-list.types.js';

/** PIN lists that authorise outbound calls (docs/pbx/configuration.md#pin-lists). */
export class PinListResource {
  constructor(private readonly api: PbxRequester) {}

  /** POST pin_list/create: adds a PIN list; 40003 when the name is taken. */
  create(params: PinListCreateParams, options?: RequestOptions): Promise<PinListCreateResponse> {
    return this.api.call('pin_list/create', params, options);
  }

  /** GET pin_list/list: one page of PIN lists. */
  list(params: PinListListParams = {}, options?: RequestOptions): Promise<PbxRowsResponse<PinList>> {
    return this.api.call('pin_list/list', params, options);
  }

  /** GET pin_list/search: one page of PIN lists whose name contains `search_value`. */
  search(params: PinListSearchParams = {}, options?: RequestOptions): Promise<PbxRowsResponse<PinList>> {
    return this.api.call('pin_list/search', params, options);
  }

  /** GET pin_list/get: one PIN list. */
  get(params: PbxByIdParams, options?: RequestOptions): Promise<PbxObjectResponse<PinList>> {
    return this.api.call('pin_list/get', params, options);
  }

  /**
   * GET pin_list/query: several PIN lists by ID. The IDs are sent as both `ids` and `id`, because the page's
   * table and example name the parameter differently (quirks.ts, 14).
   */
  query(params: PbxByIdsParams, options?: RequestOptions): Promise<PbxQueryResponse<PinList>> {
    return this.api.call('pin_list/query', params, options, idsQueryWire(params));
  }

  /** POST pin_list/update: changes the fields sent. Never retried. */
  update(params: PinListUpdateParams, options?: RequestOptions): Promise<PbxDoneResponse> {
    return this.api.call('pin_list/update', params, options);
  }

  /** GET pin_list/delete: removes one PIN list. Never retried. */
  delete(params: PbxByIdParams, options?: RequestOptions): Promise<PbxDoneResponse> {
    return this.api.call('pin_list/delete', params, options);
  }
}
