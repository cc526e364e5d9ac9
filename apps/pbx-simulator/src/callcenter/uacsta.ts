import { PBX_EVENT } from '@switchboard/pbx-api';
import { uacstaMsg } from './event-payloads.js';
import type { CallRt, Leg, MemberStatus } from './runtime.types.js';
import type { SimContext } from './sim-context.js';
import { notFound } from '../sim-errors.js';

/** A uaCSTA call as uacsta_call/refuse and uacsta_call/hangup find it. */
export interface UacstaCall {
  call: CallRt;
  leg: Leg;
}

/**
 * Desk phones that report calls by uaCSTA (event 30020): a leg that starts ringing on such a phone gets a
 * uaCSTA call id (`call_start`), answering sends `call_answer`, hanging up or refusing sends `call_over`.
 */
export class UacstaPhones {
  private readonly live = new Map<string, UacstaCall>();

  constructor(private readonly ctx: SimContext) {}

  /** Follows a leg's member status; called by the call registry on every change. */
  onStatus(call: CallRt, leg: Leg, from: MemberStatus | undefined, to: MemberStatus): void {
    const ext = leg.ext;
    if (!ext?.uacsta || leg.kind !== 'extension') return;
    if (to === 'RING' && leg.uacstaId === undefined) {
      leg.uacstaId = this.ctx.ids.uacstaId();
      this.live.set(leg.uacstaId, { call, leg });
      this.publish('call_start', leg);
    } else if (leg.uacstaId !== undefined && from === 'RING' && to === 'ANSWER') {
      this.publish('call_answer', leg);
    } else if (leg.uacstaId !== undefined && to === 'BYE') {
      this.publish('call_over', leg);
      this.live.delete(leg.uacstaId);
      leg.uacstaId = undefined;
    }
  }

  /**
   * The ringing uaCSTA call that extension, call id and phone address name together.
   * Throws SimError NOT_FOUND naming the field that does not match.
   */
  findRinging(extension: string, callId: string, ipAddress: string): UacstaCall {
    const found = this.find(extension, callId, ipAddress);
    if (found.leg.status !== 'RING')
      throw notFound('call_id', callId, 'not_ringing', 'the uaCSTA call is no longer ringing');
    return found;
  }

  /**
   * The live uaCSTA call (ringing, answered or held) that extension, call id and phone address name together.
   * Throws SimError NOT_FOUND naming the field that does not match; a call that is over is unknown.
   */
  find(extension: string, callId: string, ipAddress: string): UacstaCall {
    const found = this.live.get(callId);
    if (!found) throw notFound('call_id', callId, 'unknown_call', 'no uaCSTA call has this id');
    const ext = found.leg.ext;
    if (ext?.number !== extension)
      throw notFound('extension', extension, 'mismatch', 'not the extension of this uaCSTA call');
    if (ext.ipAddress !== ipAddress)
      throw notFound('ip_address', ipAddress, 'mismatch', 'not the address of the phone of this uaCSTA call');
    return found;
  }

  /** uaCSTA calls alive now (tests, bounds). */
  get size(): number {
    return this.live.size;
  }

  private publish(operation: 'call_start' | 'call_answer' | 'call_over', leg: Leg): void {
    const ext = leg.ext;
    if (!ext || leg.uacstaId === undefined) return;
    this.ctx.events.publish(
      PBX_EVENT.UACSTA_CALL,
      uacstaMsg(operation, ext.number, leg.uacstaId, ext.ipAddress),
    );
  }
}
