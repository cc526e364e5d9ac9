/**
 * Counters of what clients asked of the PBX and what it pushed, so a test or benchmark can measure the
 * load a client puts on the PBX. Reset with /sim/reset.
 */

/** What GET /sim/stats answers. */
export interface StatsSnapshot {
  since: string;
  uptime_s: number;
  requests: { total: number; by_operation: Record<string, number>; by_errcode: Record<string, number> };
  events: {
    published: number;
    by_type: Record<string, number>;
    frames_sent: number;
    slow_consumers_closed: number;
  };
  ws_clients: number;
  webhooks: { sent: number; delivered: number; failed: number };
}

const toRecord = <K extends string | number>(map: Map<K, number>): Record<string, number> =>
  Object.fromEntries([...map].sort(([a], [b]) => String(a).localeCompare(String(b))));

/** Request, event and webhook counters. */
export class SimStats {
  private startedAt = Date.now();
  private requests = new Map<string, number>();
  private errcodes = new Map<number, number>();
  private events = new Map<number, number>();
  private published = 0;
  private framesSent = 0;
  private slowClosed = 0;
  private webhookSent = 0;
  private webhookDelivered = 0;
  private webhookFailed = 0;

  /** One request for `operation` (`queue/agent_status`, `download`, `subscribe`, `(unknown)`). */
  countRequest(operation: string): void {
    this.requests.set(operation, (this.requests.get(operation) ?? 0) + 1);
  }

  /** One answer with a non-zero errcode. */
  countErrcode(errcode: number): void {
    this.errcodes.set(errcode, (this.errcodes.get(errcode) ?? 0) + 1);
  }

  countEvent(type: number): void {
    this.published++;
    this.events.set(type, (this.events.get(type) ?? 0) + 1);
  }

  countFrames(count: number): void {
    this.framesSent += count;
  }

  countSlowConsumer(): void {
    this.slowClosed++;
  }

  countWebhook(outcome: 'sent' | 'delivered' | 'failed'): void {
    if (outcome === 'sent') this.webhookSent++;
    else if (outcome === 'delivered') this.webhookDelivered++;
    else this.webhookFailed++;
  }

  /** Requests counted for one operation. */
  requestCount(operation: string): number {
    return this.requests.get(operation) ?? 0;
  }

  snapshot(wsClients: number): StatsSnapshot {
    let total = 0;
    for (const count of this.requests.values()) total += count;
    return {
      since: new Date(this.startedAt).toISOString(),
      uptime_s: Math.round((Date.now() - this.startedAt) / 1000),
      requests: { total, by_operation: toRecord(this.requests), by_errcode: toRecord(this.errcodes) },
      events: {
        published: this.published,
        by_type: toRecord(this.events),
        frames_sent: this.framesSent,
        slow_consumers_closed: this.slowClosed,
      },
      ws_clients: wsClients,
      webhooks: { sent: this.webhookSent, delivered: this.webhookDelivered, failed: this.webhookFailed },
    };
  }

  reset(): void {
    this.startedAt = Date.now();
    this.requests = new Map();
    this.errcodes = new Map();
    this.events = new Map();
    this.published = 0;
    this.framesSent = 0;
    this.slowClosed = 0;
    this.webhookSent = 0;
    this.webhookDelivered = 0;
    this.webhookFailed = 0;
  }
}
