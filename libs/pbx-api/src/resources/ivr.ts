import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { ivrCreateCanonical, ivrCreateWire } from '../quirks.js';
import type {
  PbxByIdParams,
  PbxByIdsParams,
  PbxDoneResponse,
  PbxObjectResponse,
  PbxQueryResponse,
  PbxRowsResponse,
} from './editable.types.js';
import type {
  IvrCreateParams,
  IvrCreateResponse,
  IvrDetail,
  IvrListParams,
  IvrSearchParams,
  IvrSummary,
  IvrUpdateParams,
} from './ivr.types.js';

/** IVR menus (docs/pbx/configuration.md#ivr). */
export class IvrResource {
  constructor(private readonly api: PbxRequester) {}

  /**
   * POST ivr/create: adds an IVR. The invalid-input recording flag is accepted under either spelling
   * and sent under both, because the spec's table and sample disagree on it.
   */
  create(params: IvrCreateParams, options?: RequestOptions): Promise<IvrCreateResponse> {
    const canonical = ivrCreateCanonical(params);
    return this.api.call('ivr/create', canonical, options, ivrCreateWire(canonical));
  }

  /** GET ivr/list: one page of IVRs in their summary form. */
  list(params: IvrListParams = {}, options?: RequestOptions): Promise<PbxRowsResponse<IvrSummary>> {
    return this.api.call('ivr/list', params, options);
  }

  /** GET ivr/search: one page of IVRs whose number or name contains `search_value`. */
  search(params: IvrSearchParams = {}, options?: RequestOptions): Promise<PbxRowsResponse<IvrSummary>> {
    return this.api.call('ivr/search', params, options);
  }

  /** GET ivr/get: one IVR with its prompt settings and key destinations. */
  get(params: PbxByIdParams, options?: RequestOptions): Promise<PbxObjectResponse<IvrDetail>> {
    return this.api.call('ivr/get', params, options);
  }

  /** GET ivr/query: several IVRs in detail by ID; unknown IDs are left out. */
  query(params: PbxByIdsParams, options?: RequestOptions): Promise<PbxQueryResponse<IvrDetail>> {
    return this.api.call('ivr/query', params, options);
  }

  /**
   * POST ivr/update: changes the fields sent, keeps the others. The invalid-input flag goes out under both
   * spellings, as for create (quirks.ts, 15). Never retried.
   */
  update(params: IvrUpdateParams, options?: RequestOptions): Promise<PbxDoneResponse> {
    const canonical = ivrCreateCanonical(params);
    return this.api.call('ivr/update', canonical, options, ivrCreateWire(canonical));
  }

  /** GET ivr/delete: removes one IVR. Never retried. */
  delete(params: PbxByIdParams, options?: RequestOptions): Promise<PbxDoneResponse> {
    return this.api.call('ivr/delete', params, options);
  }
}
