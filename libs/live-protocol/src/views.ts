import type { QueueForecast } from './forecast.js';

/**
 * What screens see: the gateway's live state in browser-friendly shapes (camelCase, times as epoch ms of
 * the gateway clock). Wire shapes of the PBX never cross this line.
 */

/**
 * Mutually exclusive agent states; a legend counts each. `offline`: logged in, but no phone or app of the agent
 * is registered, so the PBX cannot ring them. `unknown`: logged in and the PBX reports it does not know the
 * agent's call (never shown as available on a guess).
 */
export type AgentState =
  'available' | 'ringing' | 'on_call' | 'on_hold' | 'paused' | 'offline' | 'unknown' | 'logged_out';

/** Every agent state, in legend order. */
export const AGENT_STATES: readonly AgentState[] = [
  'available',
  'ringing',
  'on_call',
  'on_hold',
  'paused',
  'offline',
  'unknown',
  'logged_out',
];

/** One agent of one queue. */
export interface AgentView {
  /** Extension number; the key of the agent within a queue. */
  number: string;
  name: string;
  state: AgentState;
  /** When the agent entered `state` (epoch ms). */
  since: number;
  /**
   * True when the agent was already in `state` when the gateway first saw it (first start, or an agent
   * never seen changing): `since` is then only a lower bound and screens show it as such ("≥ 2:00").
   */
  sinceLowerBound?: boolean;
  /** Pause reason while paused, else ''. */
  pauseReason: string;
  kind: 'static' | 'dynamic';
}

/** A caller waiting in a queue, not yet connected to an agent. */
export interface WaitingCallerView {
  /** PBX call id; the key. */
  callId: string;
  number: string;
  name: string;
  /** When the caller started waiting (epoch ms). */
  since: number;
}

/** Warn / critical levels of one queue; `null` = no threshold. */
export interface QueueThresholds {
  waiting: { warn: number | null; critical: number | null };
  /** Longest current wait, seconds. */
  longestWaitSec: { warn: number | null; critical: number | null };
  /** Service level % (lower is worse). */
  serviceLevel: { warn: number | null; critical: number | null };
  /** Seconds within which an answer counts toward the service level. */
  serviceLevelSec: number;
  /** Pauses longer than this turn red, seconds; null = no limit. */
  maxPauseSec: number | null;
}

/** Today's figures since the day boundary in the site time zone. See QUEUE_METRICS (queue-metrics.ts). */
export interface QueueTodayStats {
  /** Start of "today" (epoch ms). */
  dayStart: number;
  timeZone: string;
  offered: number;
  answered: number;
  abandoned: number;
  /** Abandoned before the short-abandon cut-off; excluded from the service level. */
  shortAbandoned: number;
  answeredWithinThreshold: number;
  /** 0-100, or null before the first counted call. */
  serviceLevel: number | null;
  avgWaitSec: number | null;
  avgTalkSec: number | null;
  /**
   * Set while a recount from the PBX's call records is pending after a gap in the event stream (reconnect,
   * PBX outage, error window): calls that ended since this time (epoch ms) may be missing until it is done.
   */
  recountPendingSince?: number;
}

/** Figures of a queue right now. */
export interface QueueStatsView {
  waiting: number;
  /** Since when the oldest caller has waited (epoch ms), or null when nobody waits. */
  oldestWaitingSince: number | null;
  agentCounts: Record<AgentState, number>;
  today: QueueTodayStats;
  /**
   * What happens next at the recent arrival rate, today's handle time and the agents taking calls now (Erlang C,
   * forecast.ts). Null in a view stored by a version before forecasts: the queue's next publish adds one.
   */
  forecast: QueueForecast | null;
}

/** The complete live state of one queue. */
export interface QueueView {
  id: number;
  number: string;
  name: string;
  thresholds: QueueThresholds;
  agents: AgentView[];
  waiting: WaitingCallerView[];
  stats: QueueStatsView;
  /** Last time the gateway confirmed this data with the PBX (epoch ms). */
  confirmedAt: number;
  /** How often the gateway polls this queue (ms); data older than ~2.5 intervals is stale. */
  pollIntervalMs: number;
  /** The queue's alert, judged once by the gateway (queue-alerts.ts): every screen shows this one. */
  alert: QueueAlertView;
}

/** A queue's alert as people see it: no threshold crossed, or crossed at warn or critical. */
export type AlertLevel = 'ok' | 'warn' | 'critical';

/** A queue's alert as the gateway tracks it. Times are epoch ms of the gateway's clock. */
export interface QueueAlertView {
  /** The alert after dwell time: what every screen shows. */
  level: AlertLevel;
  /** When `level` was entered. */
  since: number;
  /** Since when the figures have been at least warn / at least critical (null: not now). */
  warnSince: number | null;
  criticalSince: number | null;
  /** When a rise was last announced (sound, notification): screens announce each new value once. */
  announcedAt: number | null;
}

