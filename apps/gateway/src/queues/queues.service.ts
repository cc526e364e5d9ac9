import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { queueStream, type QueueView } from '@switchboard/live-protocol';
import { PBX_EVENT, type PbxClient, type QueueSummary } from '@switchboard/pbx-api';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import type { PbxEventHandlerTable } from '../pbx/pbx-event-handlers.js';
import { PollingService } from '../polling/polling.module.js';
import { callLegs } from './call-legs.js';
import { diffQueueViews } from './queue-patch.js';
import { PhonePresence } from './phone-presence.js';
import { QueueLiveState, type QueueMeta } from './queue-state.model.js';
import { sustainableQueueIntervalMs, thresholdsOf } from './queue-thresholds.js';
import { TodayStatsService } from './today-stats.service.js';

const LIST_JOB = 'queue-list';
const LIST_PAGE_SIZE = 500;
const PRESENCE_JOB = 'phone-presence';
/** extension/list rows per request while reading phones' online status. */
const EXTENSION_PAGE_SIZE = 1_000;
/**
 * How often extension/list is read for phones' online status. Event 30007 keeps it current in between; the read
 * corrects what an event cannot say (another SIP phone of the extension still registered) and events missed.
 */
export const PHONE_PRESENCE_INTERVAL_MS = 60_000;

const jobKey = (queueId: number) => `queue:${queueId}`;

/**
 * Shortest time between two deltas of one queue caused by PBX events. A change after a quiet spell goes out
 * at once; the changes of a burst within the window after it are diffed and sent together when it ends, so a
 * burst of N events costs every screen two deltas instead of N. 50 ms: no screen can show the difference,
 * and the event → screen p99 of 100 ms that bench part 5 holds the gateway to stays reachable.
 */
export const QUEUE_PUBLISH_WINDOW_MS = 50;

/**
 * The live queues: which queues are watched (configured ids, or every queue from queue/list), one
 * coalesced poll per queue per interval (queue/agent_status + queue/call_status) however many screens
 * watch, events applied between polls, and each change published once as a minimal delta.
 */
