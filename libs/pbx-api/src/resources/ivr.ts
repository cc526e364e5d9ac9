import type { RequestOptions } from '../internal/requester.js';
import { ivrCreateCanonical, ivrCreateWire } from '../quirks.js';
import type { PbxDoneResponse } from './editable.types.js';
import type { IvrCreateParams, IvrCreateResponse, IvrUpdateParams } from './ivr.types.js';
import { resourceWith } from './resource.js';

/** IVR menus (docs/pbx/configuration.md#ivr). */
export class IvrResource extends resourceWith({
  /** GET ivr/list: one page of IVRs in their summary form. */
  list: 'ivr/list',
  /** GET ivr/search: one page of IVRs whose number or name contains `search_value`. */
  search: 'ivr/search',
  /** GET ivr/get: one IVR with its prompt settings and key destinations. */
  get: 'ivr/get',
  /** GET ivr/query: several IVRs in detail by ID; unknown IDs are left out. */
  query: 'ivr/query',
  /** GET ivr/delete: removes one IVR. Never retried. */
  delete: 'ivr/delete',
}) {
  /**
   * POST ivr/create: adds an IVR. The invalid-input recording flag is accepted under either spelling
   * and sent under both, because the spec's table and sample disagree on it.
   */
  create(params: IvrCreateParams, options?: RequestOptions): Promise<IvrCreateResponse> {
    const canonical = ivrCreateCanonical(params);
    return this.api.call('ivr/create', canonical, options, ivrCreateWire(canonical));
  }

  /**
   * POST ivr/update: changes the fields sent, keeps the others. The invalid-input flag goes out under both
   * spellings, as for create (quirks.ts, 15). Never retried.
   */
  update(params: IvrUpdateParams, options?: RequestOptions): Promise<PbxDoneResponse> {
    const canonical = ivrCreateCanonical(params);
    return this.api.call('ivr/update', canonical, options, ivrCreateWire(canonical));
  }
}
