import type { HandlerTable } from '../../contracts.js';
import type { Engine } from '../engine.js';
import type { CallRt, MembershipRt, QueueRt } from '../runtime.types.js';
import { notFound } from '../../sim-errors.js';
import type { SimExtension } from '../world.types.js';
import { handler, optionalInt, requiredInt, text, type EngineRef } from './handler-kit.js';

function memberRef(ext: SimExtension): Record<string, unknown> {
  return { text: ext.name, text2: ext.number, value: String(ext.id), type: 'extension' };
}

function summary(engine: Engine, queue: QueueRt): Record<string, unknown> {
  const def = queue.def;
  const refs = (type: MembershipRt['type']) =>
    queue.memberships.filter((m) => m.type === type).map((m) => memberRef(m.agent.ext));
  return {
    id: def.id,
    number: def.number,
    name: def.name,
    ring_strategy: def.strategy,
    dynamic_agent_list: refs('dynamic'),
    static_agent_list: refs('static'),
    manager_list: def.managerIds
      .map((id) => engine.ctx.extById.get(id))
      .filter((ext) => ext !== undefined)
      .map(memberRef),
  };
}

function queueOf(engine: Engine, id: number): QueueRt {
  const queue = engine.agents.queueById.get(id);
  if (!queue) throw notFound('id', id, 'unknown_queue', 'no queue has this id');
  return queue;
}

/** Agent_List entry (docs/pbx/queues-and-agents.md#agent-status). */
function agentEntry(engine: Engine, m: MembershipRt): Record<string, unknown> {
  return {
    name: m.agent.ext.name,
    number: m.agent.ext.number,
    is_login: m.loggedIn ? 1 : 0,
    is_pause: m.paused ? 1 : 0,
    call_status: engine.agents.callStatus(m.agent),
    pause_reason: m.paused ? m.pauseReason : '',
    agent_type: m.type,
    max_threshold_for_pause_time: m.pauseThresholdSec,
    max_threshold_for_logout_time: m.logoutThresholdSec,
  };
}

function callEntry(call: CallRt, callee: { number: string; name: string }, sinceMs: number, now: number) {
  return {
    call_id: call.id,
    caller_number: call.from.number,
    caller_display_name: call.from.name,
    callee_number: callee.number,
    callee_display_name: callee.name,
    duration: Math.max(0, Math.floor((now - sinceMs) / 1000)),
  };
}

/** queue/list (paging and sorting; no page_size = every queue on one page), agent_status, call_status. */
export function queueHandlers(get: EngineRef): HandlerTable {
  return {
    'queue/list': handler(get, (engine, params) => {
      const page = optionalInt(params, 'page') ?? 1;
      const sortBy = text(params, 'sort_by') || 'id';
      const desc = text(params, 'order_by') === 'desc';
      const queues = [...engine.agents.queues].sort((a, b) => {
        const key = (sortBy === 'ring_strategy' ? 'strategy' : sortBy) as
          'id' | 'number' | 'name' | 'strategy';
        const order =
          key === 'id' ? a.def.id - b.def.id : a.def[key].localeCompare(b.def[key]) || a.def.id - b.def.id;
        return desc ? -order : order;
      });
      const size = optionalInt(params, 'page_size') ?? Math.max(1, queues.length);
      const slice = queues.slice((page - 1) * size, page * size);
      return { total_number: queues.length, queue_list: slice.map((q) => summary(engine, q)) };
    }),
    'queue/agent_status': handler(get, (engine, params) => {
      const queue = queueOf(engine, requiredInt(params, 'id'));
      return {
        total_number: queue.memberships.length,
        data: queue.memberships.map((m) => agentEntry(engine, m)),
      };
    }),
    'queue/call_status': handler(get, (engine, params) => {
      const queue = queueOf(engine, requiredInt(params, 'id'));
      const now = engine.ctx.now();
      const self = { number: queue.def.number, name: queue.def.name };
      const waiting = queue.waiting.map((call) => callEntry(call, self, call.queuedMs ?? now, now));
      const ringing = [...queue.ringing].map((call) => {
        const first = call.rings.values().next().value;
        const ext = first?.membership.agent.ext;
        const callee = ext ? { number: ext.number, name: ext.name } : self;
        return callEntry(call, callee, first?.startedMs ?? now, now);
      });
      const active = [...queue.active].map((call) => {
        const ext = call.agentLeg?.ext;
        const callee = ext ? { number: ext.number, name: ext.name } : self;
        return callEntry(call, callee, call.answeredMs ?? now, now);
      });
      return {
        waiting_calls: waiting.length,
        active_calls: active.length,
        ringing_calls: ringing.length,
        waiting_list: waiting,
        active_list: active,
        ringing_list: ringing,
      };
    }),
  };
}
