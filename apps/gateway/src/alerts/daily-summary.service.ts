import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { channelCovers } from '@switchboard/live-protocol';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { ALERT_STORE, InMemoryAlertStore, type AlertStore } from '../ports/alert-store.js';
import { ALWAYS_LEADER, CLUSTER_ROLE, type ClusterRole } from '../ports/cluster-role.js';
import { localDateOf, localMinuteOf, zonedDayStart } from '../queues/day-boundary.js';
import { DayFiguresService } from '../reports/day-figures.service.js';
import { AlertChannelsService } from './alert-channels.service.js';
import { summarizeDay, summaryMail } from './daily-summary.js';

/** The morning summary goes out from this minute of the site's day on (07:00). */
export const SUMMARY_FROM_MINUTE = 7 * 60;
const CHECK_EVERY_MS = 60_000;

/**
 * The morning summary of yesterday's figures, for email contact points that ask for it (`dailySummary`): once
 * a day from 07:00 site time, claimed in the alert store so one gateway of a cluster sends it, and queued like
 * every message (retries, delivery log). Yesterday is read from the call records (DayFiguresService).
 */
@Injectable()
export class DailySummaryService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Alerts');
  private readonly store: AlertStore;
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopRole: (() => void) | undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly channels: AlertChannelsService,
    private readonly days: DayFiguresService,
    private readonly hub: StreamHub,
    @Optional() @Inject(ALERT_STORE) store?: AlertStore,
    @Optional() @Inject(CLUSTER_ROLE) private readonly role?: ClusterRole,
  ) {
    this.store = store ?? new InMemoryAlertStore();
  }

  onModuleInit(): void {
    this.stopRole = (this.role ?? ALWAYS_LEADER).watch((leader) => {
      clearInterval(this.timer);
      if (!leader) return;
      this.timer = setInterval(() => {
        this.sendDue(Date.now()).catch((error: unknown) =>
          this.logger.warn({ msg: 'daily summary failed', error: String(error) }),
        );
      }, CHECK_EVERY_MS);
      this.timer.unref();
    });
  }

  onModuleDestroy(): void {
    this.stopRole?.();
    clearInterval(this.timer);
  }

  /** Sends the summary of the day before `now`'s if it is due and nobody sent it; answers how many mails were queued. */
  async sendDue(now: number): Promise<number> {
    const zone = this.config.stats.timeZone;
    const minute = localMinuteOf(now, zone).slice(-5);
    if (Number(minute.slice(0, 2)) * 60 + Number(minute.slice(3)) < SUMMARY_FROM_MINUTE) return 0;
    const wanting = (await this.channels.stored(now)).filter((c) => c.kind === 'email' && c.dailySummary);
    if (wanting.length === 0 || !(await this.store.claimSummary(localDateOf(now, zone)))) return 0;
    const yesterday = zonedDayStart(zonedDayStart(now, zone) - 3_600_000, zone);
    const queues = this.hub.queueCatalogue();
    for (const channel of wanting) {
      const rows = [];
      for (const queue of queues.filter((q) => channelCovers(channel.queues, q.id))) {
        const day = await this.days.dayOf(queue.id, yesterday, now);
        rows.push(summarizeDay(queue.number ? `${queue.name} (${queue.number})` : queue.name, day.intervals));
      }
      this.channels.sendMail(channel, 'summary', summaryMail(localDateOf(yesterday, zone), rows), now);
    }
    return wanting.length;
  }
}
