import { paginate } from '../internal/paginate.js';
import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { parsePhonebookIds } from '../quirks.js';
import type {
  InboundRouteIterateParams,
  InboundRouteListParams,
  InboundRouteListResponse,
  InboundRouteQueryParams,
  InboundRouteQueryResponse,
  InboundRouteSearchParams,
  InboundRouteSummary,
  InboundRouteWire,
} from './inbound-route.types.js';

/** Page size `iterate()` uses when none is given (the PBX publishes no maximum for this list). */
export const INBOUND_ROUTE_ITERATE_PAGE_SIZE = 100;

/** Inbound routes: which DIDs and callers go where. */
export class InboundRouteResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET inbound_route/list: one page of routes (id, position, name, default destination). */
  list(params: InboundRouteListParams = {}, options?: RequestOptions): Promise<InboundRouteListResponse> {
    return this.rows('inbound_route/list', params, options);
  }

  /** GET inbound_route/search: one page of the routes matching `search_value`, in the list's shape. */
  search(params: InboundRouteSearchParams = {}, options?: RequestOptions): Promise<InboundRouteListResponse> {
    return this.rows('inbound_route/search', params, options);
  }

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

  /** GET inbound_route/query: several routes by ID, `cid_to_phonebook` read into an array of IDs. */
  async query(params: InboundRouteQueryParams, options?: RequestOptions): Promise<InboundRouteQueryResponse> {
    const answer = await this.api.call<
      Omit<InboundRouteQueryResponse, 'data'> & { data?: InboundRouteWire[] }
    >('inbound_route/query', params, options);
    const data = (answer.data ?? []).map((route) => ({
      ...route,
      cid_to_phonebook: parsePhonebookIds(route.cid_to_phonebook),
    }));
    return { ...answer, data };
  }

  /** list and search answer alike; a page without routes may leave `data` out. */
  private async rows(
    operation: 'inbound_route/list' | 'inbound_route/search',
    params: InboundRouteListParams | InboundRouteSearchParams,
    options: RequestOptions | undefined,
  ): Promise<InboundRouteListResponse> {
    const answer = await this.api.call<
      Omit<InboundRouteListResponse, 'data'> & { data?: InboundRouteSummary[] }
    >(operation, params, options);
    return { ...answer, data: answer.data ?? [] };
  }
}
