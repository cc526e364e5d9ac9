import type { QueuePauseReason } from '@switchboard/pbx-api';
import type { ExtensionInfo, InboundRouteInfo, TrunkInfo } from '../contracts.js';
import type { ScenarioDefinition } from './scenarios.js';

/** Queue ring strategies as queue/list reports them. */
export const RING_STRATEGIES = [
  'ring_all',
  'least_recent',
  'fewest_calls',
  'random',
  'rrmemory',
  'linear',
] as const;

/** A queue's ring strategy. */
export type RingStrategy = (typeof RING_STRATEGIES)[number];

/** An extension with what the simulation needs beyond the public record. */
export interface SimExtension extends ExtensionInfo {
  role: 'agent' | 'staff';
  /** Address of the desk phone, `<ip>:5060`. */
  ipAddress: string;
  /** The desk phone reports calls by uaCSTA (event 30020) and accepts uacsta_call/refuse. */
  uacsta: boolean;
}

/** How callers and agents of one queue behave. */
export interface QueueProfile {
  /** Arrival rate at traffic rate 1. */
  callsPerHour: number;
  talkMeanSec: number;
  /**
   * How talk times spread around the mean: `lognormal`, right-skewed like real calls and at least 10 s, or
   * `exponential`, the textbook queue that Erlang C assumes (for checking the forecasts against the engine).
   */
  talkTimes: 'lognormal' | 'exponential';
  /** Mean time a caller waits before hanging up (exponential). */
  patienceMeanSec: number;
  wrapUpSec: number;
  /** An agent that has not answered by then missed the call. */
  ringTimeoutSec: number;
  /** How long an agent who answers lets the call ring first, seconds: drawn evenly from [min, max]. */
  answerDelaySec: readonly [number, number];
  /** A caller still waiting then goes to voicemail. */
  maxWaitSec: number;
  /** Chance an agent answers a ringing call. */
  answerChance: number;
  /** Missed calls in a row after which the agent is paused automatically (event 30025). */
  maxMissed: number;
  /** Chance the agent puts a call on hold once. */
  agentHoldChance: number;
  /** Chance the caller puts the call on hold once. */
  callerHoldChance: number;
}

/** A queue membership as configured. */
export interface QueueMemberDef {
  extId: number;
  type: 'static' | 'dynamic';
}

/** A queue as configured. */
export interface QueueDef {
  id: number;
  number: string;
  name: string;
  strategy: RingStrategy;
  members: QueueMemberDef[];
  managerIds: number[];
  profile: QueueProfile;
}

/** An inbound route; every route of the scenarios sends its DIDs to one queue. */
export interface RouteDef extends InboundRouteInfo {
  queueId: number;
}

/** An audio conference room. */
export interface ConferenceDef {
  id: number;
  number: string;
  name: string;
  /** Staff extensions that may join (the first to join hosts). */
  memberExtIds: number[];
}

/** A number that calls in. */
export interface Caller {
  number: string;
  name: string;
  contact: boolean;
}

/** Everything a scenario and a seed produce before any call happens. */
export interface World {
  scenario: ScenarioDefinition;
  extensions: SimExtension[];
  queues: QueueDef[];
  trunks: TrunkInfo[];
  routes: RouteDef[];
  conferences: ConferenceDef[];
  pauseReasons: QueuePauseReason[];
  /** Callers; the first `frequentCallers` of them are the repeat callers. */
  callers: Caller[];
  frequentCallers: number;
}
