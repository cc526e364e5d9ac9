import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { HeldCallView, PushPayload } from '@switchboard/live-protocol';
import { TokenSigner } from '../auth/token-signer.js';
import { HeldCallsService } from '../inbound/held-calls.service.js';
import type { StoredPushSubscription } from '../ports/alert-store.js';
import { PushFanout } from './push-fanout.js';
import { pushTopic } from './push/push-sender.js';

/** What a held call's action token names: the call, and the user it was offered to. */
export interface HeldCallActionClaims {
  callId: string;
  user: string;
}

/** Offers are forgotten this long after they were withdrawn (ms): a late publish of the same call sends nothing. */
const FORGET_AFTER_MS = 60_000;

/** Words for a call that is no longer waiting, as its withdrawal says it. */
function outcomeWords(call: HeldCallView): string {
  const by = call.decidedBy ? ` by ${call.decidedBy}` : '';
  switch (call.status) {
    case 'accepted':
      return `Accepted${by}`;
    case 'refused':
      return call.blocked ? `Refused and blocked${by}` : `Refused${by}`;
    case 'auto_accepted':
      return 'The PBX’s window ended: it let the call through';
    case 'failed':
      return `The decision failed${call.error ? `: ${call.error}` : ''}`;
    default:
      return 'No longer waiting';
  }
}

/** Who may be offered a held call: supervisors whose scope holds its queue; calls of no queue, whole-PBX ones. */
export function offeredTo(call: Pick<HeldCallView, 'queueId'>) {
  return (s: StoredPushSubscription) =>
    s.role === 'admin' ||
    s.queues === 'all' ||
    (call.queueId !== undefined && s.queues.includes(call.queueId));
}

/**
 * Held calls in a supervisor's pocket (docs/alerting.md): each new held call goes by web push to the opted-in
 * supervisors who may decide it, with the caller's context and Accept / Refuse; when it is decided or the PBX's
 * window ends, a withdrawal with the same push topic follows, so a phone that has not received the offer yet gets
 * the outcome instead, and one that has closes it. Runs where the held calls are (the leader).
 */
@Injectable()
export class HeldCallPushService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Push');
  private readonly signer: TokenSigner;
  /** Call id -> when it was offered, or withdrawn (negative: withdrawn at -value). */
  private readonly offered = new Map<string, number>();
  private stop: (() => void) | undefined;

  constructor(
    private readonly heldCalls: HeldCallsService,
    private readonly push: PushFanout,
    signer: TokenSigner,
  ) {
    this.signer = signer.derive('held-call push actions');
  }

  onModuleInit(): void {
    this.stop = this.heldCalls.onChange((calls) => this.follow(calls, Date.now()));
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  /** The call and user a notification's action token names, or why it is refused. */
  readToken(token: string): { ok: true; claims: HeldCallActionClaims } | { ok: false; expired: boolean } {
    const check = this.signer.verify(token);
    if (!check.ok) return { ok: false, expired: check.reason === 'expired' };
    const [callId, ...user] = check.claims.sub.split(' ');
    if (!callId || user.length === 0) return { ok: false, expired: false };
    return { ok: true, claims: { callId, user: user.join(' ') } };
  }

  private follow(calls: readonly HeldCallView[], now: number): void {
    const present = new Set<string>();
    for (const call of calls) {
      present.add(call.callId);
      const state = this.offered.get(call.callId);
      if (call.status === 'pending' && state === undefined && call.deadline > now) {
        this.offered.set(call.callId, now);
        this.send(call, this.offer(call), call.deadline);
      } else if (
        call.status !== 'pending' &&
        call.status !== 'deciding' &&
        state !== undefined &&
        state > 0
      ) {
        this.offered.set(call.callId, -now);
        this.send(call, this.withdrawal(call, outcomeWords(call)), now + 60_000);
      }
    }
    for (const [callId, at] of this.offered)
      if (at < 0 ? now + at > FORGET_AFTER_MS : !present.has(callId)) this.offered.delete(callId);
  }

  private offer(call: HeldCallView): (subscription: StoredPushSubscription) => PushPayload {
    const who = [call.context.contactName, call.context.company].filter(Boolean).join(', ');
    const history = [
      call.context.callsToday > 0
        ? `${call.context.callsToday} earlier call${call.context.callsToday === 1 ? '' : 's'} today`
        : '',
      call.context.lastOutcome ? `last: ${call.context.lastOutcome}` : '',
      call.defaultDestination ? `goes to ${call.defaultDestination}` : '',
    ].filter(Boolean);
    return (subscription) => ({
      type: 'held-call',
      callId: call.callId,
      queueId: call.queueId ?? null,
      title: `Held call from ${call.from}${who ? ` (${who})` : ''}`,
      body: history.length > 0 ? history.join(' · ') : `On line ${call.trunk}`,
      actionToken: this.signer.issue(
        'display',
        `${call.callId} ${subscription.user}`,
        call.deadline - Date.now(),
      ).token,
      expiresAt: call.deadline,
    });
  }

  private withdrawal(call: HeldCallView, outcome: string): () => PushPayload {
    return () => ({
      type: 'held-call-withdrawn',
      callId: call.callId,
      title: `Held call from ${call.from}`,
      body: outcome,
    });
  }

  /** Each subscription gets its own payload (its own token); failures are logged, never thrown. */
  private send(
    call: HeldCallView,
    payloadFor: (s: StoredPushSubscription) => PushPayload,
    until: number,
  ): void {
    const ttlSec = Math.max(0, Math.floor((until - Date.now()) / 1000));
    void this.push
      .sendEach(payloadFor, { ttlSec, urgency: 'high', topic: pushTopic(call.callId) }, offeredTo(call))
      .catch((error: unknown) => this.logger.warn({ msg: 'held-call push failed', error: String(error) }));
  }
}
