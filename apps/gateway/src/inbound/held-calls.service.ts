import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import {
  fail,
  ok,
  RESOLVED_VISIBLE_MS,
  STREAM_KEYS,
  type DecideCommand,
  type UnblockCommand,
  type HeldCallView,
  type Result,
  type SessionInfo,
} from '@switchboard/live-protocol';
import { PBX_EVENT, type IncomingCallRequestEvent } from '@switchboard/pbx-api';
import { AuditService } from '../ports/audit.service.js';
import { CLUSTER_ROLE, type ClusterRole } from '../ports/cluster-role.js';
import { CLUSTER_STORES, type ClusterStores } from '../ports/cluster-stores.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { diffKeyed } from '../live/keyed-diff.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { CdrSearchService } from '../pbx/cdr-search.service.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { PbxConnectionService, type EventGap } from '../pbx/pbx-connection.service.js';
import { heldCallInScope } from '../access/supervisor-scope.js';
import { CallerContextService } from './caller-context.service.js';
import { DECISION_LOCK, type DecisionLock } from '../ports/decision-lock.js';
import { deadlineOf, inboundFromCdr, sortOngoing } from './held-call-recovery.js';
import { HeldCalls, NOT_HELD } from './held-calls.js';
import type { HeldCallInput } from './held-calls.types.js';
import { InboundRoutesService } from './inbound-routes.service.js';
import { createBlockRule } from './block-rule-name.js';

/** While the event stream is down but the PBX answers, held calls are looked up this often. */
export const HELD_CALL_WATCH_MS = 2_000;
/** After a start-up, calls routed this long before it are still reported as unseen (the gateway's own downtime). */
const STARTUP_LOOKBACK_MS = 5 * 60_000;

const UNSEEN_WHILE_DOWN =
  'Accepted automatically by the PBX while its link was down: nobody could see or decide it.';
const UNSEEN_WHILE_STOPPED =
  'Accepted automatically by the PBX while the gateway was not running: nobody could see or decide it.';
const NO_LONGER_HELD =
  'The PBX no longer held this call when the gateway could check again: it routed it (or the caller hung up) without a decision from here.';

/** The held call of a 30016 event: its first inbound leg. */
export function heldCallOf(event: IncomingCallRequestEvent): HeldCallInput | undefined {
  for (const member of event.msg.members) {
    const leg = 'inbound' in member ? member.inbound : undefined;
    if (!leg?.channel_id) continue;
    return {
      callId: event.msg.call_id,
      channelId: leg.channel_id,
      from: (leg.from ?? '').trim(),
      to: (leg.to ?? '').trim(),
      trunk: (leg.trunk_name ?? '').trim(),
    };
  }
  return undefined;
}

/** What a held-call recovery looks for: held calls, and with `since` calls routed unseen since then. */
interface RecoveryAsk {
  since: number | null;
  /** Why such calls went unseen, for the decisions history. */
  reason: string;
}

/** Where a call's route leads by default: its queue (if one) and the default destination in words. */
interface CallRoute {
  queueId: number | null;
  defaultDestination: string;
}

/** `view` with `queueId` and `defaultDestination` set from `route` (or without them). */
function withRoute(view: HeldCallView, route: CallRoute | undefined): HeldCallView {
  const queueId = route?.queueId ?? undefined;
  if (view.queueId === queueId && view.defaultDestination === route?.defaultDestination) return view;
  const { queueId: _shown, defaultDestination: _words, ...rest } = view;
  return {
    ...rest,
    ...(queueId === undefined ? {} : { queueId }),
    ...(route ? { defaultDestination: route.defaultDestination } : {}),
  };
}

/**
 * Held inbound calls (event 30016) on the `inbound` stream, and the decisions supervisors take on them.
 * The board logic lives in {@link HeldCalls}; this wires it to the PBX, the stream hub and the lock, and
 * gives every call the queue its inbound route leads to ({@link InboundRoutesService}): what the stream hub
 * splits the per-queue streams by, and what decides who may see and decide it.
 */
