import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type { PinListCreateParams, PinListCreateResponse } from './pin-list.types.js';

/** PIN lists that authorise outbound calls. */
export class PinListResource {
  constructor(private readonly api: PbxRequester) {}

  /** POST pin_list/create: adds a PIN list. */
  create(params: PinListCreateParams, options?: RequestOptions): Promise<PinListCreateResponse> {
    return this.api.call('pin_list/create', params, options);
  }
}
