import type { CallRecordSink, EventSink, ScenarioName } from '../contracts.js';
import { AgentBehaviour } from './agent-behaviour.js';
import { AgentBook } from './agents.js';
import { CallRegistry } from './calls.js';
import type { SimClock } from './clock.js';
import { Conferences } from './conferences.js';
import { Conversation } from './conversation.js';
import { DirectCalls } from './direct-calls.js';
import type { IdSource } from './ids.js';
import { InboundHold } from './inbound-hold.js';
import { InboundTraffic } from './inbound-traffic.js';
import { Presence } from './presence.js';
import { QueueCalls } from './queue-calls.js';
import { Registrations } from './registrations.js';
import { SeededRandom } from '../support/seeded-random.js';
import { SCENARIOS } from './scenarios.js';
import { SimContext, StepRunner } from './sim-context.js';
import { UacstaPhones } from './uacsta.js';
import { buildWorld } from './world-builder.js';
import type { World } from './world.types.js';

/** Everything one engine instance needs. */
export interface EngineOptions {
  scenario: ScenarioName;
  seed: number;
  holdWindowMs: number;
  trafficRate: number;
  controlledCallShare: number | undefined;
  /** Queue agents instead of the scenario's own count. */
  agents?: number | undefined;
  /** A world built beforehand instead of the scenario's (tests that need a queue of a given shape). */
  world?: World | undefined;
  events: EventSink;
  records: CallRecordSink;
  clock: SimClock;
  ids: IdSource;
}

/**
 * One live call center: the world of a scenario and seed, and the parts that move it. Each part draws from
 * a random stream of its own, forked from the seed by name, so the history depends only on seed, speed and
 * inputs.
 */
export class Engine {
  readonly ctx: SimContext;
  readonly calls: CallRegistry;
  readonly agents: AgentBook;
  readonly queueCalls: QueueCalls;
  readonly hold: InboundHold;
  readonly inbound: InboundTraffic;
  readonly conferences: Conferences;
  readonly direct: DirectCalls;
  readonly uacsta: UacstaPhones;
  readonly conversation: Conversation;
  /** Where each extension is online (desk phone, Linkus clients): extension/list and 30007. */
  readonly registrations: Registrations;
  private readonly behaviour: AgentBehaviour;
  private rate: number;
  private started = false;

  constructor(options: EngineOptions) {
    const root = SeededRandom.stream(options.seed);
    const scenario = SCENARIOS[options.scenario];
    const world =
      options.world ??
      buildWorld(
        options.agents === undefined ? scenario : { ...scenario, agents: options.agents },
        root.fork('world'),
      );
    const steps = new StepRunner();
    let onPhoneIdle: (extId: number) => void = () => undefined;
    const presence = new Presence(options.events, (ext) => onPhoneIdle(ext.id));
    this.ctx = new SimContext(
      options.clock,
      options.events,
      options.records,
      world,
      options.ids,
      root.fork('calls'),
      presence,
      steps,
    );
    this.uacsta = new UacstaPhones(this.ctx);
    this.calls = new CallRegistry(this.ctx, this.uacsta);
    this.agents = new AgentBook(this.ctx, root.fork('initial-state'));
    const conversation = new Conversation(this.ctx, this.calls, this.agents);
    this.conversation = conversation;
    this.queueCalls = new QueueCalls(this.ctx, this.calls, this.agents, conversation);
    this.hold = new InboundHold(this.ctx, this.calls, this.queueCalls, this.agents, options.holdWindowMs);
    const share = options.controlledCallShare ?? world.scenario.controlledCallShare;
    this.inbound = new InboundTraffic(
      this.ctx,
      this.calls,
      this.queueCalls,
      this.hold,
      this.agents,
      share,
      root,
      root.fork('inbound'),
    );
    this.behaviour = new AgentBehaviour(this.ctx, this.agents, root.fork('behaviour'));
    this.conferences = new Conferences(this.ctx, this.calls, root.fork('conferences'));
    this.direct = new DirectCalls(this.ctx, this.calls, root.fork('direct'));
    this.registrations = new Registrations(this.ctx, root.fork('registrations'));
    onPhoneIdle = (extId) => {
      const agent = this.agents.agents.get(extId);
      if (agent) this.agents.refresh(agent);
    };
    conversation.onIdle = (agent) => this.behaviour.applyPending(agent);
    this.rate = options.trafficRate;
  }

  /** Starts behaviour and traffic on the first call, then lets the clock run. */
  start(): void {
    if (!this.started) {
      this.started = true;
      this.step(() => {
        this.behaviour.start();
        this.applyRate();
      });
    }
    this.ctx.clock.start();
  }

  /** Freezes the clock; state stays readable and resumes on start. */
  stop(): void {
    this.ctx.clock.stop();
  }

  get trafficRate(): number {
    return this.rate;
  }

  setTrafficRate(rate: number): void {
    this.rate = rate;
    if (this.started) this.step(() => this.applyRate());
  }

  /** Brings the simulation up to the present (a real clock may lag the wall a little), then runs `fn` as one step. */
  request<T>(fn: () => T): T {
    this.ctx.clock.runDue();
    return this.step(fn);
  }

  private step<T>(fn: () => T): T {
    return this.ctx.steps.run(fn);
  }

  private applyRate(): void {
    this.inbound.setRate(this.rate);
    this.direct.setRate(this.rate);
    this.conferences.setRate(this.rate);
    this.registrations.setRate(this.rate);
  }
}
