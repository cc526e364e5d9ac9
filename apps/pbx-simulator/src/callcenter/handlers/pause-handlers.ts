/**
 * agent/pause, queue/agent_pause and queue_pause_reason/list (docs/pbx/queues-and-agents.md#pausing-agents,
 * docs/pbx/queues-and-agents.md#pause-reasons).
 */
import type { HandlerTable } from '../../contracts.js';
import { pageParams } from '../../support/paging.js';
import type { Engine } from '../engine.js';
import type { MembershipRt } from '../runtime.types.js';
import { notFound, paramError } from '../../sim-errors.js';
import { agentOf, targets } from './agent-handlers.js';
import { pauseMembership, reasonTextOf } from './agent-membership.js';
import { commaList, handler, optionalInt, requiredInt, text, type EngineRef } from './handler-kit.js';

/** What one pause request asks, read and checked before any membership changes. */
interface PauseAsk {
  pause: boolean;
  /** The reason's text (what queue/agent_status and 30029 show); empty without a reason. */
  reasonText: string;
  /** Seconds until the pause ends by itself; 0 or absent = until unpaused. */
  thresholdSec: number | undefined;
}

function readAsk(engine: Engine, params: Record<string, unknown>): PauseAsk {
  const pause = text(params, 'operation') === 'pause';
  const code = text(params, 'reason');
  const reasonText = pause && code !== '' ? reasonTextOf(engine, code) : '';
  return { pause, reasonText, thresholdSec: optionalInt(params, 'max_threshold_for_pause_time') };
}

/** A logged-out agent cannot be paused in that queue; answered before anything changes. */
function requireLoggedIn(memberships: readonly MembershipRt[]): void {
  const out = memberships.find((m) => !m.loggedIn);
  if (out)
    throw paramError(
      'ext_id',
      out.agent.ext.id,
      'not_logged_in',
      `extension ${out.agent.ext.number} is not logged in to queue ${out.queue.def.number}`,
    );
}

function apply(engine: Engine, memberships: readonly MembershipRt[], ask: PauseAsk): void {
  const agents = new Set(memberships.map((m) => m.agent));
  for (const m of memberships) {
    if (!ask.pause) {
      engine.agents.unpause(m);
      continue;
    }
    pauseMembership(engine, m, ask.reasonText, ask.thresholdSec);
  }
  for (const agent of agents) engine.agents.refresh(agent);
}

/**
 * Pausing by the interface: dynamic agents only (queue/agent_pause too, a choice: the PBX's pages do not say
 * whether it takes static agents), logged in to the queues concerned; the reason is a feature code of the
 * current list and the text is what agent status shows; a threshold of 10 s or more unpauses on the
 * simulator's clock unless the pause was lifted or replaced before. A paused agent rings for no queue call.
 */
export function pauseHandlers(get: EngineRef): HandlerTable {
  return {
    'agent/pause': handler(get, (engine, params) => {
      const ask = readAsk(engine, params);
      const agent = agentOf(engine, requiredInt(params, 'ext_id'));
      const listed = text(params, 'queue_ids');
      let memberships = targets(engine, agent, listed, 'pause');
      if (ask.pause && listed === '') {
        // "All queues" means the queues the agent is logged in to.
        const loggedIn = memberships.filter((m) => m.loggedIn);
        memberships = loggedIn.length > 0 ? loggedIn : memberships;
      }
      if (ask.pause) requireLoggedIn(memberships);
      apply(engine, memberships, ask);
      return {};
    }),
    'queue/agent_pause': handler(get, (engine, params) => {
      const ask = readAsk(engine, params);
      const queueId = requiredInt(params, 'queue_id');
      if (!engine.agents.queueById.has(queueId))
        throw notFound('queue_id', queueId, 'unknown_queue', 'no queue has this id');
      const memberships = commaList(text(params, 'ext_ids')).flatMap((idText) =>
        targets(engine, agentOf(engine, Number(idText)), String(queueId), 'pause'),
      );
      if (ask.pause) requireLoggedIn(memberships);
      apply(engine, memberships, ask);
      return {};
    }),
    'queue_pause_reason/list': handler(get, (engine, params) => {
      const reasons = engine.ctx.world.pauseReasons;
      const { page, pageSize } = pageParams(params, { pageSize: reasons.length || 1, maxPageSize: 1000 });
      const start = (page - 1) * pageSize;
      // No total_number: the PBX's answer has none.
      return { data: reasons.slice(start, start + pageSize).map((reason) => ({ ...reason })) };
    }),
  };
}
