import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type { ExtensionListParams, ExtensionListResponse } from './extension.types.js';

/** The PBX's extensions (read only). */
export class ExtensionResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET extension/list: one page of extensions, each with its id, number and user name. */
  list(params: ExtensionListParams = {}, options?: RequestOptions): Promise<ExtensionListResponse> {
    return this.api.call('extension/list', params, options);
  }
}
