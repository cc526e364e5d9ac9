/**
 * inbound_route/list, inbound_route/search and inbound_route/query (docs/pbx/configuration.md#inbound-routes):
 * the call center's inbound routes, listed with their table positions (`pos`) and read in the full
 * Inroute_Details shape by id. `cid_to_phonebook` is rendered as bracketed text, as the sample of the vendor's
 * interface document shows it.
 */
import type { HandlerTable, InboundRouteInfo, WorldInfo } from '../contracts.js';
import { pageOf, pageParams } from '../support/paging.js';
import { idList, type ResourceContext, type SimResource } from './sim-resource.js';

/** Routes per page when `page_size` is not given (the PBX publishes no default). */
const ROUTE_PAGE_SIZE = 100;

const byPos = (route: InboundRouteInfo) => route.pos;
/** What `sort_by` orders by; without one the routes come in table order, as the PBX's web table shows them. */
const SORT_KEYS: Readonly<Record<string, (route: InboundRouteInfo) => string | number>> = {
  id: (route) => route.id,
  pos: byPos,
  name: (route) => route.name,
};

/** A route as list and search show it (Inroute_Info): the simulator has no time conditions, so "current" is the default. */
function summary(route: InboundRouteInfo): Record<string, unknown> {
  return {
    id: route.id,
    pos: route.pos,
    name: route.name,
    default_destination: route.def_dest,
    default_desination_value: route.def_dest_value,
    current_destination: route.def_dest,
  };
}

/** One page of the routes matching `search_value` (name or DID, any case, anywhere in it), sorted as asked. */
function routePage(world: WorldInfo, params: Record<string, unknown>): Record<string, unknown> {
  const { page, pageSize } = pageParams(params, { pageSize: ROUTE_PAGE_SIZE, maxPageSize: 10_000 });
  const key = SORT_KEYS[String(params['sort_by'] ?? 'pos')] ?? byPos;
  const sign = params['order_by'] === 'desc' ? -1 : 1;
  const sorted = [...world.inboundRoutes].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * (order || a.id - b.id);
  });
  const keyword = String(params['search_value'] ?? '')
    .trim()
    .toLowerCase();
  const matches = (route: InboundRouteInfo) =>
    keyword === '' ||
    [route.name, ...route.did_patterns].some((text) => text.toLowerCase().includes(keyword));
  const { total, items } = pageOf(sorted, matches, page, pageSize);
  return {
    total_number: total,
    // The last position in the whole route list, whatever the search matched.
    last_pos: world.inboundRoutes.reduce((last, route) => Math.max(last, route.pos), 0),
    data: items.map(summary),
  };
}

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
    'inbound_route/list': ({ params }) => routePage(this.context.world(), params),
    'inbound_route/search': ({ params }) => routePage(this.context.world(), params),
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
