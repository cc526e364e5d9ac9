import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { ConferenceView } from '@switchboard/live-protocol';
import { PBX_ERRCODE, PBX_EVENT, PbxApiError } from '@switchboard/pbx-api';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { diffKeyed } from '../live/keyed-diff.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import type { PbxEventHandlerTable } from '../pbx/pbx-event-handlers.js';
import { PollingService } from '../polling/polling.module.js';
import { callLegs } from '../queues/call-legs.js';
import { QueuesService } from '../queues/queues.service.js';
import { conferenceViews } from './conference-views.js';

const JOB = 'conferences';
/** Candidate numbers not seen in a conference for this long are no longer asked about (fallback mode). */
const CANDIDATE_TTL_MS = 10 * 60_000;

/**
 * Ongoing conferences and their members, polled with ONE conference/query_ongoing_conference request per
 * interval using `number=all` (docs/pbx/conferences.md#ongoing-conferences). A PBX that refuses `all` with a
 * parameter error is asked instead about the numbers it was seen to route calls through (30011 call paths)
 * and the conferences already known, as one comma-separated list.
 */
@Injectable()
export class ConferencesService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Conferences');
  private allSupported = true;
  private readonly candidates = new Map<string, number>();
  private stopEvents: (() => void) | undefined;
  private inFlight: Promise<ConferenceView[]> | undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly polling: PollingService,
    private readonly hub: StreamHub,
    private readonly queues: QueuesService,
  ) {}

  onModuleInit(): void {
    this.stopEvents = this.pbx.onEvents(this.eventHandlers());
  }

  onApplicationBootstrap(): void {
    this.polling.add(
      {
        key: JOB,
        kind: 'conferences',
        intervalMs: this.config.polling.conferenceIntervalMs,
        run: () => this.refresh().then(() => undefined),
      },
      Math.min(500, this.config.polling.conferenceIntervalMs / 2),
    );
  }

  onModuleDestroy(): void {
    this.stopEvents?.();
  }

  /** The ongoing conferences as last published (empty before the first poll). */
  get conferences(): ConferenceView[] {
    return this.hub.current('conferences', 'conferences') ?? [];
  }

  /**
   * Polls now (after a kick, say) and publishes what changed. Budgeted like any poll; a call while a
   * poll is under way shares that poll instead of sending a second request.
   */
  refresh(): Promise<ConferenceView[]> {
    this.inFlight ??= this.poll().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async poll(): Promise<ConferenceView[]> {
    // Extensions by the names the gateway reads from the PBX's extension list anyway (phones' online state).
    const next = conferenceViews(await this.fetch(), (number) => this.queues.extensionName(number));
    const now = Date.now();
    for (const conference of next) this.candidates.set(conference.number, now);
    const previous = this.hub.current('conferences', 'conferences');
    if (!previous) this.hub.commit('conferences', 'conferences', next, { upsert: next, remove: [] });
    else {
      const patch = diffKeyed(previous, next, (c) => c.number);
      if (patch) this.hub.commit('conferences', 'conferences', next, patch);
    }
    return next;
  }

  private async fetch() {
    if (this.allSupported) {
      try {
        const answer = await this.pbx.request(
          'conference/query_ongoing_conference',
          (client) => client.conference.queryOngoing({ number: 'all' }),
          { priority: 'poll' },
        );
        return answer.data ?? [];
      } catch (error) {
        if (!(error instanceof PbxApiError && error.errcode === PBX_ERRCODE.PARAMETER_ERROR)) throw error;
        this.allSupported = false;
        this.logger.warn({
          msg: 'the PBX refuses number=all for ongoing conferences; asking per known number',
        });
      }
    }
    const numbers = this.liveCandidates();
    if (numbers.length === 0) return [];
    try {
      const answer = await this.pbx.request(
        'conference/query_ongoing_conference',
        (client) => client.conference.queryOngoing({ number: numbers.join(',') }),
        { priority: 'poll' },
      );
      return answer.data ?? [];
    } catch (error) {
      // A number that is no conference spoils the list: keep only the conferences known to exist.
      if (error instanceof PbxApiError) {
        const known = new Set(this.conferences.map((c) => c.number));
        for (const number of this.candidates.keys()) if (!known.has(number)) this.candidates.delete(number);
      }
      throw error;
    }
  }

  private liveCandidates(): string[] {
    const now = Date.now();
    for (const [number, seenAt] of this.candidates)
      if (now - seenAt > CANDIDATE_TTL_MS) this.candidates.delete(number);
    return [...this.candidates.keys()].slice(0, 50);
  }

  /** The PBX events conferences follow between polls, and what each does. */
  private eventHandlers(): PbxEventHandlerTable {
    return {
      // Only needed when `all` is refused; cheap enough to track always.
      [PBX_EVENT.CALL_STATUS_CHANGED]: ({ msg }) => {
        for (const leg of callLegs(msg.members))
          if (leg.callPath !== '') this.candidates.set(leg.callPath, Date.now());
      },
      // A host left: members may be dropped soon; confirm within the budget.
      [PBX_EVENT.CONFERENCE_NO_HOST]: () =>
        this.polling.runSoon(JOB, this.config.polling.conferenceIntervalMs / 4),
    };
  }
}
