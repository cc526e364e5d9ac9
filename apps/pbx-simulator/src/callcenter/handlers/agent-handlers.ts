import { PBX_ERRCODE, PBX_ERRMSG, type QueuePauseReason } from '@switchboard/pbx-api';
import { SimError, type HandlerTable } from '../../contracts.js';
import type { Engine } from '../engine.js';
import type { AgentRt, MembershipRt } from '../runtime.types.js';
import { notFound, paramError } from '../../sim-errors.js';
import { applyLogin, readLoginAsk } from './agent-membership.js';
import { commaList, handler, requiredInt, text, type EngineRef } from './handler-kit.js';

/** The agent with extension id `extId`; 40004 for no extension, 40002 for an extension in no queue. */
export function agentOf(engine: Engine, extId: number): AgentRt {
  const agent = engine.agents.agents.get(extId);
  if (agent) return agent;
  const ext = engine.ctx.extById.get(extId);
  if (!ext) throw notFound('ext_id', extId, 'unknown_extension', 'no extension has this id');
  throw paramError('ext_id', extId, 'not_agent', `extension ${ext.number} is not an agent of any queue`);
}

/**
 * The dynamic memberships agent/login (or agent/pause) acts on: the listed queues, or every queue where the
 * agent is dynamic. `what` ends the static-agent error ("log in and out", "pause").
 */
export function targets(
  engine: Engine,
  agent: AgentRt,
  queueIds: string,
  what = 'log in and out',
): MembershipRt[] {
  const number = agent.ext.number;
  if (queueIds === '') {
    const dynamic = agent.memberships.filter((m) => m.type === 'dynamic');
    if (dynamic.length === 0) {
      throw paramError(
        'ext_id',
        agent.ext.id,
        'static_agent',
        `extension ${number} is a static agent in every queue it belongs to; only dynamic agents ${what}`,
      );
    }
    return dynamic;
  }
  return commaList(queueIds).map((idText) => {
    const queue = engine.agents.queueById.get(Number(idText));
    if (!queue) throw notFound('queue_ids', idText, 'unknown_queue', 'no queue has this id');
    const m = agent.memberships.find((candidate) => candidate.queue === queue);
    if (!m)
      throw paramError(
        'queue_ids',
        idText,
        'not_member',
        `extension ${number} is not an agent of queue ${queue.def.number}`,
      );
    if (m.type === 'static') {
      throw paramError(
        'ext_id',
        agent.ext.id,
        'static_agent',
        `extension ${number} is a static agent of queue ${queue.def.number}; only dynamic agents ${what}`,
      );
    }
    return m;
  });
}

/**
 * The dynamic memberships of queue `queueId` that queue/agent_login acts on, one per id of `extIds`, all found
 * before anything changes (one bad id changes nobody). Errors name `queue_id` or `ext_ids`, the fields sent.
 */
function queueMemberships(engine: Engine, queueId: number, extIds: string): MembershipRt[] {
  const queue = engine.agents.queueById.get(queueId);
  if (!queue) throw notFound('queue_id', queueId, 'unknown_queue', 'no queue has this id');
  return commaList(extIds).map((idText) => {
    const ext = engine.ctx.extById.get(Number(idText));
    if (!ext) throw notFound('ext_ids', idText, 'unknown_extension', 'no extension has this id');
    const m = queue.memberships.find((candidate) => candidate.agent.ext === ext);
    if (!m)
      throw paramError(
        'ext_ids',
        idText,
        'not_member',
        `extension ${ext.number} is not an agent of this queue`,
      );
    if (m.type === 'static')
      throw paramError(
        'ext_ids',
        idText,
        'static_agent',
        `extension ${ext.number} is a static agent of this queue; only dynamic agents log in and out`,
      );
    return m;
  });
}

function checkDuplicates(list: QueuePauseReason[]): void {
  const duplicates: Record<string, unknown>[] = [];
  for (const key of ['code', 'reason'] as const) {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item[key])) duplicates.push({ field: `pause_reason_list[${i}].${key}`, value: item[key] });
      seen.add(item[key]);
    });
  }
  if (duplicates.length > 0) {
    throw new SimError(
      PBX_ERRCODE.DUPLICATE_KEY_VALUE,
      PBX_ERRMSG[PBX_ERRCODE.DUPLICATE_KEY_VALUE] ?? 'DUPLICATE KEY VALUE',
      {
        duplicate_field_list: duplicates,
      },
    );
  }
}

/**
 * agent/login (dynamic agents only; `is_paused` 1 logs in paused with an empty reason, 0 logs in unpaused) and
 * queue_pause_reason/update (replaces the whole list; agents paused with a reason that is no longer listed stay
 * paused and keep that reason's text until they resume: deleting a reason changes future choices, not history).
 */
export function agentHandlers(get: EngineRef): HandlerTable {
  return {
    'agent/login': handler(get, (engine, params) => {
      const ask = readLoginAsk(engine, params);
      const agent = agentOf(engine, requiredInt(params, 'ext_id'));
      applyLogin(engine, targets(engine, agent, text(params, 'queue_ids')), ask);
      return {};
    }),
    // Several agents of one queue with the same effects as agent/login (docs/pbx/queues-and-agents.md).
    'queue/agent_login': handler(get, (engine, params) => {
      const ask = readLoginAsk(engine, params);
      applyLogin(
        engine,
        queueMemberships(engine, requiredInt(params, 'queue_id'), text(params, 'ext_ids')),
        ask,
      );
      return {};
    }),
    'queue_pause_reason/update': handler(get, (engine, params) => {
      const raw = Array.isArray(params['pause_reason_list'])
        ? (params['pause_reason_list'] as unknown[])
        : [];
      const list = raw.map((item) => {
        const entry = item as Record<string, unknown>;
        return { code: text(entry, 'code'), reason: text(entry, 'reason') };
      });
      checkDuplicates(list);
      engine.ctx.world.pauseReasons.splice(0, engine.ctx.world.pauseReasons.length, ...list);
      return {};
    }),
  };
}
