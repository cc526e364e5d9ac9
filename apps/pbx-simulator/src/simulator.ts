/**
 * Assembles and starts the simulated PBX: token store, resources, record store, live call center, event
 * bus with its WebSocket and webhook consumers, the HTTP server and the /sim control surface.
 * Tests and benchmarks start it in-process with port 0.
 */
import type { AddressInfo } from 'node:net';
import { TokenStore } from './auth/token-store.js';
import { tokenHandlers } from './auth/token.handlers.js';
import { createCallCenter } from './callcenter/index.js';
import type { SimulatorConfig } from './config.js';
import type {
  CallCenter,
  CallCenterControl,
  CallCenterOptions,
  HandlerTable,
  WorldInfo,
} from './contracts.js';
import { FaultState } from './control/fault-state.js';
import { SimRoutes } from './control/sim-routes.js';
import { SimStats } from './control/sim-stats.js';
import { EventBus } from './events/event-bus.js';
import { EventSocketServer } from './events/event-socket.server.js';
import { WebhookPusher } from './events/webhook-pusher.js';
import { AllowNumbersResource } from './handlers/allow-numbers.handlers.js';
import { BlockNumbersResource } from './handlers/block-numbers.handlers.js';
import { CompanyContactResource } from './handlers/company-contact.handlers.js';
import { InboundRouteResource } from './handlers/inbound-route.handlers.js';
import { IvrResource } from './handlers/ivr.handlers.js';
import { MessageChannelResource } from './handlers/message-channel.handlers.js';
import { MessageQueueResource } from './handlers/message-queue.handlers.js';
import { MessageSessionResource } from './handlers/message-session.handlers.js';
import { PhoneResource } from './handlers/phone.handlers.js';
import { PinListResource } from './handlers/pin-list.handlers.js';
import type { ResourceContext, SimResource } from './handlers/sim-resource.js';
import { SystemResource } from './handlers/system.handlers.js';
import { ApiRouter } from './http/api-router.js';
import { createSimServer } from './http/sim-server.js';
import { callNoteHandlers } from './records/callnote.handlers.js';
import { cdrHandlers } from './records/cdr.handlers.js';
import { cdrListHandlers } from './records/cdr-list.handlers.js';
import { DownloadLinks } from './records/download-links.js';
import { RecordStore } from './records/record-store.js';
import { recordingHandlers } from './records/recording.handlers.js';
import { DisplayTime } from './support/display-time.js';

/** Replaceable parts (tests). */
export interface SimulatorDependencies {
  /** Builds the live call center (default: the simulator's own engine). */
  createCallCenter?: (options: CallCenterOptions) => CallCenter;
  /** Validity of download links (AI files and recordings) in ms (default 30 minutes). */
  aiLinkTtlMs?: number;
  /** Bytes an event socket may have queued before it is cut off as a slow consumer (default 8 MiB). */
  eventSocketMaxBufferedBytes?: number;
  /** Unexpected internal failures (default: one line on stderr, never with request data). */
  onInternalError?: (where: string, error: unknown) => void;
}

/** A running simulator. */
export interface RunningSimulator {
  /** `http://host:port`. */
  readonly url: string;
  readonly port: number;
  readonly config: SimulatorConfig;
  readonly control: CallCenterControl;
  readonly handlers: HandlerTable;
  readonly tokens: TokenStore;
  readonly stats: SimStats;
  readonly faults: FaultState;
  readonly events: EventBus;
  readonly records: RecordStore;
  /** Back to the seeded state: call center, records, resources, stats, faults, blocks, tokens unless kept. */
  reset(options?: { keepTokens?: boolean }): void;
  /** Stops traffic, closes sockets and the server. */
  close(): Promise<void>;
}

const logInternalError = (where: string, error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`pbx-simulator: internal error in ${where}: ${message}`);
};

