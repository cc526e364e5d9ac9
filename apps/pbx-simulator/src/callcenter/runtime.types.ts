import type { FinishedCall, TrunkInfo } from '../contracts.js';
import type { TimerHandle } from './clock.js';
import type { IndexedSet } from './indexed-set.js';
import type { QueueDef, RouteDef, SimExtension } from './world.types.js';

/** Call member statuses of Call_Info (docs/pbx/events.md#call-members-and-states). */
export type MemberStatus = 'ALERT' | 'RING' | 'ANSWERED' | 'ANSWER' | 'HOLD' | 'BYE';

/** An agent's call state, shared by all its queues. */
export type AgentCallState = 'idle' | 'ringing' | 'busy' | 'wrapup';

/** One party of a call (a Call_Info member). */
export interface Leg {
  kind: 'inbound' | 'outbound' | 'extension';
  channelId: string;
  /** inbound/outbound legs: the external number and the dialled number; extension legs: the extension. */
  from: string;
  to: string;
  trunkName: string;
  ext: SimExtension | undefined;
  status: MemberStatus;
  /** Queue or conference number the leg went through; empty otherwise. */
  callPath: string;
  /** uaCSTA call id while the leg lives on a uaCSTA desk phone. */
  uacstaId: string | undefined;
  role: 'caller' | 'callee' | 'agent' | 'monitor';
}

/** An agent being rung for a queue call. */
export interface RingAttempt {
  membership: MembershipRt;
  leg: Leg;
  timer: TimerHandle;
  startedMs: number;
}

/** A call in progress. */
export interface CallRt {
  id: string;
  type: FinishedCall['type'];
  startedMs: number;
  /** When the call entered its queue. */
  queuedMs: number | undefined;
  answeredMs: number | undefined;
  state: 'held' | 'waiting' | 'ringing' | 'talking' | 'ended';
  from: { number: string; name: string };
  to: { number: string; name: string };
  legs: Leg[];
  callerLeg: Leg;
  did: string;
  srcTrunk: string;
  dstTrunk: string;
  trunk: TrunkInfo | undefined;
  route: RouteDef | undefined;
  queue: QueueRt | undefined;
  agent: AgentRt | undefined;
  agentLeg: Leg | undefined;
  rings: Map<AgentRt, RingAttempt>;
  /** Agents already rung for this call: strategies prefer others first. */
  tried: Set<AgentRt>;
  holdMs: number;
  hold: { by: 'caller' | 'agent'; sinceMs: number } | undefined;
  /** Patience, end of talk, holds: cancelled together when the call ends. */
  timers: TimerHandle[];
}

/** An agent (an extension that is a member of one or more queues). */
export interface AgentRt {
  ext: SimExtension;
  state: AgentCallState;
  call: CallRt | undefined;
  memberships: MembershipRt[];
  /** End of the last queue call (least_recent). */
  lastCallEndMs: number;
  wrapTimer: TimerHandle | undefined;
}

/** An agent's membership of one queue. */
export interface MembershipRt {
  queue: QueueRt;
  agent: AgentRt;
  type: 'static' | 'dynamic';
  /** Position in the queue's member list (linear, rrmemory, tie-breaks). */
  order: number;
  loggedIn: boolean;
  paused: boolean;
  pauseReason: string;
  callsTaken: number;
  missedInRow: number;
  missed: { caller_number: string; call_id: string }[];
  pauseThresholdSec: number;
  /** agent/login `max_threshold_for_logout_time`: 10 or more logs a logged-out agent back in after that many seconds. */
  logoutThresholdSec: number;
  /** The pending log-back-in of a logout with a threshold. */
  logBackInTimer: TimerHandle | undefined;
  /** Last status published in 30029 for this queue. */
  lastStatus: string;
  autoPauseTimer: TimerHandle | undefined;
}

/** A queue in motion. */
export interface QueueRt {
  def: QueueDef;
  memberships: MembershipRt[];
  /** Calls waiting with no agent ringing, ordered by the time they entered the queue. */
  waiting: CallRt[];
  ringing: Set<CallRt>;
  active: Set<CallRt>;
  /** Memberships that can take a call now: logged in, not paused, agent idle. */
  available: IndexedSet<MembershipRt>;
  /** rrmemory: order of the member rung last. */
  rrLast: number;
}
