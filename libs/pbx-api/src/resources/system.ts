import type { RequestOptions } from '../internal/requester.js';
import { reading, resourceWith, withRows } from './resource.js';
import type {
  SystemCapacityResponse,
  SystemInformationResponse,
  SystemMenuOptionsResponse,
} from './system.types.js';

/** PBX identity, firmware and clock. */
export class SystemResource extends resourceWith({
  /**
   * GET system/get_menuoptions: the options of one menu (docs/pbx/records.md#menu-options), e.g. the
   * disposition codes a call note may carry or the agents of queue `id`. `data` is always an array.
   */
  menuOptions: reading('system/get_menuoptions', withRows<SystemMenuOptionsResponse>),
}) {
  /** GET system/information: model, firmware, clock and display formats. */
  information(options?: RequestOptions): Promise<SystemInformationResponse> {
    return this.api.call('system/information', {}, options);
  }

  /** GET system/capacity: extensions and concurrent calls allowed and in use. */
  capacity(options?: RequestOptions): Promise<SystemCapacityResponse> {
    return this.api.call('system/capacity', {}, options);
  }
}
