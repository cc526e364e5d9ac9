import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { AgentState, QueueView } from '@switchboard/live-protocol';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { AGENT_TIME_STORE, type AgentTimeStore } from '../ports/agent-time-store.js';
import { AgentTimeLedger, type AgentTimeFigures } from './agent-time.model.js';
import { TodayStatsService } from './today-stats.service.js';

/** The ledger is stored this often while agents change (the store coalesces further). */
const SAVE_EVERY_MS = 30_000;
/** Rings ending this close to another agent's answer in the same queue were ended by that answer. */
const RING_ALL_WINDOW_MS = 3_000;
const ANSWERED: ReadonlySet<AgentState> = new Set<AgentState>(['on_call', 'on_hold']);
/** A gap of at least this long between two sightings of an agent is time nobody saw, whatever the polls. */
const MIN_GAP_MS = 15_000;

/**
 * Today's time in each state and the missed calls of every agent, followed from the queue views every replica
 * sees (the leader's polls and events, or what it stores for followers): the PBX has no report of either
 * (docs/pbx/agent-time.md). Time between two sightings further apart than a few polls (PBX unreachable,
 * gateway stopped) is counted as not seen, never guessed.
 */
@Injectable()
export class AgentTimeService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AgentTime');
  private ledger: AgentTimeLedger;
  private stopWatching: (() => void) | undefined;
  private saveTimer: ReturnType<typeof setInterval> | undefined;
  private readonly maxGapMs: number;
  /** When an agent of each queue last answered a call that rang them (epoch ms). */
  private readonly answeredAt = new Map<number, number>();

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly hub: StreamHub,
    private readonly today: TodayStatsService,
    @Optional() @Inject(AGENT_TIME_STORE) private readonly store?: AgentTimeStore,
  ) {
    this.maxGapMs = Math.max(MIN_GAP_MS, 3 * config.polling.queueIntervalMs);
    this.ledger = new AgentTimeLedger({ dayStart: today.dayStart, maxGapMs: this.maxGapMs });
  }

  async onModuleInit(): Promise<void> {
    const stored = await this.store?.read();
    if (stored !== undefined) {
      const restored = AgentTimeLedger.restore(this.options(), stored);
      if (restored) this.ledger = restored;
      this.logger.log({ msg: restored ? 'agent time restored' : 'stored agent time is of another day' });
    }
    this.stopWatching = this.hub.onQueueView((view) => this.observe(view));
    if (this.store) {
      this.saveTimer = setInterval(() => this.save(), SAVE_EVERY_MS);
      this.saveTimer.unref();
    }
  }

  onModuleDestroy(): void {
    this.stopWatching?.();
    clearInterval(this.saveTimer);
    // The store's file is written at shutdown with what is saved now.
    this.save();
  }

  /** An agent's figures of today at `now`; undefined when not seen today. */
  figures(number: string, now: number): AgentTimeFigures | undefined {
    this.rollIfNewDay();
    return this.ledger.figures(number, now);
  }

  /** Start of the day being followed (epoch ms). */
  get dayStart(): number {
    return this.ledger.dayStart;
  }

  private observe(view: QueueView): void {
    this.rollIfNewDay();
    // A queue that rings every agent at once stops the others ringing when one answers: they did not miss
    // that call. An answer seen in this view, or just before it in the same queue, covers the rings it ended.
    const answer = view.agents.find(
      (agent) => ANSWERED.has(agent.state) && this.ledger.lastState(agent.number) === 'ringing',
    );
    if (answer) this.answeredAt.set(view.id, answer.since);
    const lastAnswer = this.answeredAt.get(view.id);
    for (const agent of view.agents) {
      const byAnother = lastAnswer !== undefined && Math.abs(agent.since - lastAnswer) <= RING_ALL_WINDOW_MS;
      // The change itself, when it happened after the last sighting (an event between polls), then the poll.
      this.ledger.observe(agent.number, agent.state, agent.pauseReason, agent.since, byAnother);
      const polled = Math.max(agent.since, view.confirmedAt);
      this.ledger.observe(agent.number, agent.state, agent.pauseReason, polled, byAnother);
    }
  }

  private rollIfNewDay(): void {
    if (this.today.dayStart === this.ledger.dayStart) return;
    this.ledger = new AgentTimeLedger(this.options());
    this.save();
  }

  private options(): { dayStart: number; maxGapMs: number } {
    return { dayStart: this.today.dayStart, maxGapMs: this.maxGapMs };
  }

  private save(): void {
    this.store?.save(this.ledger.snapshot());
  }
}