@Injectable()
export class QueuesService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Queues');
  private readonly queues = new Map<number, QueueLiveState>();
  private readonly unsubscribe: (() => void)[] = [];
  private intervalMs: number;
  private listLoaded = false;
  /** When each queue was last published, and the timer of a publish held back by the window. */
  private readonly publishedAt = new Map<number, number>();
  private readonly heldBack = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly phones = new PhonePresence();
  /** Every extension's name (caller id name) by number, from the last extension/list read. */
  private extensionNames = new Map<string, string>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly polling: PollingService,
    private readonly hub: StreamHub,
    private readonly today: TodayStatsService,
  ) {
    this.intervalMs = config.polling.queueIntervalMs;
  }

  onModuleInit(): void {
    this.unsubscribe.push(this.pbx.onEvents(this.eventHandlers()));
  }

  onApplicationBootstrap(): void {
    const configured = this.config.polling.queueIds;
    if (configured.length > 0) {
      // Known at once: polls start before queue/list answers, with names filled in when it does.
      this.hub.setQueueCatalogue(configured);
      this.watch(configured.map((id) => ({ id, number: '', name: `Queue ${id}` })));
    }
    this.polling.add({
      key: LIST_JOB,
      kind: 'queue_list',
      intervalMs: this.config.polling.queueListRefreshMs,
      run: () => this.refreshList(),
    });
    this.polling.add({
      key: PRESENCE_JOB,
      kind: 'phone_presence',
      intervalMs: PHONE_PRESENCE_INTERVAL_MS,
      run: () => this.refreshPhones(),
    });
    this.unsubscribe.push(
      // Today's figures (a finished call, a recount and whether one is pending) are never held back.
      this.today.onChange((ids) => {
        for (const id of ids === 'all' ? [...this.queues.keys()] : ids) this.publish(id);
      }),
    );
  }

  onModuleDestroy(): void {
    for (const stop of this.unsubscribe.splice(0)) stop();
    for (const timer of this.heldBack.values()) clearTimeout(timer);
    this.heldBack.clear();
  }

  /** Ids of the watched queues. */
  watchedIds(): number[] {
    return [...this.queues.keys()];
  }

  /** The current view of a queue, or undefined before its first poll. */
  view(queueId: number): QueueView | undefined {
    return this.hub.current(queueStream(queueId), 'queue');
  }

  /** Poll interval in use (the configured one, stretched when the budget needs it). */
  get pollIntervalMs(): number {
    return this.intervalMs;
  }

  private async refreshList(): Promise<void> {
    const all = await this.pollEveryPage(
      'queue/list',
      LIST_PAGE_SIZE,
      (client, page) => client.queue.list(page),
      (answer) => answer.queue_list,
    );
    this.listLoaded = true;
    const configured = this.config.polling.queueIds;
    const wanted = configured.length > 0 ? all.filter((q) => configured.includes(q.id)) : all;
    if (configured.length === 0) this.hub.setQueueCatalogue(wanted.map((q) => q.id));
    for (const id of configured.filter((id) => !all.some((q) => q.id === id))) {
      this.logger.warn({ msg: 'configured queue not found on the PBX', queueId: id });
    }
    this.watch(configured.length > 0 ? [...wanted, ...this.unlisted(configured, all)] : wanted);
  }

  /** Reads every extension's online status (extension/list) and applies what changed to the queues' agents. */
  private async refreshPhones(): Promise<void> {
    const rows = await this.pollEveryPage(
      'extension/list',
      EXTENSION_PAGE_SIZE,
      (client, page) => client.extension.list(page),
      (answer) => answer.data ?? [],
    );
    for (const extension of this.phones.applyList(rows)) this.applyPhone(extension);
    this.extensionNames = new Map(
      rows.flatMap((row) => {
        const name = (row.caller_id_name ?? '').trim();
        return name ? [[row.number, name] as const] : [];
      }),
    );
  }

  /**
   * Every row of a paged PBX list, read at poll priority one page of `pageSize` after the other until a page
   * comes back short or the rows reach the answer's total.
   */
  private async pollEveryPage<A extends { total_number: number }, T>(
    operation: string,
    pageSize: number,
    readPage: (client: PbxClient, page: { page: number; page_size: number }) => Promise<A>,
    rowsOf: (answer: A) => T[],
  ): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await this.pbx.request(
        operation,
        (client) => readPage(client, { page, page_size: pageSize }),
        { priority: 'poll' },
      );
      const pageRows = rowsOf(answer);
      rows.push(...pageRows);
      if (pageRows.length < pageSize || rows.length >= answer.total_number) return rows;
    }
  }

  /** The name of extension `number` as the PBX's extension list (read every minute) gives it. */
  extensionName(number: string): string | undefined {
    return this.extensionNames.get(number);
  }

  /** An extension's online state changed: every queue where it is an agent shows it. */
  private applyPhone(extension: string): void {
    const online = this.phones.online(extension);
    if (online === undefined) return;
    const now = Date.now();
    for (const queue of this.queues.values())
      if (queue.applyPhoneOnline(extension, online, now)) this.publishSoon(queue.id);
  }

  /** Configured queues queue/list does not show keep being polled (the PBX may list them later). */
  private unlisted(configured: number[], listed: QueueSummary[]): QueueSummary[] {
    return configured
      .filter((id) => !listed.some((q) => q.id === id))
      .map((id) => ({ id, number: this.queues.get(id)?.number ?? '', name: `Queue ${id}` }));
  }

  /** Starts, updates and stops queue polls to match `list`, re-spreading them when the count changes. */
  private watch(list: readonly Pick<QueueSummary, 'id' | 'number' | 'name'>[]): void {
    const ids = new Set(list.map((q) => q.id));
    for (const id of [...this.queues.keys()].filter((id) => !ids.has(id))) {
      this.polling.remove(jobKey(id));
      this.queues.delete(id);
    }
    const interval = sustainableQueueIntervalMs(this.config, list.length);
    const respread = interval !== this.intervalMs || list.some((q) => !this.queues.has(q.id));
    this.intervalMs = interval;
    list.forEach((summary, index) => {
      const meta: QueueMeta = {
        id: summary.id,
        number: summary.number,
        name: summary.name,
        thresholds: thresholdsOf(this.config, summary.id),
        pollIntervalMs: interval,
      };
      const existing = this.queues.get(summary.id);
      if (existing) existing.setMeta(meta);
      else this.queues.set(summary.id, new QueueLiveState(meta));
      if (respread || !existing) {
        const key = jobKey(summary.id);
        // A queue screens have no data for yet is polled at once (50 ms apart, so a restarted gateway's screens
        // are live within seconds); one already shown keeps its place spread over the interval. The scheduler's
        // jitter spreads the first ones apart over the next intervals.
        const spreadMs = existing
          ? interval / Math.max(1, list.length)
          : Math.min(50, interval / Math.max(1, list.length));
        this.polling.add(
          { key, kind: 'queue', intervalMs: interval, run: () => this.poll(summary.id) },
          index * spreadMs,
        );
      }
      if (existing) this.publish(summary.id);
    });
    this.updateAttribution();
  }

  private async poll(queueId: number): Promise<void> {
    const agents = await this.pbx.request('queue/agent_status', (c) => c.queue.agentStatus({ id: queueId }), {
      priority: 'poll',
    });
    const calls = await this.pbx.request('queue/call_status', (c) => c.queue.callStatus({ id: queueId }), {
      priority: 'poll',
    });
    const state = this.queues.get(queueId);
    if (!state) return;
    // A change held back by the window goes out before the poll replaces it: an answer the PBX composed
    // before that change would otherwise hide it from screens until the next poll.
    if (this.heldBack.has(queueId)) this.publish(queueId);
    const first = !state.polled;
    state.applyPoll(agents.data, calls, Date.now(), (extension) => this.phones.online(extension));
    // Data on the stream before this gateway's first poll came from the previous leader of a cluster.
    const shown = first ? this.hub.current(queueStream(queueId), 'queue') : undefined;
    if (shown) state.adoptSince(shown);
    this.updateAttribution();
    this.publish(queueId);
  }

  private updateAttribution(): void {
    const queues = [...this.queues.values()];
    const complete = this.listLoaded && queues.every((q) => q.polled);
    this.today.setQueues(
      queues.map((q) => ({ id: q.id, number: q.number, agents: q.agentNumbers() })),
      complete,
    );
  }

  /** The PBX events that change queues between polls, and what each changes. */
  private eventHandlers(): PbxEventHandlerTable {
    return {
      [PBX_EVENT.AGENT_STATUS_CHANGED]: ({ msg }) => {
        const queue = this.byNumber(msg.queue);
        if (queue?.applyAgentStatus(msg.agent_number, msg.status, msg.reason ?? '', Date.now()))
          this.publishSoon(queue.id);
        if (queue) this.reconcile(queue.id);
      },
      [PBX_EVENT.AGENT_AUTO_PAUSE]: ({ msg }) => {
        const queue = this.byNumber(msg.queue);
        if (queue?.applyAutoPause(msg.agent_number, Date.now())) this.publishSoon(queue.id);
        if (queue) this.reconcile(queue.id);
      },
      [PBX_EVENT.EXTENSION_REGISTRATION_CHANGED]: ({ msg }) => {
        if (this.phones.applyRegistration(msg.extension, msg.kind, msg.status))
          this.applyPhone(msg.extension);
      },
      [PBX_EVENT.EXTENSION_CALL_STATUS_CHANGED]: ({ msg }) => {
        const now = Date.now();
        for (const queue of this.queues.values()) {
          if (queue.applyExtensionStatus(msg.extension, msg.status, now)) this.publishSoon(queue.id);
        }
      },
      [PBX_EVENT.CALL_STATUS_CHANGED]: ({ msg }) => {
        const now = Date.now();
        const legs = callLegs(msg.members);
        for (const queue of this.queues.values()) {
          if (queue.applyCallStatus(msg.call_id, legs, now)) this.publishSoon(queue.id);
          // A caller entering or leaving this queue: confirm the waiting list early (within the budget).
          if (legs.some((leg) => leg.callPath === queue.number && queue.number !== ''))
            this.reconcile(queue.id);
        }
      },
    };
  }

  /** Brings the queue's next poll forward, at most once per half interval. */
  private reconcile(queueId: number): void {
    this.polling.runSoon(jobKey(queueId), this.intervalMs / 2);
  }

  private byNumber(number: string): QueueLiveState | undefined {
    for (const queue of this.queues.values()) if (queue.number === number && number !== '') return queue;
    return undefined;
  }

  /**
   * Publishes the queue's view now, or at the end of the window when the last publish was less than
   * {@link QUEUE_PUBLISH_WINDOW_MS} ago (once, whatever happens meanwhile: the diff then carries it all).
   */
  private publishSoon(queueId: number): void {
    if (this.heldBack.has(queueId)) return;
    const since = Date.now() - (this.publishedAt.get(queueId) ?? -Infinity);
    if (since >= QUEUE_PUBLISH_WINDOW_MS || since < 0) return this.publish(queueId);
    const timer = setTimeout(() => this.publish(queueId), QUEUE_PUBLISH_WINDOW_MS - since);
    timer.unref?.();
    this.heldBack.set(queueId, timer);
  }

  /**
   * Publishes the queue's view at once: a snapshot the first time, then only what changed. Polls publish
   * this way (the first view, and `confirmedAt` that tells screens the data is fresh, never wait), and so
   * do a change of the queue list and a change of today's figures; a publish held back for the same queue is folded into this one.
   */
  private publish(queueId: number): void {
    const timer = this.heldBack.get(queueId);
    if (timer) clearTimeout(timer);
    this.heldBack.delete(queueId);
    this.publishedAt.set(queueId, Date.now());
    const state = this.queues.get(queueId);
    if (!state) return;
    const stream = queueStream(queueId);
    const previous = this.hub.current(stream, 'queue');
    // Nothing is published before the first poll: screens get real data or none.
    if (!state.polled) return;
    const now = Date.now();
    const next = state.view(
      this.today.statsForView(queueId, previous?.stats.today),
      previous?.alert,
      now,
      this.today.recentArrivals(queueId, now),
    );
    if (!previous) {
      this.hub.commit(stream, 'queue', next, {});
      return;
    }
    const patch = diffQueueViews(previous, next, 1.5 * this.intervalMs);
    if (patch) this.hub.commit(stream, 'queue', next, patch);
  }
}
