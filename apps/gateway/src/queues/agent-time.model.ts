import { AGENT_STATES, type AgentState } from '@switchboard/live-protocol';

/** Settings of {@link AgentTimeLedger}. */
export interface AgentTimeOptions {
  /** Start of the day this ledger counts (epoch ms, a whole ms). */
  dayStart: number;
  /**
   * An observation further than this after the previous one (ms) does not extend the previous state: the time
   * between is `unobserved`.
   */
  maxGapMs: number;
}

/** One agent's figures of the day, for a supervisor's per-agent view. */
export interface AgentTimeFigures {
  number: string;
  /** Seconds in each state since the day's start (whole seconds, rounded down at output only). */
  stateSec: Record<AgentState, number>;
  /** Paused seconds by pause reason ('' = no reason given). Sums to stateSec.paused (before rounding). */
  pausedByReasonSec: Record<string, number>;
  /** Seconds the gateway did not observe the agent (gateway down, PBX unreachable, before first seen today). */
  unobservedSec: number;
  /** Ringing episodes that ended in a state other than on_call/on_hold: rang, not answered. */
  missed: number;
  /** on_call+on_hold time ÷ (available+ringing+on_call+on_hold) time, 0..1, null when that denominator is 0. */
  occupancy: number | null;
}

/** The last observation of one agent. */
export interface AgentObservation {
  state: AgentState;
  /** '' unless `state` is paused. */
  pauseReason: string;
  /** Epoch ms. */
  at: number;
}

/** One agent's running sums in a {@link AgentTimeSnapshot}; every time in whole ms. */
export interface AgentTimeSnapshotAgent {
  number: string;
  stateMs: Record<AgentState, number>;
  pausedByReasonMs: Record<string, number>;
  unobservedMs: number;
  missed: number;
  last: AgentObservation;
}

/** A ledger as plain JSON, for the gateway's state file. */
export interface AgentTimeSnapshot {
  dayStart: number;
  agents: AgentTimeSnapshotAgent[];
}

/** States in which a ringing agent has answered: ringing then one of these is not a missed call. */
const ANSWERED_STATES: ReadonlySet<AgentState> = new Set<AgentState>(['on_call', 'on_hold']);
/** The occupancy's divisor: time the agent was ready for, or busy with, calls. */
const READY_STATES: readonly AgentState[] = ['available', 'ringing', 'on_call', 'on_hold'];
const KNOWN_STATES: ReadonlySet<string> = new Set<string>(AGENT_STATES);

/**
 * What the ledger keeps of one agent: running sums plus the last observation, so memory grows with agents
 * (and their few pause reasons), never with observations.
 */
interface AgentTally {
  stateMs: Record<AgentState, number>;
  pausedByReasonMs: Map<string, number>;
  unobservedMs: number;
  missed: number;
  last: AgentObservation;
}

const zeroStates = (): Record<AgentState, number> =>
  Object.fromEntries(AGENT_STATES.map((state) => [state, 0])) as Record<AgentState, number>;

const isAgentState = (value: unknown): value is AgentState =>
  typeof value === 'string' && KNOWN_STATES.has(value);

/** A pause reason only means something while paused; any other state carries ''. */
const reasonOf = (state: AgentState, pauseReason: string): string => (state === 'paused' ? pauseReason : '');

/**
 * Per-agent time in each state since the day boundary, and missed calls, followed from the agent states the
 * gateway already polls (the PBX has no report for them). Pure: time comes in as `at`/`now`.
 *
 * One ledger counts one day: at the day boundary its owner replaces it with a new ledger for the new day (as
 * with TodayStatsBook); there is no roll logic here, and observations before `dayStart` are ignored.
 */
export class AgentTimeLedger {
  readonly dayStart: number;
  readonly maxGapMs: number;
  private readonly agents = new Map<string, AgentTally>();

  constructor(options: AgentTimeOptions) {
    if (!Number.isSafeInteger(options.dayStart)) throw new RangeError('dayStart must be a whole epoch ms');
    if (!(Number.isFinite(options.maxGapMs) && options.maxGapMs >= 0))
      throw new RangeError('maxGapMs must be a finite number from 0');
    this.dayStart = options.dayStart;
    this.maxGapMs = options.maxGapMs;
  }

