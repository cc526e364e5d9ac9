/**
 * Where every event of the simulated PBX goes: it builds the frame once, with each event's documented
 * `msg` encoding and `sn` rule, and hands the same text to the event sockets and the webhooks.
 */
import { encodePbxEventFrame } from '@switchboard/pbx-api';
import type { EventSink } from '../contracts.js';
import type { SimStats } from '../control/sim-stats.js';

/** A consumer of event frames. */
export interface EventConsumer {
  /** Whether the consumer wants events of `type` now (so unwanted frames are never built). */
  wants(type: number): boolean;
  /** Receives the frame's JSON text. Must not throw. */
  deliver(type: number, frame: string): void;
}

/** Fan-out of events to consumers. */
export class EventBus implements EventSink {
  private readonly consumers = new Set<EventConsumer>();

  constructor(
    private readonly sn: string,
    private readonly stats: SimStats,
  ) {}

  /** Adds a consumer; returns a function that removes it. */
  attach(consumer: EventConsumer): () => void {
    this.consumers.add(consumer);
    return () => this.consumers.delete(consumer);
  }

  publish(type: number, msg: Record<string, unknown>): void {
    this.stats.countEvent(type);
    let frame: string | undefined;
    for (const consumer of this.consumers) {
      if (!consumer.wants(type)) continue;
      frame ??= JSON.stringify(encodePbxEventFrame(type, msg, this.sn));
      try {
        consumer.deliver(type, frame);
      } catch {
        // A failing consumer must never break the call center that published the event.
      }
    }
  }
}
