import type { HandlerTable } from '../../contracts.js';
import type { Engine } from '../engine.js';
import { callInfo } from '../event-payloads.js';
import type { CallRt, Leg } from '../runtime.types.js';
import { notFound, paramError } from '../../sim-errors.js';
import { handler, text, type EngineRef } from './handler-kit.js';

function queryCalls(engine: Engine, params: Record<string, unknown>): CallRt[] {
  const active = engine.calls.active;
  const callId = text(params, 'call_id');
  if (callId) {
    const call = active.get(callId);
    return call ? [call] : [];
  }
  const type = text(params, 'type');
  if (type) return [...active.values()].filter((call) => call.type.toLowerCase() === type);
  return engine.calls.callsOfExtension(text(params, 'extension'));
}

/** call/listen: the monitor joins an answered call as one more member. */
function listen(engine: Engine, params: Record<string, unknown>): { call_id: string } {
  const monitorNumber = text(params, 'monitor');
  const channelId = text(params, 'channel_id');
  const monitor = engine.ctx.extByNumber.get(monitorNumber);
  if (!monitor) throw notFound('monitor', monitorNumber, 'unknown_extension', 'no extension has this number');
  const found = engine.calls.findChannel(channelId);
  if (!found) throw notFound('channel_id', channelId, 'unknown_channel', 'no call is on this channel');
  const call = found.call;
  if (call.state !== 'talking') {
    throw paramError('channel_id', channelId, 'not_answered', 'the call on this channel is not answered yet');
  }
  if (call.legs.some((leg) => leg.ext === monitor)) {
    throw paramError(
      'monitor',
      monitorNumber,
      'already_in_call',
      `extension ${monitorNumber} is already in this call`,
    );
  }
  engine.calls.addLeg(call, engine.calls.extensionLeg(monitor, 'monitor', 'ANSWER'));
  engine.calls.publish(call);
  const agent = engine.agents.agents.get(monitor.id);
  if (agent) engine.agents.refresh(agent); // an agent who monitors is not free for queue calls
  return { call_id: call.id };
}

/**
 * call/hangup (docs/pbx/call-control.md#hanging-up-a-channel): `channel_id` (the member's channel) or
 * `paging_number`; answers the call's `call_id`. The page does not limit it to answered calls:
 * - an answered call: the channel's party leaves; when fewer than two parties would remain, the call ends as a
 *   hang-up ends it (a queue call's agent goes to wrap-up);
 * - a ringing agent's channel stops ringing and the call moves on, as a uaCSTA refusal;
 * - the caller's channel of a queued or ringing call: the caller hangs up (an abandoned queue call);
 * - a call held for accept or refuse (30016): refused.
 * The simulator places no paging or intercom calls, so every `paging_number` is not found.
 */
function hangup(engine: Engine, params: Record<string, unknown>): { call_id: string } {
  const paging = text(params, 'paging_number');
  if (paging)
    throw notFound('paging_number', paging, 'no_paging_call', 'no paging or intercom call is on this number');
  const channelId = text(params, 'channel_id');
  const found = engine.calls.findChannel(channelId);
  if (!found) throw notFound('channel_id', channelId, 'unknown_channel', 'no call is on this channel');
  const { call, leg } = found;
  if (call.state === 'held') return engine.hold.refuse(channelId);
  if (call.state !== 'talking') {
    const agent = leg.ext ? engine.agents.agents.get(leg.ext.id) : undefined;
    if (call.queue && agent && leg.role === 'agent') engine.queueCalls.reject(call, agent);
    else if (call.queue && leg.role === 'caller') engine.queueCalls.callerHangsUp(call);
    else engine.direct.reject(call);
    return { call_id: call.id };
  }
  const staying = call.legs.filter((other) => other !== leg && other.status !== 'BYE');
  if (staying.length >= 2 || leg.role === 'monitor') {
    engine.calls.setStatus(call, leg, 'BYE');
    engine.calls.publish(call);
    const agent = leg.ext ? engine.agents.agents.get(leg.ext.id) : undefined;
    if (agent) engine.agents.refresh(agent);
    return { call_id: call.id };
  }
  if (!engine.conversation.endNow(call)) engine.calls.finish(call, 'ANSWERED');
  return { call_id: call.id };
}

/** A ringing uaCSTA leg refused at the phone: a queue call rings on for other agents, a direct call ends. */
function refuseRinging(engine: Engine, call: CallRt, leg: Leg): void {
  const agent = leg.ext ? engine.agents.agents.get(leg.ext.id) : undefined;
  if (leg.role === 'agent' && agent) engine.queueCalls.reject(call, agent);
  else engine.direct.reject(call);
}

/**
 * call/accept_inbound, call/refuse_inbound, call/query, call/listen, call/hangup, uacsta_call/refuse and
 * uacsta_call/hangup (docs/pbx/call-control.md#uacsta-desk-phones).
 */
export function callHandlers(get: EngineRef): HandlerTable {
  return {
    'call/accept_inbound': handler(get, (engine, params) => engine.hold.accept(text(params, 'channel_id'))),
    'call/refuse_inbound': handler(get, (engine, params) => engine.hold.refuse(text(params, 'channel_id'))),
    'call/query': handler(get, (engine, params) => ({ data: queryCalls(engine, params).map(callInfo) })),
    'call/listen': handler(get, listen),
    'call/hangup': handler(get, hangup),
    'uacsta_call/refuse': handler(get, (engine, params) => {
      const { call, leg } = engine.uacsta.findRinging(
        text(params, 'extension'),
        text(params, 'call_id'),
        text(params, 'ip_address'),
      );
      refuseRinging(engine, call, leg);
      return {};
    }),
    // Hanging up a ringing desk phone refuses the call; an answered one leaves it as call/hangup does.
    'uacsta_call/hangup': handler(get, (engine, params) => {
      const { call, leg } = engine.uacsta.find(
        text(params, 'extension'),
        text(params, 'call_id'),
        text(params, 'ip_address'),
      );
      if (leg.status === 'RING') refuseRinging(engine, call, leg);
      else hangup(engine, { channel_id: leg.channelId });
      return {};
    }),
  };
}
