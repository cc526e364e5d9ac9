import type { QueueForecast } from '@switchboard/live-protocol';
import { formatDuration } from './format.js';

/**
 * A queue's forecast (live-protocol forecast.ts, computed by the gateway) in a supervisor's words: the three
 * lines of the forecast panel, why a figure cannot be given, and every input behind the "How is this
 * computed?" disclosure. The words of the model are those of docs/forecasting.md.
 */

/** One line of the panel: what it says, and whether it calls for attention. */
export interface ForecastLine {
  text: string;
  /** Set when the figure falls short: the reason in words, shown beside it (never colour alone). */
  warning: string | null;
  /** The figure could not be computed; `text` says why. */
  unknown: boolean;
}

/** One input of the forecast, as the disclosure lists it. */
export interface ForecastInput {
  key: string;
  label: string;
  value: string;
  detail: string;
}

const NO_HANDLE_TIME = 'no answered call yet today, so the handle time is not known';

const percent = (value: number) => `${Math.round(value)} %`;

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

/** "Next caller waits ~1:05", or why it cannot be said. */
export function waitLine(forecast: QueueForecast): ForecastLine {
  const wait = forecast.expectedWaitSec;
  if (wait === null) {
    const why = forecast.handleSec === null ? NO_HANDLE_TIME : 'nobody is taking calls';
    return { text: `Next caller’s wait: not known (${why})`, warning: null, unknown: true };
  }
  if (wait === 0 && forecast.agentsFree > forecast.waiting)
    return { text: 'Next caller waits ~0:00 (an agent is free)', warning: null, unknown: false };
  const over = wait > forecast.targetSec ? `longer than the ${forecast.targetSec} s target` : null;
  return { text: `Next caller waits ~${formatDuration(wait)}`, warning: over, unknown: false };
}

/** "Predicted service level next 30 min: 88 % (goal 80 % in 20 s)", or why it cannot be said. */
export function serviceLevelLine(forecast: QueueForecast): ForecastLine {
  const goal = `goal ${percent(forecast.goalPercent)} in ${forecast.targetSec} s`;
  const head = `Predicted service level next ${forecast.windowMin} min`;
  const predicted = forecast.predictedServiceLevel;
  if (predicted === null) {
    const why =
      forecast.handleSec === null ? NO_HANDLE_TIME : 'no calls in the last 30 min and nobody taking calls';
    return { text: `${head}: not known (${why})`, warning: null, unknown: true };
  }
  const overloaded =
    forecast.erlangs !== null && forecast.erlangs > 0 && forecast.erlangs >= forecast.agentsTakingCalls;
  const warning =
    predicted >= forecast.goalPercent
      ? null
      : overloaded
        ? 'more calls than the agents taking calls can keep up with: the queue can only grow'
        : 'below the goal';
  return { text: `${head}: ${percent(predicted)} (${goal})`, warning, unknown: false };
}

/** "Agents needed: 5 · taking calls now: 3", flagged when more are needed than take calls. */
export function agentsLine(forecast: QueueForecast): ForecastLine {
  const taking = `taking calls now: ${forecast.agentsTakingCalls}`;
  const needed = forecast.agentsNeeded;
  if (needed === null) {
    const why = forecast.handleSec === null ? NO_HANDLE_TIME : 'more than any queue could staff at this load';
    return { text: `Agents needed: not known (${why}) · ${taking}`, warning: null, unknown: true };
  }
  const short = needed - forecast.agentsTakingCalls;
  return {
    text: `Agents needed: ${needed} · ${taking}`,
    warning: short > 0 ? `${plural(short, 'agent')} short of the goal` : null,
    unknown: false,
  };
}

/** Every input of the forecast with its value, and what it is. */
export function forecastInputs(forecast: QueueForecast): ForecastInput[] {
  return [
    {
      key: 'arrivals',
      label: 'Calls that entered the queue',
      value: `${forecast.arrivals} in the last ${forecast.windowMin} min`,
      detail: `${plural(forecast.callsPerHour, 'call')} an hour at that rate`,
    },
    {
      key: 'handle',
      label: 'Handle time',
      value: forecast.handleSec === null ? 'not known yet' : formatDuration(forecast.handleSec),
      detail:
        'today’s average talk time of the queue’s answered calls; wrap-up is not included, as the PBX does not report it',
    },
    {
      key: 'taking',
      label: 'Agents taking calls now',
      value: String(forecast.agentsTakingCalls),
      detail: 'logged in, not paused, phone online (available, ringing, on a call or holding one)',
    },
    {
      key: 'free',
      label: 'Agents free now',
      value: String(forecast.agentsFree),
      detail: 'of those, not on a call',
    },
    {
      key: 'waiting',
      label: 'Callers waiting now',
      value: String(forecast.waiting),
      detail: `in the queue, ahead of everyone who calls next: newcomers are answered in time only once the agents have worked them down (${plural(forecast.loadPerHour, 'call')} an hour to answer over the next ${forecast.windowMin} minutes)`,
    },
    {
      key: 'target',
      label: 'Service-level goal',
      value: `${percent(forecast.goalPercent)} in ${forecast.targetSec} s`,
      detail: 'the share of calls the queue aims to answer within its target time',
    },
    {
      key: 'erlangs',
      label: 'Offered traffic',
      value: forecast.erlangs === null ? 'not known yet' : `${forecast.erlangs.toLocaleString('en')} erlangs`,
      detail:
        'arrivals per hour × handle time ÷ 3600: the agents the new calls would keep busy all the time if no call waited',
    },
  ];
}

/** The model in words, as docs/forecasting.md says it. */
export const FORECAST_METHOD: readonly string[] = [
  'Erlang C describes a queue of identical agents: calls arrive at random at a steady rate, handle times vary around their average, any agent can take any call, and nobody hangs up while waiting.',
  'Arrivals are the calls that entered the queue in the last 30 minutes; the handle time is today’s average talk time (wrap-up is not reported by the PBX, so it is not counted).',
  'Erlang C alone knows nothing of callers already waiting. They are ahead of everyone who calls next, and the agents work them down by (agents ÷ handle time − arrivals) calls a second: whoever calls before the backlog is down to what is answered within the target waits too long, and the rest of the half hour gets Erlang C’s service level. A backlog the agents cannot gain on means 0 %.',
  'The service level is the share of calls answered within the target, 1 − P(wait) × e^(−(agents − traffic) × target ÷ handle time), where P(wait), the probability that a call waits at all, is Erlang’s C formula.',
  'The wait of a caller who joins now is read from the queue as it is: with every agent busy, calls end one at a time at (agents ÷ handle time) per second on average, so a caller behind n others waits for n + 1 of those endings. A caller who finds a free agent waits nothing.',
  'Agents needed are the fewest agents that reach the service-level goal at this load. When the traffic is at or above the number of agents the queue can only grow: the service level is 0 and the wait unbounded.',
  'Abandonment is ignored. Callers who give up shorten the queue for those behind them, so on a real queue the predicted waits are on the long side and the predicted service level on the low side: the prediction errs towards warning early.',
];
