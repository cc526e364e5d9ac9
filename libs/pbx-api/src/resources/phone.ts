import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { firstIfArray } from '../quirks.js';
import type { PbxByIdParams, PbxDoneResponse, PbxRowsResponse } from './editable.types.js';
import type {
  PhoneBatchCreateParams,
  PhoneBatchCreateResponse,
  PhoneBatchParams,
  PhoneBatchUpdateParams,
  PhoneBatchUpdateResponse,
  PhoneDetail,
  PhoneGetResponse,
  PhoneOptionsParams,
  PhoneOptionsResponse,
  PhoneSearchParams,
  PhoneSummary,
} from './phone.types.js';

/**
 * IP phones on the auto provisioning list (docs/pbx/configuration.md#ip-phones). The PBX has no phone list
 * and no single delete: search with no keyword lists them, batchDelete removes one or more.
 */
export class PhoneResource {
  constructor(private readonly api: PbxRequester) {}

  /** POST phone/batchcreate: adds phones of one vendor and model. */
  batchCreate(params: PhoneBatchCreateParams, options?: RequestOptions): Promise<PhoneBatchCreateResponse> {
    return this.api.call('phone/batchcreate', params, options);
  }

  /** POST phone/batchupdate: changes which extensions several phones are assigned to. */
  batchUpdate(params: PhoneBatchUpdateParams, options?: RequestOptions): Promise<PhoneBatchUpdateResponse> {
    return this.api.call('phone/batchupdate', params, options);
  }

  /** GET phone/search: one page of phones whose MAC, vendor, model or extension contains `search_value`. */
  search(params: PhoneSearchParams = {}, options?: RequestOptions): Promise<PbxRowsResponse<PhoneSummary>> {
    return this.api.call('phone/search', params, options);
  }

  /** GET phone/get: one phone's provisioning details, as an object even when the PBX wraps it in an array. */
  async get(params: PbxByIdParams, options?: RequestOptions): Promise<PhoneGetResponse> {
    const answer = await this.api.call<{ data: PhoneDetail | PhoneDetail[] } & PhoneGetResponse>(
      'phone/get',
      params,
      options,
    );
    return { ...answer, data: firstIfArray(answer.data) as PhoneDetail };
  }

  /** POST phone/batchdelete: removes phones from the auto provisioning list. Never retried. */
  batchDelete(params: PhoneBatchParams, options?: RequestOptions): Promise<PbxDoneResponse> {
    return this.api.call('phone/batchdelete', params, options);
  }

  /** POST phone/batchreprovision: sends the phones their configuration again. Never retried. */
  batchReprovision(params: PhoneBatchParams, options?: RequestOptions): Promise<PbxDoneResponse> {
    return this.api.call('phone/batchreprovision', params, options);
  }

  /**
   * GET auto_provisioning/compatibility: the vendors, a vendor's models, a model's templates, or the
   * provisioning methods of a vendor and model, as batchCreate needs them.
   */
  options(params: PhoneOptionsParams, options?: RequestOptions): Promise<PhoneOptionsResponse> {
    return this.api.call('auto_provisioning/compatibility', params, options);
  }
}
