/**
 * What logging in, logging out and pausing do to one queue membership, shared by agent/login, queue/agent_login,
 * agent/pause and queue/agent_pause (docs/pbx/queues-and-agents.md#logging-agents-in-and-out).
 */
import type { Engine } from '../engine.js';
import type { MembershipRt } from '../runtime.types.js';
import { paramError } from '../../sim-errors.js';
import { optionalInt, text } from './handler-kit.js';

/** The text of the pause reason with feature code `code` (what agent status shows); refused when not listed now. */
export function reasonTextOf(engine: Engine, code: string): string {
  // A reason deleted by queue_pause_reason/update is refused like one that never existed.
  const found = engine.ctx.world.pauseReasons.find((reason) => reason.code === code);
  if (!found)
    throw paramError(
      'reason',
      code,
      'unknown_reason',
      'is not the feature code of a current pause reason (see queue_pause_reason/list)',
    );
  return found.reason;
}

/**
 * Pauses a membership by the interface with the reason's text; a threshold of 10 s or more unpauses it on the
 * simulator's clock unless the pause was lifted or replaced first.
 */
export function pauseMembership(
  engine: Engine,
  m: MembershipRt,
  reasonText: string,
  thresholdSec: number | undefined,
): void {
  const reasonChanged = m.paused && m.pauseReason !== reasonText;
  engine.agents.unpause(m); // drops an earlier pause's timer
  engine.agents.pause(m, reasonText, 'api');
  // A new reason on a paused agent is news too: 30029 carries the reason.
  if (reasonChanged) m.lastStatus = '';
  if (thresholdSec !== undefined) m.pauseThresholdSec = thresholdSec;
  if (thresholdSec !== undefined && thresholdSec >= 10) {
    m.autoPauseTimer = engine.ctx.after(thresholdSec * 1000, () => {
      m.autoPauseTimer = undefined;
      if (engine.agents.pauseSource(m) !== 'api') return;
      engine.agents.unpause(m);
      engine.agents.refresh(m.agent);
    });
  }
}

/** One agent/login or queue/agent_login request, read and checked before any membership changes. */
export interface LoginAsk {
  login: boolean;
  paused: boolean;
  /** The pause reason's text for a paused log-in; empty without a reason. */
  reasonText: string;
  pauseThresholdSec: number | undefined;
  /** 10 or more: seconds after which the PBX logs a logged-out agent back in; 0: stays out. */
  logoutThresholdSec: number | undefined;
}

/** Reads the log-in parameters both operations share. */
export function readLoginAsk(engine: Engine, params: Record<string, unknown>): LoginAsk {
  const login = text(params, 'operation') === 'login';
  const paused = optionalInt(params, 'is_paused') === 1;
  const code = text(params, 'reason');
  return {
    login,
    paused,
    // The reason is a paused log-in's; on other requests the PBX has nothing to apply it to.
    reasonText: login && paused && code !== '' ? reasonTextOf(engine, code) : '',
    pauseThresholdSec: optionalInt(params, 'max_threshold_for_pause_time'),
    logoutThresholdSec: optionalInt(params, 'max_threshold_for_logout_time'),
  };
}

/** Logs memberships in (paused or not) or out, as `ask` says, and publishes what changed. */
export function applyLogin(engine: Engine, memberships: readonly MembershipRt[], ask: LoginAsk): void {
  const agents = new Set(memberships.map((m) => m.agent));
  for (const m of memberships) {
    if (ask.logoutThresholdSec !== undefined) m.logoutThresholdSec = ask.logoutThresholdSec;
    if (!ask.login) {
      engine.agents.logout(m);
      if (m.logoutThresholdSec >= 10) scheduleLogBackIn(engine, m, m.logoutThresholdSec);
      continue;
    }
    engine.agents.login(m);
    if (ask.paused) pauseMembership(engine, m, ask.reasonText, ask.pauseThresholdSec);
    else {
      engine.agents.unpause(m);
      if (ask.pauseThresholdSec !== undefined) m.pauseThresholdSec = ask.pauseThresholdSec;
    }
  }
  for (const agent of agents) engine.agents.refresh(agent);
}

/** The PBX logs a logged-out agent back in after the logout threshold, unless it was logged in before. */
function scheduleLogBackIn(engine: Engine, m: MembershipRt, seconds: number): void {
  engine.ctx.clock.cancel(m.logBackInTimer);
  m.logBackInTimer = engine.ctx.after(seconds * 1000, () => {
    m.logBackInTimer = undefined;
    if (m.loggedIn) return;
    engine.agents.login(m);
    engine.agents.refresh(m.agent);
  });
}
