import type { RequestOptions } from '../internal/requester.js';
import type { ExtensionStatusMonitorListResponse } from './extension.types.js';
import { resourceWith } from './resource.js';

/** The PBX's extensions (read only): who they are, where they are online, which status events they send. */
export class ExtensionResource extends resourceWith({
  /** GET extension/list: one page of extensions with id, number, user name, presence and online status. */
  list: 'extension/list',
  /** GET extension/search: the extensions matching `search_value`, in the list's row form. */
  search: 'extension/search',
  /** GET extension/get: one extension's settings. */
  get: 'extension/get',
  /** GET extension/query: the settings of the extensions with these ids (`1,2`). */
  query: 'extension/query',
}) {
  /**
   * GET extension_status_monitor/list: per extension, whether the PBX sends its registration (30007), call
   * (30008) and presence (30009) events. An extension whose monitor is off never produces that event.
   */
  statusMonitors(options?: RequestOptions): Promise<ExtensionStatusMonitorListResponse> {
    return this.api.call('extension_status_monitor/list', {}, options);
  }
}
