import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { DecideCommand, HeldCallView, Result } from '@switchboard/live-protocol';
import { isPbxEvent, type PbxEvent } from '@switchboard/pbx-api';
import { CLUSTER_STORES, type ClusterStores } from '../cluster/cluster-stores.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { CallerContextService } from './caller-context.service.js';
import { DECISION_LOCK, type DecisionLock } from './decision-lock.js';
import { HeldCalls, type HeldCallInput } from './held-calls.js';
import { numberKey } from './phone-number.js';

/** Decided calls stay on supervisors' screens this long, so everyone sees the outcome and who decided. */
export const RESOLVED_VISIBLE_MS = 30_000;

/** The held call of a 30016 event: its first inbound leg. */
export function heldCallOf(event: PbxEvent): HeldCallInput | undefined {
  if (!isPbxEvent(event, 30016)) return undefined;
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

/** A blocklist rule name that is unique and says where it came from. */
function blockRuleName(number: string): string {
  return `switchboard-${numberKey(number) || 'anonymous'}-${Date.now().toString(36)}`;
}

/**
 * Held inbound calls (event 30016) on the `inbound` stream, and the decisions supervisors take on them.
 * The board logic lives in {@link HeldCalls}; this wires it to the PBX, the stream hub and the lock.
 */
@Injectable()
export class HeldCallsService implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('HeldCalls');
  private readonly board: HeldCalls;
  private stopEvents: (() => void) | undefined;
  private readonly rememberFor: number;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly hub: StreamHub,
    context: CallerContextService,
    @Inject(DECISION_LOCK) lock: DecisionLock,
    @Optional() @Inject(CLUSTER_STORES) private readonly stores?: ClusterStores,
  ) {
    this.rememberFor = config.pbx.holdWindowMs + RESOLVED_VISIBLE_MS;
    this.board = new HeldCalls({
      holdWindowMs: config.pbx.holdWindowMs,
      resolvedVisibleMs: RESOLVED_VISIBLE_MS,
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
        block: (number) =>
          this.pbx.request('block_numbers/create', (client) =>
            client.blockNumbers.create({
              name: blockRuleName(number),
              limit_type: 'inbound',
              number_list: number,
            }),
          ),
      },
      publish: (data, patch) => this.hub.commit('inbound', 'inbound', data, patch),
      onError: (message, error) => this.log.warn({ msg: message, error: describePbxError(error) }),
    });
  }

  onModuleInit(): void {
    // An empty first state, so subscribers get a snapshot before the first call is held.
    this.hub.commit('inbound', 'inbound', [], { upsert: [], remove: [] });
    this.stopEvents = this.pbx.onEvent(30016, (event) => {
      const call = heldCallOf(event);
      if (!call) {
        this.log.warn({ msg: 'held-call event without an inbound leg ignored' });
        return;
      }
      // In a cluster, a replica taking over needs the channel to decide this call.
      this.stores?.heldCallChannels.remember(call.callId, call.channelId, this.rememberFor);
      this.board.hold(call);
    });
  }

  onModuleDestroy(): void {
    this.stopEvents?.();
    this.board.close();
  }

  /** The held calls now. */
  list(): HeldCallView[] {
    return this.board.list();
  }

  /** Takes over the calls another gateway of the cluster showed (see {@link HeldCalls.adopt}). */
  adopt(views: readonly HeldCallView[], channels: ReadonlyMap<string, string>): void {
    this.board.adopt(views, channels);
  }

  /** Applies a supervisor's decision (first decision wins). */
  decide(command: DecideCommand, user: string): Promise<Result<HeldCallView>> {
    return this.board.decide(command.callId, command.decision, user);
  }
}