/** Where a held inbound call stands. */
export type HeldCallStatus = 'pending' | 'deciding' | 'accepted' | 'refused' | 'auto_accepted' | 'failed';

/** What is known about a caller, gathered cheaply by the gateway. */
export interface CallerContext {
  contactName: string | null;
  company: string | null;
  /** Calls from this number since the day boundary, this one excluded. */
  callsToday: number;
  /** Outcome of this number's previous call today, if any. */
  lastOutcome: string | null;
  /**
   * This number's previous call on any day, from the call records (looked up in the background: absent until
   * the look-up finished, and when there is none).
   */
  lastCall?: LastCallContext;
}

/** A caller's previous call, for the held-call prompt. */
export interface LastCallContext {
  /** When it started (epoch ms). */
  at: number;
  /** Its disposition in words ("answered", "not answered", ...). */
  status: string;
  /** The PBX's AI summary of it, when there is one. */
  summary: string | null;
  /** The remark of its call note, when there is one. */
  noteRemark: string | null;
  /** Its id in /api/calls, for opening its detail. */
  callId?: string;
}

/** An inbound call the PBX is holding for a decision (event 30016), and its outcome. */
export interface HeldCallView {
  /** PBX call id; the key. */
  callId: string;
  from: string;
  /** Dialled number (DID). */
  to: string;
  trunk: string;
  /**
   * The queue the call's inbound route leads to (from the PBX's inbound routes, matched on DID and trunk);
   * absent when it leads elsewhere or the gateway cannot tell. Only sessions that see the whole PBX see such
   * calls; a session with a list of queues sees the calls of those queues.
   */
  queueId?: number;
  /**
   * The DEFAULT destination of the call's inbound route, in words ("queue Sales (6400)", "an IVR menu",
   * "extension 1005 (Ana Li)"), or why it is not known. Where an accepted call goes unless a time condition of
   * the route (office hours, holidays) sends it elsewhere, which the PBX's interface does not tell: say it as
   * the default destination, never as where the call will go. Absent while the routes are not read yet.
   */
  defaultDestination?: string;
  /** When the gateway learned of the call (epoch ms). */
  receivedAt: number;
  /** When the PBX accepts it by itself (epoch ms). */
  deadline: number;
  context: CallerContext;
  status: HeldCallStatus;
  /** Decision that was taken (refuse_and_block shows as status refused with blocked=true). */
  blocked: boolean;
  /**
   * Until when (epoch ms) the refuse-and-block of this call can be undone by whoever decided it or an admin;
   * present only while the blocklist rule it created exists and the window is open.
   */
  blockUndoUntil?: number;
  /** Who undid the block (the call stays refused; the number is no longer blocked). */
  unblockedBy?: string;
  /** Who decided, for accepted/refused. */
  decidedBy: string | null;
  decidedAt: number | null;
  /** Human-readable reason for `failed`. */
  error: string | null;
  /**
   * Set on `auto_accepted` calls nobody could see: the PBX held and routed them while its link (or the
   * gateway) was down, and the gateway learned of them afterwards from the PBX. Says why, for the history.
   */
  unseenReason?: string;
}

/** A member of an ongoing conference. */
export interface ConferenceMemberView {
  /** Channel id; the key, and what kick takes. */
  channelId: string;
  /** The member's number: an extension's, or the outside caller's. */
  from: string;
  /** The PBX's `member_type` as it sent it (`ext`, `trunk`); screens say it in words. */
  kind: string;
  /** The PBX's `member_status` as it sent it (`ANSWERED`, `HOLD`); screens say it in words. */
  status: string;
  /** The extension's name when the member is an extension the gateway knows by name; null otherwise. */
  name: string | null;
}

/** An ongoing conference. */
export interface ConferenceView {
  /** Conference number; the key. */
  number: string;
  name: string;
  members: ConferenceMemberView[];
}

/** A desk-phone call seen through uaCSTA (event 30020). */
export interface UacstaCallView {
  /** `${extension}:${callId}`; the key. */
  key: string;
  extension: string;
  callId: string;
  state: 'ringing' | 'answered';
  since: number;
}

/** Health of the PBX link as the gateway sees it. */
export interface HealthView {
  pbx: 'connected' | 'degraded' | 'down';
  /** Last successful PBX request (epoch ms), or null. */
  lastSuccessAt: number | null;
  /** Last PBX failure, human-readable and secret-free. */
  lastError: string | null;
  eventStream: 'connecting' | 'open' | 'reconnecting' | 'closed' | 'idle' | 'subscribing';
  /** Since when `pbx` has had its current value (epoch ms of the gateway clock). */
  pbxSince: number;
  /** Since when `eventStream` has had its current value (epoch ms). Held calls arrive only while it is open. */
  eventStreamSince: number;
  /** The gateway's clock (epoch ms) when sent, so screens can correct for their own clock skew. */
  serverTime: number;
}
