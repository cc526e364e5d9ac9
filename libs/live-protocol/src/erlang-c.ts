/**
 * Erlang C: what a queue of identical agents can promise its callers.
 *
 * The model (M/M/N) assumes calls arrive at random at a steady rate, handle times vary around their
 * average like an exponential distribution, every agent can take every call, and nobody hangs up while
 * waiting. Real callers do hang up, so the figures here are on the cautious side: they predict longer waits
 * and a lower service level than a queue with abandonment will see. The gateway and the dashboard both use
 * these functions, so a prediction and its "how is this computed" panel cannot disagree.
 */

/** What the formula needs to know about a queue. Times are in seconds. */
export interface QueueLoad {
  /** Calls offered per hour. */
  readonly callsPerHour: number;
  /** Average handle time of one call: talk plus wrap-up. */
  readonly handleSeconds: number;
  /** Agents taking calls (logged in and not paused). */
  readonly agents: number;
}

/** Offered traffic in erlangs: how many agents would be busy all the time if calls never waited. */
export function offeredErlangs(load: Pick<QueueLoad, 'callsPerHour' | 'handleSeconds'>): number {
  return (load.callsPerHour * load.handleSeconds) / 3600;
}

/**
 * The probability that a call has to wait at all (Erlang's C formula). 1 when the agents cannot keep up
 * (traffic at or above the number of agents): the queue only grows.
 */
export function waitProbability(agents: number, erlangs: number): number {
  if (erlangs <= 0) return 0;
  if (!Number.isInteger(agents) || agents <= erlangs) return 1;
  // Erlang B by its recurrence, then C from B: no factorials or powers, so 500 agents do not overflow.
  let blocking = 1;
  for (let k = 1; k <= agents; k += 1) blocking = (erlangs * blocking) / (k + erlangs * blocking);
  return (agents * blocking) / (agents - erlangs * (1 - blocking));
}

/** The fraction of calls answered within `targetSeconds` (0 to 1). */
export function serviceLevel(load: QueueLoad, targetSeconds: number): number {
  const erlangs = offeredErlangs(load);
  const waits = waitProbability(load.agents, erlangs);
  if (waits === 1) return erlangs > 0 ? 0 : 1;
  return 1 - waits * Math.exp((-(load.agents - erlangs) * targetSeconds) / load.handleSeconds);
}

/** The average wait of all calls, those answered at once included (ASA). Infinity when overloaded. */
export function averageWaitSeconds(load: QueueLoad): number {
  const erlangs = offeredErlangs(load);
  const waits = waitProbability(load.agents, erlangs);
  if (waits === 0) return 0;
  if (waits === 1) return Number.POSITIVE_INFINITY;
  return (waits * load.handleSeconds) / (load.agents - erlangs);
}

/**
 * The fewest agents that answer `goal` (0 to 1) of calls within `targetSeconds`. The search stops at
 * `limit` agents, beyond any real queue, and answers null there rather than loop.
 */
export function agentsNeeded(
  load: Pick<QueueLoad, 'callsPerHour' | 'handleSeconds'>,
  targetSeconds: number,
  goal: number,
  limit = 10_000,
): number | null {
  const erlangs = offeredErlangs(load);
  if (erlangs <= 0) return 0;
  // Fewer agents than the traffic can never keep up, so the search starts just above it.
  for (let agents = Math.floor(erlangs) + 1; agents <= limit; agents += 1) {
    if (serviceLevel({ ...load, agents }, targetSeconds) >= goal) return agents;
  }
  return null;
}

/**
 * The expected wait of a caller who joins now behind `waitingAhead` callers when `agents` agents are all
 * busy: in this model calls end one at a time at `agents / handleSeconds` per second, so the caller waits
 * for `waitingAhead + 1` of those endings. A caller who finds a free agent waits nothing.
 */
export function expectedWaitForNewCaller(
  waitingAhead: number,
  agents: number,
  freeAgents: number,
  handleSeconds: number,
): number | null {
  if (freeAgents > waitingAhead) return 0;
  if (agents <= 0) return null;
  return ((waitingAhead - freeAgents + 1) * handleSeconds) / agents;
}
