import { PBX_EVENT } from '@switchboard/pbx-api';
import type { EventSink } from '../contracts.js';
import { extensionStatusMsg, type ExtensionStatus } from './event-payloads.js';
import type { MemberStatus } from './runtime.types.js';
import type { SimExtension } from './world.types.js';

/** What a leg means for its extension's phone: nothing, ringing, or on a call. */
export type LegPhase = 'none' | 'ringing' | 'connected';

/** The phase of an extension leg in a given member status. */
export function legPhase(status: MemberStatus | undefined): LegPhase {
  if (status === undefined || status === 'BYE') return 'none';
  return status === 'RING' ? 'ringing' : 'connected';
}

interface Counts {
  ringing: number;
  connected: number;
  status: ExtensionStatus;
}

/**
 * Each extension's phone status (event 30008), derived from how many of its legs ring or are connected, so
 * an extension in two calls (a call and a monitor leg) stays Busy until both end.
 */
export class Presence {
  private readonly counts = new Map<number, Counts>();

  constructor(
    private readonly events: EventSink,
    /** Called when an extension becomes Idle (an agent may be free for queue calls again). */
    private readonly onIdle: (ext: SimExtension) => void,
  ) {}

  /** Current status of an extension. */
  status(ext: SimExtension): ExtensionStatus {
    return this.counts.get(ext.id)?.status ?? 'Idle';
  }

  isIdle(ext: SimExtension): boolean {
    return this.status(ext) === 'Idle';
  }

  /** Records that one leg of `ext` moved from phase `from` to phase `to`; publishes 30008 on a change. */
  move(ext: SimExtension, from: LegPhase, to: LegPhase): void {
    if (from === to) return;
    const counts = this.counts.get(ext.id) ?? { ringing: 0, connected: 0, status: 'Idle' as ExtensionStatus };
    if (from === 'ringing') counts.ringing -= 1;
    if (from === 'connected') counts.connected -= 1;
    if (to === 'ringing') counts.ringing += 1;
    if (to === 'connected') counts.connected += 1;
    const status: ExtensionStatus = counts.connected > 0 ? 'Busy' : counts.ringing > 0 ? 'Ringing' : 'Idle';
    const changed = status !== counts.status;
    counts.status = status;
    if (status === 'Idle') this.counts.delete(ext.id);
    else this.counts.set(ext.id, counts);
    if (!changed) return;
    this.events.publish(PBX_EVENT.EXTENSION_CALL_STATUS_CHANGED, extensionStatusMsg(ext.number, status));
    if (status === 'Idle') this.onIdle(ext);
  }
}
