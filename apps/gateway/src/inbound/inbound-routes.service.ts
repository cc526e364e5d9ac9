import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { InboundRoute } from '@switchboard/pbx-api';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { sameData } from '../live/keyed-diff.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { PollingService } from '../polling/polling.module.js';
import { InboundRouteTable, type RouteDestination, type RoutedCall } from './inbound-routes.js';

const JOB = 'inbound-routes';
/** Route ids are asked for in blocks of this many, one request per block. */
export const ROUTE_ID_BLOCK = 100;
/** Ids above this are never asked for: a bound on the requests one refresh makes. */
export const ROUTE_ID_LIMIT = 1_000;
/** A held call no route takes brings the next refresh forward, at most this often (a route may be new). */
const UNMATCHED_REFRESH_GAP_MS = 10_000;

/** The ids of one block, comma-separated, as inbound_route/query takes them. */
export function idBlock(start: number): string {
  const end = Math.min(start + ROUTE_ID_BLOCK - 1, ROUTE_ID_LIMIT);
  return Array.from({ length: end - start + 1 }, (_, i) => String(start + i)).join(',');
}

/**
 * The PBX's inbound routes, so held calls can be told apart by the queue they lead to. The interface has no
 * "list routes" call, but inbound_route/query takes any ids and leaves out those that do not exist, so the
 * gateway asks for ids 1-100 in one request, then the next hundred while a block (or a block below the
 * highest id seen so far) had routes, up to id 1,000: two requests for a PBX with fewer than 100 routes.
 * Read with the queue list (QUEUE_LIST_REFRESH_MS) and sooner when a held call matches no route.
 * Until the first answer nothing is known, and held calls keep the queue they were shown with (or none).
 */
@Injectable()
export class InboundRoutesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('InboundRoutes');
  private table: InboundRouteTable | undefined;
  private routes: InboundRoute[] = [];
  private highestId = 0;
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

  /** The routes as last read, by id, and when (epoch ms); undefined before the first read. */
  current(): { routes: readonly InboundRoute[]; readAt: number } | undefined {
    return this.table && this.readAt !== undefined ? { routes: this.routes, readAt: this.readAt } : undefined;
  }

  /** Whether the routes were read at least once. */
  get loaded(): boolean {
    return this.table !== undefined;
  }

  /** Where `call` goes, or undefined before the routes were read. */
  destinationOf(call: RoutedCall): RouteDestination | undefined {
    const destination = this.table?.destinationOf(call);
    if (destination?.kind === 'unknown') this.polling.runSoon(JOB, UNMATCHED_REFRESH_GAP_MS);
    return destination;
  }

  /** Where `call` went and by which routes, without bringing a refresh forward (call history); undefined before the routes were read. */
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
    const found: InboundRoute[] = [];
    for (let start = 1; start <= ROUTE_ID_LIMIT; start += ROUTE_ID_BLOCK) {
      const answer = await this.pbx.request(
        'inbound_route/query',
        (client) => client.inboundRoute.query({ ids: idBlock(start) }),
        { priority: 'poll' },
      );
      found.push(...answer.data);
      // An empty block past every id seen ends the scan; a gap below the highest known id does not.
      if (answer.data.length === 0 && start + ROUTE_ID_BLOCK > this.highestId) break;
    }
    const routes = [...new Map(found.map((route) => [route.id, route])).values()].sort((a, b) => a.id - b.id);
    this.highestId = Math.max(this.highestId, ...routes.map((route) => route.id));
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
}
