import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  SystemCapacityResponse,
  SystemInformationResponse,
  SystemMenuOptionsParams,
  SystemMenuOptionsResponse,
} from './system.types.js';

/** PBX identity, firmware and clock. */
export class SystemResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET system/information: model, firmware, clock and display formats. */
  information(options?: RequestOptions): Promise<SystemInformationResponse> {
    return this.api.call('system/information', {}, options);
  }

  /** GET system/capacity: extensions and concurrent calls allowed and in use. */
  capacity(options?: RequestOptions): Promise<SystemCapacityResponse> {
    return this.api.call('system/capacity', {}, options);
  }

  /**
   * GET system/get_menuoptions: the options of one menu (docs/pbx/records.md#menu-options), e.g. the
   * disposition codes a call note may carry or the agents of queue `id`. `data` is always an array.
   */
  async menuOptions(
    params: SystemMenuOptionsParams,
    options?: RequestOptions,
  ): Promise<SystemMenuOptionsResponse> {
    const answer = await this.api.call<Omit<SystemMenuOptionsResponse, 'data'> & { data?: unknown[] }>(
      'system/get_menuoptions',
      params,
      options,
    );
    return { ...answer, data: (answer.data ?? []) as SystemMenuOptionsResponse['data'] };
  }
}
