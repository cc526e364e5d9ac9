import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type { PbxSuccess } from '../types.js';
import type {
  SystemCapacityResponse,
  SystemMenuOptionsParams,
  SystemMenuOptionsResponse,
} from './system.types.js';

/** What system/information reports about the PBX. */
export interface SystemInformation {
  device_name: string;
  model_name: string;
  sn: string;
  hardware_version: string;
  firmware_version: string;
  /** PBX local time in its display format, e.g. `2025/08/22 16:44:40`. */
  system_time: string;
  /** Seconds since boot. */
  up_time: number;
  /** e.g. `YYYY/MM/DD`, `MM/DD/YYYY`, `DD/MM/YYYY`. */
  system_date_format: string;
  /** e.g. `hh:mm:ss` or `HH:mm:ss`; see `PbxTimeFormat` for how 12/24 h is read. */
  system_time_format: string;
  /** Epoch seconds. */
  timestamp: number;
}

/** Answer of system/information. */
export interface SystemInformationResponse extends PbxSuccess {
  data: SystemInformation;
}

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
