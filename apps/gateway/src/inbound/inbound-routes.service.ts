import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { InboundRoute } from '@switchboard/pbx-api';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { sameData } from '../live/keyed-diff.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { PollingService } from '../polling/polling.module.js';
import {
  InboundRouteTable,
  type PositionedRoute,
  type RouteDestination,
  type RoutedCall,
} from './inbound-routes.js';

const JOB = 'inbound-routes';
/** Routes asked for per inbound_route/list page. */
export const ROUTE_LIST_PAGE = 100;
/** Pages one refresh reads at most (10,000 routes): a bound should a PBX keep answering full pages. */
export const ROUTE_LIST_MAX_PAGES = 100;
/** Route ids per inbound_route/query request. */
export const ROUTE_QUERY_BATCH = 100;
/** A held call no route takes brings the next refresh forward, at most this often (a route may be new). */
const UNMATCHED_REFRESH_GAP_MS = 10_000;

/**
 * The PBX's inbound routes, so held calls can be told apart by the queue their route leads to by default.
 * inbound_route/list names every route with its place in the route table (`pos`), page by page in table
 * order; inbound_route/query then reads their details (DIDs, trunks, callers, default destination) in batches
 * of ids. Two requests for a PBX with fewer than 100 routes, whatever their ids. Read with the queue list
 * (QUEUE_LIST_REFRESH_MS) and sooner when a held call matches no route. Until the first answer nothing is
 * known, and held calls keep the queue they were shown with (or none).
 */
@Injectable()
export class InboundRoutesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('InboundRoutes');
  private table: InboundRouteTable | undefined;
  private routes: PositionedRoute[] = [];
  private readAt: number | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly polling: PollingService,
  ) {}

  onApplicationBootstrap(): void {
    this.polling.add({
      key: JOB,
      kind: 'inbound_routes',
      intervalMs: this.config.polling.queueListRefreshMs,
      run: () => this.refresh(),
    });
  }

  /** The routes as last read, in table order (`pos`), and when (epoch ms); undefined before the first read. */
  current(): { routes: readonly PositionedRoute[]; readAt: number } | undefined {
    return this.table && this.readAt !== undefined ? { routes: this.routes, readAt: this.readAt } : undefined;
  }

  /** Whether the routes were read at least once. */
  get loaded(): boolean {
    return this.table !== undefined;
  }

  /** Where `call` goes by default, or undefined before the routes were read. */
  destinationOf(call: RoutedCall): RouteDestination | undefined {
    const destination = this.table?.destinationOf(call);
    if (destination?.kind === 'unknown') this.polling.runSoon(JOB, UNMATCHED_REFRESH_GAP_MS);
    return destination;
  }

  /**
   * Where `call` went by default and by which routes, without bringing a refresh forward (call history);
   * undefined before the routes were read.
   */
  routeOf(call: RoutedCall): ReturnType<InboundRouteTable['routeOf']> | undefined {
    return this.table?.routeOf(call);
  }

  /** Calls `listener` whenever the routes changed (held calls are matched again); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads every route (see the class comment). Throws when the PBX fails; the last routes stay in use. */
  async refresh(): Promise<void> {
    const positions = await this.listPositions();
    const ids = [...positions.keys()];
    const found: InboundRoute[] = [];
    for (let start = 0; start < ids.length; start += ROUTE_QUERY_BATCH) {
      const batch = ids.slice(start, start + ROUTE_QUERY_BATCH).join(',');
      const answer = await this.pbx.request(
        'inbound_route/query',
        (client) => client.inboundRoute.query({ ids: batch }),
        { priority: 'poll' },
      );
      found.push(...answer.data);
    }
    // A route deleted between the two reads is left out; one added meanwhile waits for the next refresh.
    const routes = [...new Map(found.map((route) => [route.id, route])).values()]
      .flatMap((route) => {
        const pos = positions.get(route.id);
        return pos === undefined ? [] : [{ ...route, pos }];
      })
      .sort((a, b) => a.pos - b.pos || a.id - b.id);
    this.readAt = Date.now();
    if (this.table && sameData(routes, this.routes)) return;
    const first = !this.table;
    this.routes = routes;
    this.table = new InboundRouteTable(routes);
    this.logger.log({
      msg: first ? 'inbound routes read' : 'inbound routes changed',
      routes: routes.length,
      toQueues: routes.filter((route) => route.def_dest === 'queue').length,
    });
    for (const listener of this.listeners) listener();
  }

  /** Every route's id and position, from inbound_route/list page by page in table order. */
  private async listPositions(): Promise<Map<number, number>> {
    const positions = new Map<number, number>();
    for (let page = 1; page <= ROUTE_LIST_MAX_PAGES; page++) {
      const answer = await this.pbx.request(
        'inbound_route/list',
        (client) =>
          client.inboundRoute.list({ page, page_size: ROUTE_LIST_PAGE, sort_by: 'pos', order_by: 'asc' }),
        { priority: 'poll' },
      );
      let added = 0;
      for (const row of answer.data) {
        if (!Number.isSafeInteger(row.pos))
          throw new Error(
            `inbound_route/list answered route ${row.id} without a position (pos ${String(row.pos)})`,
          );
        // A route moved while the pages were read may come twice: its first place stands until the next read.
        if (positions.has(row.id)) continue;
        positions.set(row.id, row.pos);
        added++;
      }
      const total = answer.total_number;
      const done =
        answer.data.length < ROUTE_LIST_PAGE || (Number.isInteger(total) && positions.size >= total);
      // A page with nothing new means the PBX ignores `page`: what was read is all there is to read.
      if (done || added === 0) return positions;
    }
    this.logger.warn({
      msg: 'inbound_route/list still had pages after the last one read; later routes are not known',
      pages: ROUTE_LIST_MAX_PAGES,
      routes: positions.size,
    });
    return positions;
  }
}
