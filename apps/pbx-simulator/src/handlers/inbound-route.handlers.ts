/**
 * inbound_route/query (docs/pbx/configuration.md#inbound-routes): the call center's inbound routes in the
 * full Inroute_Details shape. `cid_to_phonebook` is rendered as bracketed text, as the sample of the vendor's
 * interface document shows it.
 */
import type { HandlerTable, InboundRouteInfo, WorldInfo } from '../contracts.js';
import { idList, type ResourceContext, type SimResource } from './sim-resource.js';

/** Phonebooks every scenario has (company contacts belong to them). */
export const PHONEBOOKS = [
  { id: 1, name: 'Customers' },
  { id: 2, name: 'VIP' },
] as const;

function render(route: InboundRouteInfo, index: number, world: WorldInfo): Record<string, unknown> {
  // Every second route screens callers by phonebook, so clients meet both CID options.
  const byPhonebook = index % 2 === 1;
  return {
    id: route.id,
    name: route.name,
    alert_info: '',
    did_option: 'patterns',
    did_pattern_list: route.did_patterns.map((did_pattern, i) => ({ id: i + 1, did_pattern })),
    did_pattern_to_ext: '',
    did_to_ext_start: '',
    did_to_ext_end: '',
    did_pattern_to_ext_list: [],
    cid_option: byPhonebook ? 'phonebook' : 'patterns',
    cid_pattern_list: byPhonebook ? [] : [{ id: 1, cid_pattern: '' }],
    cid_to_phonebook: byPhonebook ? `[${PHONEBOOKS.map((p) => p.id).join(',')}]` : '[]',
    trunk_list: route.trunk_ids.flatMap((id) => {
      const trunk = world.trunks.find((t) => t.id === id);
      return trunk ? [{ id: trunk.id, name: trunk.name, type: trunk.type }] : [];
    }),
    def_dest: route.def_dest,
    def_dest_prefix: '',
    def_dest_value: route.def_dest_value,
    def_dest_ext_list: [],
    ringback_tone: '',
  };
}

/** Inbound routes (read-only; they come from the scenario). */
export class InboundRouteResource implements SimResource {
  readonly handlers: HandlerTable = {
    'inbound_route/query': ({ params }) => {
      const world = this.context.world();
      const data = idList(params['ids']).flatMap((id) => {
        const index = world.inboundRoutes.findIndex((route) => route.id === id);
        const route = world.inboundRoutes[index];
        return route ? [render(route, index, world)] : [];
      });
      return { data };
    },
  };

  constructor(private readonly context: ResourceContext) {}

  reset(): void {
    // Routes belong to the scenario; nothing of them changes at run time.
  }
}
