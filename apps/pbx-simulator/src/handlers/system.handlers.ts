/**
 * system/information (docs/pbx/errors-and-formats.md#reading-the-display-format): identity, clock and the
 * display formats clients must use; system/get_menuoptions (docs/pbx/records.md#menu-options).
 */
import { menuOptionsMenu, toInt } from '@switchboard/pbx-api';
import type { HandlerTable } from '../contracts.js';
import { menuOptions } from './menu-options.js';
import type { ResourceContext, SimResource } from './sim-resource.js';

/** PBX identity and clock. */
export class SystemResource implements SimResource {
  private readonly bootedAt = Date.now();
  readonly handlers: HandlerTable = {
    'system/information': () => {
      const now = this.context.clock();
      return {
        data: {
          device_name: 'Switchboard PBX Simulator',
          model_name: 'P570',
          sn: this.sn,
          hardware_version: 'V1.0',
          firmware_version: '37.21.0.117',
          system_time: this.context.display.format(now),
          up_time: Math.floor((Date.now() - this.bootedAt) / 1000),
          system_date_format: this.context.display.dateFormatLabel,
          system_time_format: this.context.display.timeFormatLabel,
          timestamp: Math.floor(now),
        },
      };
    },
    'system/get_menuoptions': async (request) => {
      const menu = menuOptionsMenu(String(request.params['menu']));
      const sources = { world: this.context.world, handlers: this.allHandlers };
      return { data: await menuOptions(menu, toInt(request.params['id']), sources, request) };
    },
  };

  /** `allHandlers`: every handler of the simulator (menus of IVRs, PIN lists and message queues read their lists). */
  constructor(
    private readonly context: ResourceContext,
    private readonly sn: string,
    private readonly allHandlers: () => HandlerTable = () => ({}),
  ) {}

  reset(): void {
    // Identity and clock do not reset.
  }
}
