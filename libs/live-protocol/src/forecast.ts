import { agentsNeeded, expectedWaitForNewCaller, offeredErlangs, serviceLevel } from './erlang-c.js';

/**
 * What happens next in a queue: Erlang C (erlang-c.ts) fed with the queue's recent arrivals, today's handle
 * time and the agents taking calls now. Computed by the gateway into every queue view, and shown by the
 * dashboard with these same inputs behind its "how is this computed" panel (docs/forecasting.md).
 */

/** Arrivals are counted over this many minutes before now: long enough to be steady, short enough to follow the day. */
export const FORECAST_WINDOW_MIN = 30;

/** The service-level goal a queue without a warn threshold is measured against (percent). */
export const DEFAULT_SERVICE_LEVEL_GOAL = 80;

/** What the forecast of a queue is computed from. */
export interface ForecastInputs {
  /** Calls that entered the queue in the last {@link FORECAST_WINDOW_MIN} minutes. */
  arrivals: number;
  /** Today's average talk time of the queue's answered calls (seconds), or null before the first. */
  handleSec: number | null;
  /** Agents taking calls now: logged in, not paused, phone online (available, ringing, on a call, on hold). */
  agentsTakingCalls: number;
  /** Of those, agents free now. */
  agentsFree: number;
  /** Callers waiting now. */
  waiting: number;
  /** Answer within this many seconds counts toward the service level. */
  targetSec: number;
  /** The service level the queue aims for (percent). */
  goalPercent: number;
}

/** A queue's forecast as screens show it, with the inputs it was computed from. */
export interface QueueForecast extends ForecastInputs {
  windowMin: number;
  /** Arrivals per hour at the recent rate. */
  callsPerHour: number;
  /**
   * Calls per hour to answer over the window: the arrivals, plus the callers waiting now spread over the
   * window. Shown beside the arrivals; the prediction itself treats the waiting callers as a backlog ahead of
   * every newcomer (see serviceLevelWithBacklog).
   */
  loadPerHour: number;
  /** Offered traffic (erlangs) of the arrivals: agents the calls would keep busy if nobody waited. */
  erlangs: number | null;
  /**
   * Service level predicted for the next 30 minutes if arrivals, handle time and staffing stay as they are
   * (percent, 0-100); null when it cannot be predicted yet (no answered call today to know the handle time).
   */
  predictedServiceLevel: number | null;
  /** How long a caller who joins now can expect to wait (seconds); null when nobody takes calls. */
  expectedWaitSec: number | null;
  /** Agents needed to reach the goal at this load; null when unknown (no handle time yet, or beyond reason). */
  agentsNeeded: number | null;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

/** The forecast's window in seconds. */
const WINDOW_SEC = FORECAST_WINDOW_MIN * 60;

/**
 * The service level of the next half hour (0 to 1) with `agents` agents, the callers waiting now ahead of
 * everyone. Agents answer `agents / handle` calls a second and new calls come at `lambda` a second, so the
 * backlog shrinks by the difference. A caller who joins at time t finds `waiting - (capacity - lambda) t`
 * ahead, and waits that many endings; those who join before the backlog is down to what is answered within the
 * target wait too long (0 %). Those who join after meet the queue in its steady state, which Erlang C predicts.
 * Arrivals are spread evenly over the window, so the share of time is the share of callers.
 */
function serviceLevelWithBacklog(
  inputs: ForecastInputs,
  callsPerHour: number,
  agents: number,
  handleSec: number,
): number {
  if (agents <= 0) return 0;
  const steady = serviceLevel({ callsPerHour, handleSeconds: handleSec, agents }, inputs.targetSec);
  if (inputs.waiting <= 0) return steady;
  const capacity = agents / handleSec;
  const drain = capacity - callsPerHour / 3600;
  if (drain <= 0) return 0;
  const lateFor = Math.max(0, (inputs.waiting - capacity * inputs.targetSec) / drain);
  const lateShare = Math.min(1, lateFor / WINDOW_SEC);
  return (1 - lateShare) * steady;
}

/** The fewest agents that reach the goal with the backlog, searching up from Erlang C's answer without it. */
function agentsForGoal(
  inputs: ForecastInputs,
  callsPerHour: number,
  handleSec: number,
  limit: number,
): number | null {
  const steady = agentsNeeded(
    { callsPerHour, handleSeconds: handleSec },
    inputs.targetSec,
    inputs.goalPercent / 100,
    limit,
  );
  if (steady === null || inputs.waiting <= 0) return steady;
  for (let agents = Math.max(1, steady); agents <= limit; agents += 1)
    if (serviceLevelWithBacklog(inputs, callsPerHour, agents, handleSec) >= inputs.goalPercent / 100)
      return agents;
  return null;
}

/**
 * The forecast of one queue. Rounded to what screens show, so a view changes only when a figure a person
 * reads changes.
 */
export function forecastQueue(inputs: ForecastInputs): QueueForecast {
  const callsPerHour = Math.round((inputs.arrivals * 60) / FORECAST_WINDOW_MIN);
  const loadPerHour = callsPerHour + Math.round((inputs.waiting * 60) / FORECAST_WINDOW_MIN);
  const base = { ...inputs, windowMin: FORECAST_WINDOW_MIN, callsPerHour, loadPerHour };
  const handleSec = inputs.handleSec;
  if (handleSec === null || handleSec <= 0)
    return { ...base, erlangs: null, predictedServiceLevel: null, expectedWaitSec: null, agentsNeeded: null };
  const wait = expectedWaitForNewCaller(
    inputs.waiting,
    inputs.agentsTakingCalls,
    inputs.agentsFree,
    handleSec,
  );
  const idle = callsPerHour === 0 && inputs.waiting === 0;
  return {
    ...base,
    erlangs: round1(offeredErlangs({ callsPerHour, handleSeconds: handleSec })),
    predictedServiceLevel:
      inputs.agentsTakingCalls === 0
        ? idle
          ? null
          : 0
        : round1(serviceLevelWithBacklog(inputs, callsPerHour, inputs.agentsTakingCalls, handleSec) * 100),
    expectedWaitSec: wait === null ? null : Math.round(wait),
    agentsNeeded: agentsForGoal(inputs, callsPerHour, handleSec, 2_000),
  };
}