/** Starts the simulator and resolves once it listens. */
export async function startSimulator(
  config: SimulatorConfig,
  deps: SimulatorDependencies = {},
): Promise<RunningSimulator> {
  const onInternalError = deps.onInternalError ?? logInternalError;
  const stats = new SimStats();
  const faults = new FaultState(config.seed);
  const tokens = new TokenStore({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    accessTtlS: config.accessTtlS,
    refreshTtlS: config.refreshTtlS,
  });
  const events = new EventBus(config.sn, stats);
  const display = new DisplayTime(config.dateFormat, config.timeFormat, config.timeZone);

  // The call center needs the record store and the record store reads the call center's world and clock.
  const built: { center?: CallCenter } = {};
  const world = (): WorldInfo =>
    built.center?.control.world() ?? { extensions: [], trunks: [], inboundRoutes: [] };
  const clock = (): number => built.center?.control.now?.() ?? Date.now() / 1000;
  const context: ResourceContext = { seed: config.seed, world, clock, display };

  const records = new RecordStore({
    seed: config.seed,
    maxRecords: config.maxRecords,
    history: config.history,
    historyDays: config.historyDays,
    events,
    display,
    world,
    clock,
  });
  const links = new DownloadLinks(deps.aiLinkTtlMs !== undefined ? { ttlMs: deps.aiLinkTtlMs } : {});
  const options: CallCenterOptions = {
    scenario: config.scenario,
    seed: config.seed,
    speed: config.speed,
    ...(config.startTime !== undefined ? { startMs: config.startTime * 1000 } : {}),
    holdWindowMs: config.holdWindowMs,
    trafficRate: config.trafficRate,
    ...(config.controlledCallShare !== undefined ? { controlledCallShare: config.controlledCallShare } : {}),
    ...(config.agents !== undefined ? { agents: config.agents } : {}),
    events,
    records,
  };
  const center = (deps.createCallCenter ?? createCallCenter)(options);
  built.center = center;

  const messageQueues = new MessageQueueResource(context);
  const resources: SimResource[] = [
    new IvrResource(context),
    new AllowNumbersResource(),
    new BlockNumbersResource(),
    new PinListResource(),
    messageQueues,
    new PhoneResource(context),
    new InboundRouteResource(context),
    new CompanyContactResource(context),
    // A channel's routing rule names a message queue as it is now.
    new MessageChannelResource(context, (id) => messageQueues.store.query(String(id))[0]),
    new MessageSessionResource(context),
    new SystemResource(context, config.sn, () => handlers),
  ];
  const handlers: HandlerTable = Object.assign(
    {},
    center.handlers,
    tokenHandlers(tokens),
    cdrHandlers(records, links, config.cdrSearch),
    cdrListHandlers(records),
    recordingHandlers(records, links),
    callNoteHandlers(records),
    ...resources.map((r) => r.handlers),
  );

  const eventSockets = new EventSocketServer({
    tokens,
    faults,
    stats,
    idleMs: config.wsIdleMs,
    ...(deps.eventSocketMaxBufferedBytes !== undefined
      ? { maxBufferedBytes: deps.eventSocketMaxBufferedBytes }
      : {}),
  });
  events.attach(eventSockets);
  const webhooks =
    config.webhooks.length > 0 && config.webhookSecret
      ? new WebhookPusher(
          { urls: config.webhooks, secret: config.webhookSecret, timeoutMs: config.webhookTimeoutMs },
          stats,
        )
      : undefined;
  if (webhooks) events.attach(webhooks);

  const reset = (resetOptions: { keepTokens?: boolean } = {}) => {
    center.control.reset();
    records.reset();
    links.reset();
    for (const resource of resources) resource.reset();
    stats.reset();
    faults.reset();
    if (resetOptions.keepTokens) tokens.unblock();
    else tokens.reset();
  };

  const sim = new SimRoutes({
    control: center.control,
    tokens,
    faults,
    stats,
    events,
    dropEventSockets: () => eventSockets.dropAll(),
    expireDownloadLinks: () => links.expireAll(),
    wsClients: () => eventSockets.clientCount,
    reset: ({ keepTokens }) => reset({ keepTokens }),
    describe: () => ({ scenario: config.scenario, seed: config.seed, speed: config.speed, sn: config.sn }),
  });
  const api = new ApiRouter({ handlers, tokens, faults, stats, onInternalError });
  const server = createSimServer({
    api,
    sim,
    download: { tokens, faults, stats, links, records },
    eventSockets,
    onInternalError,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => onInternalError('server', error));
  const port = (server.address() as AddressInfo).port;
  center.control.start();

  let closed: Promise<void> | undefined;
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    port,
    config,
    control: center.control,
    handlers,
    tokens,
    stats,
    faults,
    events,
    records,
    reset,
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        center.control.stop();
        eventSockets.close();
        webhooks?.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
