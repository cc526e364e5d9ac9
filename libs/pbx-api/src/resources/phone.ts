import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  PhoneBatchCreateParams,
  PhoneBatchCreateResponse,
  PhoneBatchUpdateParams,
  PhoneBatchUpdateResponse,
} from './phone.types.js';

/** IP phones on the auto provisioning list. */
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
}
