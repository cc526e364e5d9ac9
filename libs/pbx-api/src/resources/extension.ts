import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  ExtensionGetParams,
  ExtensionGetResponse,
  ExtensionListParams,
  ExtensionListResponse,
  ExtensionQueryParams,
  ExtensionQueryResponse,
  ExtensionSearchParams,
  ExtensionSearchResponse,
  ExtensionStatusMonitorListResponse,
} from './extension.types.js';

/** The PBX's extensions (read only): who they are, where they are online, which status events they send. */
export class ExtensionResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET extension/list: one page of extensions with id, number, user name, presence and online status. */
  list(params: ExtensionListParams = {}, options?: RequestOptions): Promise<ExtensionListResponse> {
    return this.api.call('extension/list', params, options);
  }

  /** GET extension/search: the extensions matching `search_value`, in the list's row form. */
  search(params: ExtensionSearchParams = {}, options?: RequestOptions): Promise<ExtensionSearchResponse> {
    return this.api.call('extension/search', params, options);
  }

  /** GET extension/get: one extension's settings. */
  get(params: ExtensionGetParams, options?: RequestOptions): Promise<ExtensionGetResponse> {
    return this.api.call('extension/get', params, options);
  }

  /** GET extension/query: the settings of the extensions with these ids (`1,2`). */
  query(params: ExtensionQueryParams, options?: RequestOptions): Promise<ExtensionQueryResponse> {
    return this.api.call('extension/query', params, options);
  }

  /**
   * GET extension_status_monitor/list: per extension, whether the PBX sends its registration (30007), call
   * (30008) and presence (30009) events. An extension whose monitor is off never produces that event.
   */
  statusMonitors(options?: RequestOptions): Promise<ExtensionStatusMonitorListResponse> {
    return this.api.call('extension_status_monitor/list', {}, options);
  }
}
