import { PBX_EVENT } from '@switchboard/pbx-api';
import type { FinishedCall, TrunkInfo } from '../contracts.js';
import { callInfo } from './event-payloads.js';
import { legPhase } from './presence.js';
import type { CallRt, Leg, MemberStatus } from './runtime.types.js';
import type { SimContext } from './sim-context.js';
import type { UacstaPhones } from './uacsta.js';
import type { RouteDef, SimExtension } from './world.types.js';

/** What a new call starts with. */
export interface NewCall {
  type: FinishedCall['type'];
  from: { number: string; name: string };
  to: { number: string; name: string };
  callerLeg: Leg;
  did?: string;
  trunk?: TrunkInfo;
  dstTrunk?: string;
  route?: RouteDef;
}

const seconds = (ms: number): number => Math.max(0, Math.round(ms / 1000));

/**
 * Every live call and its legs: creates them, indexes channels and extensions, keeps phone status (30008)
 * and uaCSTA reports in step with member statuses, publishes 30011, and hands ended calls to the record sink
 * (after which nothing of them is kept).
 */
export class CallRegistry {
  readonly active = new Map<string, CallRt>();
  private readonly channels = new Map<string, { call: CallRt; leg: Leg }>();
  private readonly byExtension = new Map<string, Set<CallRt>>();

  constructor(
    private readonly ctx: SimContext,
    private readonly uacsta: UacstaPhones,
  ) {}

  /** A leg on an extension's phone. */
  extensionLeg(ext: SimExtension, role: Leg['role'], status: MemberStatus, callPath = ''): Leg {
    const channelId = this.ctx.ids.extensionChannel(ext.number);
    return {
      kind: 'extension',
      channelId,
      from: ext.number,
      to: '',
      trunkName: '',
      ext,
      status,
      callPath,
      uacstaId: undefined,
      role,
    };
  }

  /** A leg on a trunk: `inbound` (caller from outside) or `outbound` (callee outside). */
  trunkLeg(
    kind: 'inbound' | 'outbound',
    from: string,
    to: string,
    trunk: TrunkInfo,
    role: Leg['role'],
    status: MemberStatus,
  ): Leg {
    const channelId = this.ctx.ids.trunkChannel(trunk.name);
    return {
      kind,
      channelId,
      from,
      to,
      trunkName: trunk.name,
      ext: undefined,
      status,
      callPath: '',
      uacstaId: undefined,
      role,
    };
  }

  /** Registers a new call with its first leg. Publishes nothing: the caller decides which event fits. */
  create(init: NewCall): CallRt {
    const now = this.ctx.now();
    const call: CallRt = {
      id: this.ctx.ids.callId(now),
      type: init.type,
      startedMs: now,
      queuedMs: undefined,
      answeredMs: undefined,
      state: 'held',
      from: init.from,
      to: init.to,
      legs: [],
      callerLeg: init.callerLeg,
      did: init.did ?? '',
      srcTrunk: init.type === 'Inbound' ? (init.trunk?.name ?? '') : '',
      dstTrunk: init.dstTrunk ?? '',
      trunk: init.trunk,
      route: init.route,
      queue: undefined,
      agent: undefined,
      agentLeg: undefined,
      rings: new Map(),
      tried: new Set(),
      holdMs: 0,
      hold: undefined,
      timers: [],
    };
    this.active.set(call.id, call);
    this.addLeg(call, init.callerLeg);
    return call;
  }

  addLeg(call: CallRt, leg: Leg): void {
    call.legs.push(leg);
    this.channels.set(leg.channelId, { call, leg });
    if (leg.ext) {
      const calls = this.byExtension.get(leg.ext.number) ?? new Set<CallRt>();
      calls.add(call);
      this.byExtension.set(leg.ext.number, calls);
      this.ctx.presence.move(leg.ext, 'none', legPhase(leg.status));
    }
    this.uacsta.onStatus(call, leg, undefined, leg.status);
  }

