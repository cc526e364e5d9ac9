/**
 * libs/pbx-api's PbxEventStream against the simulator, recording what it decodes. On a manual clock,
 * `advance` moves simulated time and waits until every event that step published has arrived, so a test can
 * act on an event while the state it describes still holds.
 */
import { PbxClient, PbxEventStream, type PbxEvent, type PbxEventStreamState } from '@switchboard/pbx-api';
import type { ManualClock } from '../../../src/callcenter/index.js';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../../src/config.js';
import type { RunningSimulator } from '../../../src/simulator.js';
import { waitFor, withTimeout } from '../../support/sim-harness.js';

/** Short timings so reconnects happen within a test. */
const FAST = { reconnectBackoff: { initialMs: 50, maxMs: 200 }, subscribeTimeoutMs: 2_000 };

/** A started event stream and everything it decoded, in order. */
export class EventCapture {
  readonly events: PbxEvent[] = [];
  readonly states: PbxEventStreamState[] = [];
  readonly stream: PbxEventStream;
  private readonly waiters: { test: (e: PbxEvent) => boolean; resolve: (e: PbxEvent) => void }[] = [];
  /** Events of the topics published before the stream was subscribed. */
  private baseline = 0;

  /** The client whose token provider the stream uses. */
  readonly client: PbxClient;

  /**
   * Streams `topics` with a client of its own (its token is never renewed by other tests' calls, and an open
   * socket keeps receiving events after its token is revoked, as on the PBX).
   */
  constructor(
    private readonly sim: RunningSimulator,
    readonly topics: number[],
    options: { heartbeatIntervalMs?: number } = {},
  ) {
    this.client = new PbxClient({
      baseUrl: sim.url,
      auth: { clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET },
    });
    this.stream = new PbxEventStream({
      baseUrl: sim.url,
      tokens: this.client.tokens,
      topics,
      ...FAST,
      ...options,
    });
    this.stream.on('event', (event) => {
      this.events.push(event);
      for (const waiter of this.waiters.splice(0)) {
        if (waiter.test(event)) waiter.resolve(event);
        else this.waiters.push(waiter);
      }
    });
    this.stream.on('state', (state) => this.states.push(state));
  }

  /** Starts the stream and waits until it is subscribed; events published from then on all arrive. */
  async open(): Promise<this> {
    this.stream.start();
    await this.whenOpen();
    this.baseline = this.published();
    return this;
  }

  async whenOpen(ms = 5_000): Promise<void> {
    await waitFor(() => this.stream.state.status === 'open', 'event stream open', ms);
  }

  /** The next event (from now on) matching `test`. */
  next(test: (event: PbxEvent) => boolean, label: string, ms = 5_000): Promise<PbxEvent> {
    return withTimeout(new Promise<PbxEvent>((resolve) => this.waiters.push({ test, resolve })), label, ms);
  }

  /** Events of the subscribed topics the simulator has published so far. */
  private published(): number {
    const byType = this.sim.stats.snapshot(0).events.by_type;
    return this.topics.reduce((sum, type) => sum + (byType[String(type)] ?? 0), 0);
  }

  /** Waits until every event published since the stream opened has arrived. */
  async settle(): Promise<void> {
    await waitFor(
      () => this.events.length >= this.published() - this.baseline,
      'every published event delivered to the stream',
    );
  }

  /** Advances `clock` by `ms` and waits until the stream has received every event that step published. */
  async advance(clock: ManualClock, ms: number): Promise<void> {
    clock.advance(ms);
    await this.settle();
  }

  async close(): Promise<void> {
    await this.stream.close();
    await this.client.close();
  }
}
