import type { KeyedPatch, UacstaCallView } from '@switchboard/live-protocol';

/** A uaCSTA report (event 30020) as the PBX sends it. */
export interface UacstaReport {
  operation: string;
  extension: string;
  callId: string;
  ipAddress: string;
}

interface Entry {
  view: UacstaCallView;
  /** `<ip>:<port>` of the phone; what uacsta_call/refuse needs. Never leaves the gateway. */
  ipAddress: string;
}

/** Calls that never got a call_over are dropped after these ages (a lost event must not pin a call forever). */
export const UACSTA_MAX_AGE_MS = { ringing: 10 * 60_000, answered: 12 * 3_600_000 };

/** Key of a uaCSTA call. */
export function uacstaKey(extension: string, callId: string): string {
  return `${extension}:${callId}`;
}

/**
 * Desk-phone calls seen through uaCSTA, per extension: call_start rings, call_answer answers, call_over ends.
 * The phone's address stays here, server-side; browsers get extension, call id, state and since.
 */
export class UacstaCalls {
  private readonly calls = new Map<string, Entry>();

  constructor(
    private readonly publish: (data: UacstaCallView[], patch: KeyedPatch<UacstaCallView>) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every call, oldest first. */
  list(): UacstaCallView[] {
    return [...this.calls.values()].map((entry) => entry.view);
  }

  /** The phone address of a call, for refusing it. */
  addressOf(extension: string, callId: string): string | undefined {
    return this.calls.get(uacstaKey(extension, callId))?.ipAddress;
  }

  /** Applies one report. Unknown operations are ignored. */
  apply(report: UacstaReport): void {
    const key = uacstaKey(report.extension, report.callId);
    const current = this.calls.get(key);
    switch (report.operation) {
      case 'call_start':
      case 'call_answer': {
        const state = report.operation === 'call_start' ? 'ringing' : 'answered';
        if (current?.view.state === state) return;
        const view: UacstaCallView = {
          key,
          extension: report.extension,
          callId: report.callId,
          state,
          since: this.now(),
        };
        this.calls.set(key, { view, ipAddress: report.ipAddress || current?.ipAddress || '' });
        this.publish(this.list(), { upsert: [view], remove: [] });
        return;
      }
      case 'call_over':
        this.remove([key]);
        return;
      default:
        return;
    }
  }

  /** Removes a call (after it was refused, before its call_over arrives). */
  end(extension: string, callId: string): void {
    this.remove([uacstaKey(extension, callId)]);
  }

  /** Drops calls older than {@link UACSTA_MAX_AGE_MS}. */
  prune(): void {
    const now = this.now();
    const stale = [...this.calls.values()]
      .filter((entry) => now - entry.view.since >= UACSTA_MAX_AGE_MS[entry.view.state])
      .map((entry) => entry.view.key);
    this.remove(stale);
  }

  private remove(keys: string[]): void {
    const removed = keys.filter((key) => this.calls.delete(key));
    if (removed.length > 0) this.publish(this.list(), { upsert: [], remove: removed });
  }
}