@Injectable()
export class HeldCallsService implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('HeldCalls');
  private readonly board: HeldCalls;
  private readonly stops: (() => void)[] = [];
  private readonly rememberFor: number;
  private readonly holdWindowMs: number;
  /** Trunks seen holding calls (30016, or found held): only their calls can have been held unseen. */
  private readonly controlledTrunks = new Set<string>();
  private watchTimer: ReturnType<typeof setInterval> | undefined;
  private recovering: Promise<void> | undefined;
  /** A recovery asked for while one runs. */
  private again: RecoveryAsk | undefined;
  /** Each call's route under the current routes, so a publish does not match every call again. */
  private readonly queueCache = new Map<string, CallRoute>();
  /**
   * Each board view with its route, by the board's (immutable) view object: an unchanged call keeps the very
   * same object, so the stream hub's diffs of the per-queue streams skip it without comparing fields.
   */
  private routedViews = new WeakMap<HeldCallView, HeldCallView>();
  private readonly listeners = new Set<(calls: readonly HeldCallView[]) => void>();

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly cdr: CdrSearchService,
    private readonly hub: StreamHub,
    context: CallerContextService,
    @Inject(DECISION_LOCK) lock: DecisionLock,
    private readonly audit: AuditService,
    private readonly routes: InboundRoutesService,
    @Optional() @Inject(CLUSTER_STORES) private readonly stores?: ClusterStores,
    @Optional() @Inject(CLUSTER_ROLE) private readonly role?: ClusterRole,
  ) {
    this.holdWindowMs = config.pbx.holdWindowMs;
    this.rememberFor = config.pbx.holdWindowMs + RESOLVED_VISIBLE_MS;
    this.board = new HeldCalls({
      holdWindowMs: config.pbx.holdWindowMs,
      lock,
      context,
      actions: {
        accept: (channelId) =>
          this.pbx.request(
            'call/accept_inbound',
            (client) => client.call.acceptInbound({ channel_id: channelId }),
            { priority: 'decision' },
          ),
        refuse: (channelId) =>
          this.pbx.request(
            'call/refuse_inbound',
            (client) => client.call.refuseInbound({ channel_id: channelId }),
            { priority: 'decision' },
          ),
        block: async (number) => {
          const created = await createBlockRule(number, (name) =>
            this.pbx.request('block_numbers/create', (client) =>
              client.blockNumbers.create({ name, limit_type: 'inbound', number_list: number }),
            ),
          );
          return created.id;
        },
        unblock: (ruleId) =>
          this.pbx.request('block_numbers/delete', (client) => client.blockNumbers.delete({ id: ruleId })),
      },
      // The rule's changes (the deadline, the end of the visible time) are implied: no frame, see StreamHub.
      publish: (data, patch, how) => {
        const calls = this.routed(data);
        this.hub.commit(
          'inbound',
          'inbound',
          calls,
          { upsert: this.routed(patch.upsert), remove: patch.remove },
          how,
        );
        for (const listener of this.listeners) listener(calls);
      },
      onError: (message, error) => this.log.warn({ msg: message, error: describePbxError(error) }),
    });
  }

  onModuleInit(): void {
    // An empty first state, so subscribers get a snapshot before the first call is held (unless a stored
    // state was loaded: it continues from its seq).
    if (!this.hub.current('inbound', 'inbound'))
      this.hub.commit('inbound', 'inbound', [], { upsert: [], remove: [] });
    this.stops.push(
      this.pbx.onEvent(PBX_EVENT.INCOMING_CALL_REQUEST, (event) => {
        const call = heldCallOf(event);
        if (!call) {
          this.log.warn({ msg: 'held-call event without an inbound leg ignored' });
          return;
        }
        this.show(call);
      }),
      // Events of a gap were lost: a 30016 among them is a call the PBX may still hold, or routed unseen.
      this.pbx.onEventGap((gap) => this.requestRecovery(gap)),
      // The PBX answers again: calls it holds now can be shown before the event stream is back.
      this.pbx.onRecovered(() => this.requestRecovery(undefined)),
      // New routes may send calls on the board elsewhere: move them to the streams of their queues.
      this.routes.onChange(() => {
        this.queueCache.clear();
        this.routedViews = new WeakMap();
        this.republish();
      }),
    );
    this.watchTimer = setInterval(() => {
      if (this.pbx.eventGapSince !== null && this.pbx.reachable) this.requestRecovery(undefined);
    }, HELD_CALL_WATCH_MS);
    this.watchTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.watchTimer);
    for (const stop of this.stops.splice(0)) stop();
    this.board.close();
  }

  /** Finishes the recovery under way (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.recovering) await this.recovering;
  }

  private show(call: HeldCallInput, deadline?: number): void {
    if (call.trunk !== '') this.controlledTrunks.add(call.trunk);
    // In a cluster, a replica taking over needs the channel to decide this call.
    this.stores?.heldCallChannels.remember(call.callId, call.channelId, this.rememberFor);
    this.board.hold(call, deadline);
  }

  /**
   * Asks the PBX which held calls it has now (after a gap, at start-up, when it answers again, and
   * regularly while the event stream is down). After a gap it also looks back over the gap for calls the
   * PBX routed by itself meanwhile. One recovery at a time; asks made meanwhile are merged into one more run.
   */
  private requestRecovery(gap: EventGap | undefined): void {
    if (this.role && !this.role.isLeader) return;
    this.run({
      since: gap ? (gap.first ? gap.start - STARTUP_LOOKBACK_MS : gap.start) : null,
      reason: gap?.first ? UNSEEN_WHILE_STOPPED : UNSEEN_WHILE_DOWN,
    });
  }

  private run(ask: RecoveryAsk): void {
    if (this.recovering) {
      const since = [this.again?.since ?? null, ask.since].filter((value) => value !== null);
      this.again = {
        since: since.length > 0 ? Math.min(...since) : null,
        reason: this.again?.since != null ? this.again.reason : ask.reason,
      };
      return;
    }
    this.recovering = this.recover(ask)
      .catch((error: unknown) =>
        this.log.warn({ msg: 'held-call recovery failed', error: describePbxError(error) }),
      )
      .finally(() => {
        this.recovering = undefined;
        const next = this.again;
        this.again = undefined;
        if (next) this.run(next);
      });
  }

  private async recover({ since, reason }: RecoveryAsk): Promise<void> {
    const askedAt = Date.now();
    const answer = await this.pbx.request('call/query', (client) => client.call.query({ type: 'inbound' }), {
      priority: 'poll',
    });
    const now = Date.now();
    const ongoing = sortOngoing(answer.data, this.holdWindowMs, now);
    const stillHeld = new Set<string>();
    for (const found of ongoing) {
      if (found.kind !== 'held') continue;
      stillHeld.add(found.call.callId);
      if (!this.board.confirmHeld(found.call.callId, found.call.channelId))
        this.show(found.call, deadlineOf(found.startedAt, this.holdWindowMs, now));
      else if (found.call.trunk !== '') this.controlledTrunks.add(found.call.trunk);
    }
    // Calls on the board the PBX no longer holds were routed (or hung up) while nobody could decide them.
    for (const view of this.board.undecided())
      if (!stillHeld.has(view.callId) && view.receivedAt < askedAt && view.deadline > now)
        this.settle({ ...view, channelId: '' }, view.receivedAt, NO_LONGER_HELD);
    if (since === null) return;
    const lookBackFrom = since - this.holdWindowMs;
    for (const found of ongoing)
      if (found.kind === 'routed' && this.wasHeldUnseen(found.call, found.startedAt, lookBackFrom))
        this.settle(found.call, found.startedAt ?? now, reason);
    // Calls that were held, routed and over before the PBX could be asked are only in the call records (read
    // in the time form the PBX's firmware takes).
    const records = await this.cdr.page(
      { since: lookBackFrom },
      { page: 1, pageSize: 1_000 },
      { priority: 'background' },
    );
    for (const record of records.records) {
      const found = inboundFromCdr(record);
      if (found && this.wasHeldUnseen(found.call, found.startedAt, lookBackFrom))
        this.settle(found.call, found.startedAt, reason);
    }
  }

  private wasHeldUnseen(call: HeldCallInput, startedAt: number | null, lookBackFrom: number): boolean {
    return (
      this.controlledTrunks.has(call.trunk) &&
      startedAt !== null &&
      startedAt >= lookBackFrom &&
      !this.board.knows(call.callId)
    );
  }

  private settle(call: HeldCallInput, heldAt: number, reason: string): void {
    const known = this.board.knows(call.callId);
    this.board.settleUnseen(call, heldAt, reason);
    if (known && reason !== NO_LONGER_HELD) return;
    const queueId = this.queueOf(call);
    this.audit.record({
      user: 'PBX',
      action: 'inbound:auto_accepted',
      target: call.callId,
      result: 'ok',
      detail: `Call from ${call.from || 'an unknown number'} to ${call.to || '?'}: ${reason}`,
      ...(queueId === undefined ? {} : { queues: [queueId] }),
    });
  }

  /** Calls `listener` with every held call after each change this gateway makes (the leader's); returns the stop. */
  onChange(listener: (calls: readonly HeldCallView[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The held calls now, each with the queue its route leads to. */
  list(): HeldCallView[] {
    return this.routed(this.board.list());
  }

  /** A held call as screens were shown it (on any replica of a cluster), if any. */
  shownCall(callId: string): HeldCallView | undefined {
    return this.hub.current('inbound', 'inbound')?.find((call) => call.callId === callId);
  }

  /** The queue of a held call as screens were shown it (on any replica of a cluster), if any. */
  shownQueueOf(callId: string): number | undefined {
    return this.hub.current('inbound', 'inbound')?.find((call) => call.callId === callId)?.queueId;
  }

  /** Views with the queue their route leads to. */
  private routed(views: readonly HeldCallView[]): HeldCallView[] {
    // Routes of calls that left the board are dropped now and then, not on every publish.
    if (this.queueCache.size > 2 * this.board.size + 64) {
      const present = new Set(this.board.list().map((view) => view.callId));
      for (const callId of this.queueCache.keys()) if (!present.has(callId)) this.queueCache.delete(callId);
    }
    return views.map((view) => this.routedOne(view));
  }

  private routedOne(view: HeldCallView): HeldCallView {
    // Before the routes were read (start-up, a replica taking over) a call keeps the queue it was shown with.
    if (!this.routes.loaded) return view;
    const known = this.routedViews.get(view);
    if (known) return known;
    const route = this.routeOf(view);
    const routed = withRoute(view, route);
    // A call whose route is not known yet is looked up again on its next publish.
    if (route) this.routedViews.set(view, routed);
    return routed;
  }

  /** The queue `call`'s inbound route leads to; undefined for none, or while the routes are not known. */
  private queueOf(call: Pick<HeldCallInput, 'callId' | 'from' | 'to' | 'trunk'>): number | undefined {
    return this.routeOf(call)?.queueId ?? undefined;
  }

  /** Where `call`'s inbound route leads by default; undefined while the routes are not known. */
  private routeOf(call: Pick<HeldCallInput, 'callId' | 'from' | 'to' | 'trunk'>): CallRoute | undefined {
    const cached = this.queueCache.get(call.callId);
    if (cached) return cached;
    const destination = this.routes.destinationOf(call);
    if (!destination) return undefined;
    const route: CallRoute =
      destination.kind === 'queue'
        ? { queueId: destination.queueId, defaultDestination: this.queueWords(destination.queueId) }
        : destination.kind === 'other'
          ? { queueId: null, defaultDestination: destination.words }
          : { queueId: null, defaultDestination: `not known: ${destination.reason}` };
    this.queueCache.set(call.callId, route);
    return route;
  }

  /** A queue in words: "queue Sales (6400)". */
  private queueWords(queueId: number): string {
    const queue = this.hub.queueCatalogue().find((known) => known.id === queueId);
    if (!queue?.name) return `queue ${queueId}`;
    return `queue ${queue.name}${queue.number ? ` (${queue.number})` : ''}`;
  }

  /** Publishes what changed for the calls on the board (their queues, after the routes changed). */
  private republish(): void {
    const next = this.list();
    const shown = this.hub.current('inbound', 'inbound') ?? [];
    const patch = diffKeyed<HeldCallView>(shown, next, STREAM_KEYS.inbound);
    if (patch) this.hub.commit('inbound', 'inbound', next, patch);
  }

  /** Takes over the calls another gateway of the cluster showed (see {@link HeldCalls.adopt}). */
  adopt(views: readonly HeldCallView[], channels: ReadonlyMap<string, string>): void {
    this.board.adopt(views, channels);
  }

  /**
   * Undoes a refuse-and-block (docs/pbx/call-control.md#blocking-a-caller): deletes the rule it created, for its
   * decider or an admin, within the undo window. A call out of the session's scope answers as one not held.
   */
  async unblock(command: UnblockCommand, session: SessionInfo): Promise<Result<HeldCallView>> {
    const view = this.board.get(command.callId);
    if (!view || !heldCallInScope(session, this.routedOne(view))) return fail('not_found', NOT_HELD);
    const result = await this.board.unblock(command.callId, {
      user: session.user,
      admin: session.role === 'admin',
    });
    return result.ok ? ok(this.routedOne(result.data)) : result;
  }

  /**
   * Applies a supervisor's decision (first decision wins). A call the session may not see (another queue's,
   * or one routed to no queue of a limited scope) answers as a call that is not held: nothing is decided and
   * nothing tells a guessed id from a wrong one.
   */
  async decide(command: DecideCommand, session: SessionInfo): Promise<Result<HeldCallView>> {
    const view = this.board.get(command.callId);
    if (!view || !heldCallInScope(session, this.routedOne(view))) return fail('not_found', NOT_HELD);
    const result = await this.board.decide(command.callId, command.decision, session.user);
    return result.ok ? ok(this.routedOne(result.data)) : result;
  }
}
