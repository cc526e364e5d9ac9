import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { parsePhonebookIds } from '../quirks.js';
import type {
  InboundRouteQueryParams,
  InboundRouteQueryResponse,
  InboundRouteWire,
} from './inbound-route.types.js';

/** Inbound routes: which DIDs and callers go where. */
export class InboundRouteResource {
  constructor(private readonly api: PbxRequester) {}

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
}
