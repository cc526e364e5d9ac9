import { paginate } from '../internal/paginate.js';
import type { RequestOptions } from '../internal/requester.js';
import { parsePhonebookIds } from '../quirks.js';
import type {
  InboundRouteIterateParams,
  InboundRouteListResponse,
  InboundRouteQueryResponse,
  InboundRouteSummary,
  InboundRouteWire,
} from './inbound-route.types.js';
import { reading, resourceWith, withRows } from './resource.js';

/** Page size `iterate()` uses when none is given (the PBX publishes no maximum for this list). */
export const INBOUND_ROUTE_ITERATE_PAGE_SIZE = 100;

/** Inbound routes: which DIDs and callers go where. */
export class InboundRouteResource extends resourceWith({
  /** GET inbound_route/list: one page of routes (id, position, name, default destination). */
  list: reading('inbound_route/list', withRows<InboundRouteListResponse>),
  /** GET inbound_route/search: one page of the routes matching `search_value`, in the list's shape. */
  search: reading('inbound_route/search', withRows<InboundRouteListResponse>),
  /** GET inbound_route/query: several routes by ID, `cid_to_phonebook` read into an array of IDs. */
  query: reading('inbound_route/query', phonebookIdsRead),
}) {
  /**
   * Every route of inbound_route/list across all pages, sorted as asked, fetched page by page as you consume
   * them. Ask `sort_by: 'pos'` for the order of the PBX's route table.
   */
  iterate(
    params: InboundRouteIterateParams = {},
    options?: RequestOptions,
  ): AsyncGenerator<InboundRouteSummary, void> {
    const { page_size: pageSize = INBOUND_ROUTE_ITERATE_PAGE_SIZE, ...sorting } = params;
    return paginate(async (page, size) => {
      const answer = await this.list({ ...sorting, page, page_size: size }, options);
      return { items: answer.data, total: answer.total_number };
    }, pageSize);
  }
}

/** An inbound_route/query answer with each route's `cid_to_phonebook` as an array of IDs. */
function phonebookIdsRead(
  answer: Omit<InboundRouteQueryResponse, 'data'> & { data?: InboundRouteWire[] },
): InboundRouteQueryResponse {
  const data = (answer.data ?? []).map((route) => ({
    ...route,
    cid_to_phonebook: parsePhonebookIds(route.cid_to_phonebook),
  }));
  return { ...answer, data };
}
