import type { CallRt, Leg } from './runtime.types.js';

// Payloads the call center publishes, under the event numbers of pbx-api's PBX_EVENT
// (docs/pbx/events.md#event-numbers).

/** Extension statuses of 30008. */
export type ExtensionStatus = 'Ringing' | 'Busy' | 'Idle';

/**
 * Agent statuses this simulator sends in 30029 (the PBX guide shows only `Paused`):
 * `Idle`, `Ringing`, `Busy` (in a call, held or not), `WrapUp`, `Paused`, `LoggedOut`.
 */
export type AgentStatus = 'Idle' | 'Ringing' | 'Busy' | 'WrapUp' | 'Paused' | 'LoggedOut';

/** A Call_Info member: an object with exactly one key, `extension`, `inbound` or `outbound`. */
export function callMember(leg: Leg): Record<string, unknown> {
  if (leg.kind === 'extension') {
    return {
      extension: {
        number: leg.from,
        channel_id: leg.channelId,
        member_status: leg.status,
        call_path: leg.callPath,
      },
    };
  }
  return {
    [leg.kind]: {
      from: leg.from,
      to: leg.to,
      trunk_name: leg.trunkName,
      channel_id: leg.channelId,
      member_status: leg.status,
      call_path: leg.callPath,
    },
  };
}

/** Call_Info (30011, 30016, call/query). */
export function callInfo(call: Pick<CallRt, 'id' | 'legs'>): {
  call_id: string;
  members: Record<string, unknown>[];
} {
  return { call_id: call.id, members: call.legs.map(callMember) };
}

/** Endpoints of 30007 `kind`: SIP phones and the Linkus clients (docs/pbx/events.md#event-numbers). */
export type RegistrationKind = 'Sip' | 'Desktop' | 'Mobile' | 'Web';

/** 30007 msg: an endpoint of the extension registered or unregistered, from the device's address. */
export function registrationMsg(
  extension: string,
  kind: RegistrationKind,
  registered: boolean,
  registeredIp: string,
): Record<string, unknown> {
  return {
    extension,
    kind,
    status: registered ? 'Registered' : 'Unregistered',
    registered_ip: registeredIp,
  };
}

/** 30008 msg. */
export function extensionStatusMsg(extension: string, status: ExtensionStatus): Record<string, unknown> {
  return { extension, status };
}

/** 30020 msg; `ipAddress` is `<ip>:5060`. */
export function uacstaMsg(
  operation: 'call_start' | 'call_answer' | 'call_over',
  extension: string,
  callId: string,
  ipAddress: string,
): Record<string, unknown> {
  return { operation, extension, call_id: callId, ip_address: ipAddress };
}

/** 30024 msg: the conference's call id and the number of the host who left. */
export function noHostMsg(conferenceCallId: string, hostNumber: string): Record<string, unknown> {
  return { conference_id: conferenceCallId, host_num: hostNumber };
}

/** 30025 msg: queue number without prefix, as documented. */
export function autoPauseMsg(
  queueNumber: string,
  agentNumber: string,
  calls: { caller_number: string; call_id: string }[],
): Record<string, unknown> {
  return { queue_number: queueNumber, agent_number: agentNumber, calls };
}

/** 30029 msg: queue number with the documented `queue-` prefix. */
export function agentStatusMsg(
  queueNumber: string,
  agentNumber: string,
  status: AgentStatus,
  reason: string,
): Record<string, unknown> {
  return { queue_number: `queue-${queueNumber}`, agent_number: agentNumber, status, reason };
}
