import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { DEFAULT_CHANNEL_RULES, type IncidentView, type QueueView } from '@switchboard/live-protocol';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { ALERT_STORE, InMemoryAlertStore, type AlertStore } from '../ports/alert-store.js';
import { AuditService } from '../ports/audit.service.js';
import { ALWAYS_LEADER, CLUSTER_ROLE, type ClusterRole } from '../ports/cluster-role.js';
import { localMinuteOf } from '../queues/day-boundary.js';
import { AlertChannelsService } from './alert-channels.service.js';
import { ChannelDispatch } from './channel-dispatch.js';
import { IncidentBook } from './incident-book.js';
import { conditionsNow } from './incident-conditions.js';

/** How often the leader judges the conditions (ms): well inside any dwell a rule can set. */
export const EVALUATE_EVERY_MS = 1_000;
/** The gateway's name in the audit trail for what alerts do by themselves. */
export const ALERTS_ACTOR = 'Switchboard';

/**
 * Judges every condition once for the whole cluster, on the leader only (one message per contact point,
 * however many gateways run): the queues as every screen sees them, the PBX link, then the incident book and
 * each contact point's rules. What it decides is stored (the alert store) before messages leave, so a new
 * leader neither repeats nor forgets them. Acknowledgements come through the store from any replica.
 */
@Injectable()
export class IncidentWatchService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Alerts');
  private readonly store: AlertStore;
  private book = new IncidentBook();
  private dispatch = new ChannelDispatch();
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopRole: (() => void) | undefined;
  private leading = false;
  private running: Promise<void> | undefined;
  /** Incident ids the book knew acknowledged, so a new acknowledgement is applied (and audited) once. */
  private readonly applied = new Set<string>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly hub: StreamHub,
    private readonly pbx: PbxConnectionService,
    private readonly channels: AlertChannelsService,
    private readonly audit: AuditService,
    @Optional() @Inject(ALERT_STORE) store?: AlertStore,
    @Optional() @Inject(CLUSTER_ROLE) private readonly role?: ClusterRole,
  ) {
    this.store = store ?? new InMemoryAlertStore();
  }

  onModuleInit(): void {
    this.stopRole = (this.role ?? ALWAYS_LEADER).watch((leader) => {
      if (leader === this.leading) return;
      this.leading = leader;
      clearInterval(this.timer);
      if (!leader) return;
      // Carry on from what the last leader stored: the same incidents, nobody told twice.
      this.running = this.resume()
        .then(() => {
          this.timer = setInterval(() => this.tick(), EVALUATE_EVERY_MS);
          this.timer.unref();
        })
        .finally(() => (this.running = undefined));
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopRole?.();
    clearInterval(this.timer);
    await this.running;
  }

  /** Runs one evaluation now, for tests; an evaluation already running is awaited instead. */
  async evaluate(now = Date.now()): Promise<void> {
    if (this.running) await this.running;
    this.running = this.step(now).finally(() => (this.running = undefined));
    await this.running;
  }

  private tick(): void {
    if (this.running || !this.leading) return;
    this.running = this.step(Date.now())
      .catch((error: unknown) => this.logger.warn({ msg: 'alert evaluation failed', error: String(error) }))
      .finally(() => (this.running = undefined));
  }

  private async resume(): Promise<void> {
    try {
      const state = await this.store.readState();
      this.book = new IncidentBook(state);
      this.dispatch = new ChannelDispatch(state);
      for (const incident of [...(state?.open ?? []), ...(state?.recent ?? [])])
        if (incident.acknowledgedBy !== null) this.applied.add(incident.id);
    } catch (error) {
      this.logger.warn({ msg: 'stored alert state unreadable: starting afresh', error: String(error) });
    }
  }

  private queueViews(): QueueView[] {
    const views: QueueView[] = [];
    for (const { id } of this.hub.queueCatalogue()) {
      const snapshot = this.hub.snapshot(`queue:${id}`);
      if (snapshot?.kind === 'queue') views.push(snapshot.data as QueueView);
    }
    return views;
  }

  private async step(now: number): Promise<void> {
    const channels = await this.channels.stored();
    const health = this.pbx.health;
    const queues = this.queueViews();
    const conditions = conditionsNow({
      queues,
      health,
      now,
      // The default conditions are always judged, with or without a contact point: the console's list of
      // alerts then agrees with the queue badges on every screen.
      rules: [...DEFAULT_CHANNEL_RULES, ...channels.flatMap((channel) => channel.rules)],
    });
    // A queue's incident resolves only on current figures of that queue: while the PBX is down, or before a
    // new leader has polled the queue (its view missing or stale), it stays as it was.
    const current = new Set(
      queues
        .filter((view) => now - view.confirmedAt <= 3 * view.pollIntervalMs + 2_000)
        .map((view) => view.id),
    );
    const frozen = (incident: IncidentView) =>
      incident.queueId !== null && (health.pbx === 'down' || !current.has(incident.queueId));
    const changes = this.book.step(conditions, now, frozen);
    let changed = changes.opened.length + changes.resolved.length + changes.updated.length > 0;
    changed = (await this.applyAcks()) || changed;
    for (const incident of changes.opened) this.record('incident:open', incident);
    for (const incident of changes.resolved) this.record('incident:resolve', incident);
    this.dispatch.resolved(changes.resolved);
    const notices = this.dispatch.due(
      channels,
      this.book.openIncidents(),
      now,
      minuteOfDay(now, this.config.stats.timeZone),
    );
    if (changed || notices.length > 0) await this.save();
    for (const notice of notices) this.channels.send(notice.channelId, notice.type, notice.incident, now);
  }

  /** Applies acknowledgements made on any replica; true when one was new. */
  private async applyAcks(): Promise<boolean> {
    const acks = await this.store.acks();
    let changed = false;
    for (const [id, ack] of acks) {
      if (this.applied.has(id)) continue;
      const result = this.book.acknowledge(id, ack.by, ack.at);
      if (!result) continue;
      this.applied.add(id);
      changed = true;
    }
    return changed;
  }

  private record(action: 'incident:open' | 'incident:resolve', incident: IncidentView): void {
    this.audit.record({
      user: ALERTS_ACTOR,
      action,
      target: incident.id,
      result: 'ok',
      detail: `${incident.subject}: ${incident.summary}`,
      ...(incident.queueId !== null ? { queues: [incident.queueId] } : {}),
      facts: {
        subject: incident.subject,
        ...(action === 'incident:open' ? { summary: incident.summary } : {}),
      },
    });
  }

  private async save(): Promise<void> {
    const incidents = this.book.snapshot();
    const listed = new Set([...incidents.open, ...incidents.recent].map((incident) => incident.id));
    for (const id of this.applied) if (!listed.has(id)) this.applied.delete(id);
    await this.store.writeState({
      ...incidents,
      ...this.dispatch.snapshot(),
      deliveries: this.channels.deliveryStates(),
    });
    await this.store.pruneAcks(listed);
  }
}

/** Minutes after local midnight of `now` in the site's time zone (quiet hours are in site time). */
function minuteOfDay(now: number, timeZone: string): number {
  const hhmm = localMinuteOf(now, timeZone).slice(-5);
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}
