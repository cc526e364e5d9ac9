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
   * Calls per hour the agents must answer over the window: the arrivals, plus the callers waiting now spread
   * over the window (a backlog has to be cleared in the same 30 minutes; steady-state Erlang C alone would
   * predict a fine half hour for a queue already 100 callers deep).
   */
  loadPerHour: number;
  /** Offered traffic (erlangs): agents the calls would keep busy if nobody waited. */
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
  const load = { callsPerHour: loadPerHour, handleSeconds: handleSec, agents: inputs.agentsTakingCalls };
  const wait = expectedWaitForNewCaller(
    inputs.waiting,
    inputs.agentsTakingCalls,
    inputs.agentsFree,
    handleSec,
  );
  return {
    ...base,
    erlangs: round1(offeredErlangs(load)),
    predictedServiceLevel:
      inputs.agentsTakingCalls === 0
        ? loadPerHour === 0
          ? null
          : 0
        : round1(serviceLevel(load, inputs.targetSec) * 100),
    expectedWaitSec: wait === null ? null : Math.round(wait),
    agentsNeeded: agentsNeeded(load, inputs.targetSec, inputs.goalPercent / 100, 2_000),
  };
}