  /** Changes a member status, keeping phone status and uaCSTA in step. */
  setStatus(call: CallRt, leg: Leg, status: MemberStatus): void {
    const from = leg.status;
    if (from === status) return;
    leg.status = status;
    if (leg.ext) this.ctx.presence.move(leg.ext, legPhase(from), legPhase(status));
    this.uacsta.onStatus(call, leg, from, status);
  }

  /** Publishes 30011 with every member, then forgets members that said BYE. */
  publish(call: CallRt): void {
    this.ctx.events.publish(PBX_EVENT.CALL_STATUS_CHANGED, callInfo(call));
    if (call.legs.some((leg) => leg.status === 'BYE')) {
      const gone = call.legs.filter((leg) => leg.status === 'BYE');
      call.legs = call.legs.filter((leg) => leg.status !== 'BYE');
      for (const leg of gone) this.forgetLeg(call, leg);
    }
  }

  /** Ends a call: every member says BYE (30011), timers stop, the record sink gets the finished call. */
  finish(call: CallRt, disposition: FinishedCall['disposition'], abandoned = false): FinishedCall {
    for (const timer of call.timers) this.ctx.clock.cancel(timer);
    call.timers = [];
    for (const attempt of call.rings.values()) this.ctx.clock.cancel(attempt.timer);
    call.rings.clear();
    const now = this.ctx.now();
    if (call.hold) call.holdMs += now - call.hold.sinceMs;
    call.hold = undefined;
    call.state = 'ended';
    for (const leg of call.legs) this.setStatus(call, leg, 'BYE');
    this.publish(call);
    this.active.delete(call.id);
    const finished = this.toFinished(call, disposition, abandoned, now);
    this.ctx.records.recordCall(finished);
    return finished;
  }

  /** The live leg on a channel. */
  findChannel(channelId: string): { call: CallRt; leg: Leg } | undefined {
    return this.channels.get(channelId);
  }

  /** Live calls with a leg on the extension. */
  callsOfExtension(number: string): CallRt[] {
    return [...(this.byExtension.get(number) ?? [])];
  }

  private forgetLeg(call: CallRt, leg: Leg): void {
    this.channels.delete(leg.channelId);
    const ext = leg.ext;
    if (!ext || call.legs.some((other) => other.ext === ext)) return;
    const calls = this.byExtension.get(ext.number);
    calls?.delete(call);
    if (calls?.size === 0) this.byExtension.delete(ext.number);
  }

  private toFinished(
    call: CallRt,
    disposition: FinishedCall['disposition'],
    abandoned: boolean,
    now: number,
  ): FinishedCall {
    const answered = call.answeredMs !== undefined;
    const queue = call.queue?.def;
    const answeredBy = call.agentLeg?.ext;
    const to = answeredBy ? { number: answeredBy.number, name: answeredBy.name } : call.to;
    return {
      call_id: call.id,
      timestamp: Math.floor(call.startedMs / 1000),
      type: call.type,
      disposition,
      abandoned,
      call_from_number: call.from.number,
      call_from_name: call.from.name,
      call_to_number: to.number,
      call_to_name: to.name,
      ring_duration: seconds((call.answeredMs ?? now) - call.startedMs),
      queue_wait:
        answered && answeredBy && call.queuedMs !== undefined
          ? seconds((call.answeredMs as number) - call.queuedMs)
          : 0,
      talk_duration: answered ? seconds(now - (call.answeredMs as number)) : 0,
      hold_duration: seconds(call.holdMs),
      duration: seconds(now - call.startedMs),
      src_trunk: call.srcTrunk,
      dst_trunk: call.dstTrunk,
      did_number: call.did,
      queue_number: queue?.number ?? '',
      agent_number: answeredBy?.number ?? '',
      recorded: answered && call.type !== 'Internal',
    };
  }
}