  /**
   * The agent was seen in `state` (with `pauseReason`, kept only while paused) at `at` (epoch ms; fractions of
   * a ms are dropped). Called on every poll for every agent, and on events. An equal repeated observation
   * changes nothing; one older than the agent's last one, or before the day's start, is ignored.
   */
  observe(
    number: string,
    state: AgentState,
    pauseReason: string,
    at: number,
    /** Another agent answered the call that rang this one (a queue that rings all its agents at once). */
    answeredByAnother = false,
  ): void {
    if (!Number.isFinite(at) || !isAgentState(state)) return;
    const time = Math.floor(at);
    if (time < this.dayStart) return;
    const next: AgentObservation = { state, pauseReason: reasonOf(state, pauseReason), at: time };
    const tally = this.agents.get(number);
    if (!tally) {
      this.agents.set(number, {
        stateMs: zeroStates(),
        pausedByReasonMs: new Map(),
        // Before its first observation of the day we cannot say where the agent was.
        unobservedMs: time - this.dayStart,
        missed: 0,
        last: next,
      });
      return;
    }
    const { last } = tally;
    if (time < last.at) return;
    const elapsed = time - last.at;
    if (elapsed <= this.maxGapMs) {
      credit(tally, last, elapsed);
      // Ringing, then anything but answered: the call was not taken. Across a gap we do not know what
      // happened in between (answered, then hung up?), so only a change seen within the gap counts.
      if (
        last.state === 'ringing' &&
        state !== 'ringing' &&
        !ANSWERED_STATES.has(state) &&
        !answeredByAnother
      )
        tally.missed++;
    } else {
      // Why the whole interval: we do not know when within it the state changed, and crediting the old state
      // up to maxGapMs would report a guess as a measurement. A restart falls out of this rule too: the time
      // from the snapshot's last observation to the first after the restart is one long gap.
      tally.unobservedMs += elapsed;
    }
    tally.last = next;
  }

  /** The state an agent was last seen in, or undefined when not seen today. */
  lastState(number: string): AgentState | undefined {
    return this.agents.get(number)?.last.state;
  }

  /**
   * The figures of one agent at `now`, or undefined for an agent never observed. The time since the last
   * observation follows the gap rule as if the agent were observed again at `now`: credited to the current
   * state when `now - last <= maxGapMs`, else all of it unobserved. So the figures shown between polls are
   * those the ledger settles on when the next poll comes, whatever it reports. A `now` before the last
   * observation adds nothing.
   */
  figures(number: string, now: number): AgentTimeFigures | undefined {
    const tally = this.agents.get(number);
    if (!tally) return undefined;
    const stateMs = { ...tally.stateMs };
    const pausedByReasonMs = new Map(tally.pausedByReasonMs);
    let unobservedMs = tally.unobservedMs;
    const { last } = tally;
    const pending = Number.isFinite(now) ? Math.max(0, Math.floor(now) - last.at) : 0;
    if (pending <= this.maxGapMs) {
      stateMs[last.state] += pending;
      if (last.state === 'paused' && pending > 0)
        pausedByReasonMs.set(last.pauseReason, (pausedByReasonMs.get(last.pauseReason) ?? 0) + pending);
    } else {
      unobservedMs += pending;
    }
    const readyMs = READY_STATES.reduce((sum, state) => sum + stateMs[state], 0);
    return {
      number,
      stateSec: Object.fromEntries(AGENT_STATES.map((state) => [state, toSec(stateMs[state])])) as Record<
        AgentState,
        number
      >,
      pausedByReasonSec: Object.fromEntries([...pausedByReasonMs].map(([reason, ms]) => [reason, toSec(ms)])),
      unobservedSec: toSec(unobservedMs),
      missed: tally.missed,
      // From ms, not the rounded seconds, so short days are not skewed by rounding.
      occupancy: readyMs === 0 ? null : (stateMs.on_call + stateMs.on_hold) / readyMs,
    };
  }

  /** The figures of every observed agent at `now`, in the order they were first seen. */
  all(now: number): AgentTimeFigures[] {
    return [...this.agents.keys()].flatMap((number) => this.figures(number, now) ?? []);
  }

  /** Number of agents observed today. */
  get size(): number {
    return this.agents.size;
  }

