import type { UacstaCallMsg } from '@switchboard/pbx-api';
import type { EventCapture } from './event-capture.js';

/** How the uacsta_call operations name one call: its extension, its call id and the desk phone's address. */
export type UacstaTarget = Pick<UacstaCallMsg, 'extension' | 'call_id' | 'ip_address'>;

/**
 * The uaCSTA desk-phone calls a contract spec sees in 30020: each call's operations in order, and a call ringing
 * now that no test has used yet (the spec's `ringOne` places calls until one rings on a desk phone).
 */
export class UacstaCalls {
  private readonly used = new Set<string>();

  constructor(
    private readonly events: EventCapture,
    private readonly ringOne: () => Promise<void>,
  ) {}

  /** The 30020 operations of one uaCSTA call, in order. */
  operationsOf(callId: string): string[] {
    return this.events.events.flatMap((e) =>
      e.kind === 'uacsta_call' && e.msg.call_id === callId ? [e.msg.operation] : [],
    );
  }

  /** A uaCSTA call ringing now (only its call_start seen), not handed out before. */
  async ringing(attempts = 20): Promise<UacstaCallMsg> {
    for (let attempt = 0; attempt < attempts; attempt++) {
      const found = this.events.events.find(
        (e): e is Extract<typeof e, { kind: 'uacsta_call' }> =>
          e.kind === 'uacsta_call' &&
          e.msg.operation === 'call_start' &&
          !this.used.has(e.msg.call_id) &&
          this.operationsOf(e.msg.call_id).length === 1,
      );
      if (found) {
        this.used.add(found.msg.call_id);
        return found.msg;
      }
      await this.ringOne();
      await this.events.settle();
    }
    throw new Error('no uaCSTA phone started ringing');
  }

  /** A call ringing now, as {@link ringing} finds it, named as the uacsta_call operations take it. */
  async ringingTarget(attempts?: number): Promise<UacstaTarget> {
    const { extension, call_id, ip_address } = await this.ringing(attempts);
    return { extension, call_id, ip_address };
  }
}
