import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { ivrCreateCanonical, ivrCreateWire } from '../quirks.js';
import type { IvrCreateParams, IvrCreateResponse } from './ivr.types.js';

/** IVR menus. */
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
}