  /** The ledger as plain JSON (running sums in ms, so a restore loses nothing to rounding). */
  snapshot(): AgentTimeSnapshot {
    return {
      dayStart: this.dayStart,
      agents: [...this.agents].map(([number, t]) => ({
        number,
        stateMs: { ...t.stateMs },
        pausedByReasonMs: Object.fromEntries(t.pausedByReasonMs),
        unobservedMs: t.unobservedMs,
        missed: t.missed,
        last: { ...t.last },
      })),
    };
  }

  /**
   * A ledger continuing from `raw` (a {@link snapshot}, typically read back from the state file), or undefined
   * when `raw` is malformed, inconsistent, or of another day than `options.dayStart`. Never throws on `raw`.
   */
  static restore(options: AgentTimeOptions, raw: unknown): AgentTimeLedger | undefined {
    let agents: Map<string, AgentTally> | undefined;
    try {
      agents = readSnapshot(raw, options.dayStart);
    } catch {
      // Only an exotic object (a throwing getter, a proxy) gets here; JSON never does.
      return undefined;
    }
    if (!agents) return undefined;
    const ledger = new AgentTimeLedger(options);
    for (const [number, tally] of agents) ledger.agents.set(number, tally);
    return ledger;
  }
}

/** Credits `ms` to the state (and pause reason) of observation `from`. */
function credit(tally: AgentTally, from: AgentObservation, ms: number): void {
  if (ms === 0) return;
  tally.stateMs[from.state] += ms;
  if (from.state === 'paused')
    tally.pausedByReasonMs.set(from.pauseReason, (tally.pausedByReasonMs.get(from.pauseReason) ?? 0) + ms);
}

/** Whole seconds, rounded down. */
const toSec = (ms: number): number => Math.floor(ms / 1000);

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** True when `keys` are exactly the object's own keys. */
function hasExactKeys(value: Fields, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

/** The agents of a snapshot of day `dayStart`, or undefined when it is anything else. */
function readSnapshot(raw: unknown, dayStart: number): Map<string, AgentTally> | undefined {
  if (!isObject(raw) || !hasExactKeys(raw, ['dayStart', 'agents'])) return undefined;
  if (raw['dayStart'] !== dayStart || !Array.isArray(raw['agents'])) return undefined;
  const agents = new Map<string, AgentTally>();
  for (const entry of raw['agents'] as unknown[]) {
    const agent = readAgent(entry, dayStart);
    if (!agent || agents.has(agent.number)) return undefined;
    agents.set(agent.number, agent.tally);
  }
  return agents;
}

function readAgent(raw: unknown, dayStart: number): { number: string; tally: AgentTally } | undefined {
  if (!isObject(raw)) return undefined;
  if (!hasExactKeys(raw, ['number', 'stateMs', 'pausedByReasonMs', 'unobservedMs', 'missed', 'last']))
    return undefined;
  const { number, stateMs, pausedByReasonMs, unobservedMs, missed, last } = raw;
  if (typeof number !== 'string' || number === '') return undefined;
  if (!isCount(unobservedMs) || !isCount(missed)) return undefined;
  if (!isObject(stateMs) || !hasExactKeys(stateMs, AGENT_STATES)) return undefined;
  const states = zeroStates();
  for (const state of AGENT_STATES) {
    const ms = stateMs[state];
    if (!isCount(ms)) return undefined;
    states[state] = ms;
  }
  if (!isObject(pausedByReasonMs)) return undefined;
  const reasons = new Map<string, number>();
  for (const [reason, ms] of Object.entries(pausedByReasonMs)) {
    if (!isCount(ms)) return undefined;
    reasons.set(reason, ms);
  }
  if (!isObject(last) || !hasExactKeys(last, ['state', 'pauseReason', 'at'])) return undefined;
  const { state, pauseReason, at } = last;
  if (!isAgentState(state) || typeof pauseReason !== 'string' || !isCount(at) || at < dayStart)
    return undefined;
  if (pauseReason !== reasonOf(state, pauseReason)) return undefined;
  // The sums must account for exactly the day up to the last observation, and the paused time by reason
  // for exactly the paused time: anything else was not written by a ledger.
  const counted = AGENT_STATES.reduce((sum, s) => sum + states[s], unobservedMs);
  const paused = [...reasons.values()].reduce((sum, ms) => sum + ms, 0);
  if (counted !== at - dayStart || paused !== states.paused) return undefined;
  return {
    number,
    tally: {
      stateMs: states,
      pausedByReasonMs: reasons,
      unobservedMs,
      missed,
      last: { state, pauseReason, at },
    },
  };
}
