import type { HealthView } from '@switchboard/live-protocol';

/** The PBX link as screens see it. */
export type PbxLinkState = HealthView['pbx'];
/** The event stream's status, as live-protocol spells it. */
export type EventStreamStatus = HealthView['eventStream'];

/** Thresholds of the health model. */
export interface HealthModelOptions {
  /** This many failed requests in a row mean the PBX is down. */
  downAfterFailures: number;
  /** No successful request for longer than this means the PBX is down (requests hang or nothing is sent). */
  silentAfterMs: number;
  /** A failure younger than this keeps the link degraded after requests succeed again. */
  recentErrorMs: number;
}

/**
 * The connection health rules, in one place:
 * - `down`: no request has succeeded yet, or the last `downAfterFailures` requests failed, or no request
 *   succeeded for more than `silentAfterMs` (about three poll intervals);
 * - `degraded`: requests succeed but the event stream is not open (events arrive late, only through polls),
 *   or a request failed within the last `recentErrorMs`;
 * - `connected`: otherwise.
 * Pure and clock-free: every method takes `now`.
 */
export class PbxHealthModel {
  private lastSuccessAt: number | null = null;
  private lastErrorAt: number | null = null;
  private lastError: string | null = null;
  private consecutiveFailures = 0;
  private stream: EventStreamStatus = 'idle';
  private streamSince: number;
  private shownState: PbxLinkState | undefined;
  private shownSince: number;

  constructor(
    private readonly options: HealthModelOptions,
    startedAt = Date.now(),
  ) {
    this.streamSince = startedAt;
    this.shownSince = startedAt;
  }

  /** A PBX request succeeded. */
  recordSuccess(now: number): void {
    this.lastSuccessAt = now;
    this.consecutiveFailures = 0;
  }

  /** A PBX request failed; `message` must be secret-free. */
  recordFailure(message: string, now: number): void {
    this.lastErrorAt = now;
    this.lastError = message;
    this.consecutiveFailures++;
  }

  /** The event stream changed status; `error` is why it dropped, if it did. */
  setEventStream(status: EventStreamStatus, error?: string, now?: number): void {
    if (status !== this.stream) this.streamSince = now ?? Date.now();
    this.stream = status;
    if (error !== undefined && now !== undefined && status === 'reconnecting') {
      this.lastError = `event stream: ${error}`;
      this.lastErrorAt = now;
    }
  }

  /** The link state at `now`. */
  state(now: number): PbxLinkState {
    if (this.lastSuccessAt === null) return 'down';
    if (this.consecutiveFailures >= this.options.downAfterFailures) return 'down';
    if (now - this.lastSuccessAt > this.options.silentAfterMs) return 'down';
    if (this.stream !== 'open') return 'degraded';
    if (this.lastErrorAt !== null && now - this.lastErrorAt < this.options.recentErrorMs) return 'degraded';
    return 'connected';
  }

  /** The health stream's data at `now`; the first view showing a new state dates the change. */
  view(now: number): HealthView {
    const pbx = this.state(now);
    if (pbx !== this.shownState) {
      this.shownState = pbx;
      this.shownSince = now;
    }
    return {
      pbx,
      pbxSince: this.shownSince,
      lastSuccessAt: this.lastSuccessAt,
      lastError: this.lastError,
      eventStream: this.stream,
      eventStreamSince: this.streamSince,
      serverTime: now,
    };
  }
}
