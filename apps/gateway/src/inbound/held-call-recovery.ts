import type { CallInfo, CallTrunkLeg, CdrRecord } from '@switchboard/pbx-api';
import type { HeldCallInput } from './held-calls.types.js';

/** An ongoing inbound call as call/query reports it, sorted for recovery. */
export type OngoingInbound =
  | { kind: 'held'; call: HeldCallInput; startedAt: number | null }
  | { kind: 'routed'; call: HeldCallInput; startedAt: number | null };

/**
 * When a call started, from its id: the PBX writes call ids as `<unix-seconds>.<sequence>` (the PBX
 * documents this for every call id). Null when the id does not have that form.
 */
export function callStartOf(callId: string): number | null {
  const match = /^(\d{9,11})\.\d+$/.exec(callId.trim());
  return match ? Number(match[1]) * 1000 : null;
}

function inboundLegs(call: CallInfo): CallTrunkLeg[] {
  return call.members.flatMap((member) => ('inbound' in member && member.inbound ? [member.inbound] : []));
}

function input(callId: string, leg: CallTrunkLeg): HeldCallInput {
  return {
    callId,
    channelId: leg.channel_id,
    from: (leg.from ?? '').trim(),
    to: (leg.to ?? '').trim(),
    trunk: (leg.trunk_name ?? '').trim(),
  };
}

/**
 * Sorts the ongoing inbound calls of `call/query?type=inbound`. The PBX has no "held" flag, so a call is
 * taken as held for a decision when it is what a 30016 event announces and nothing more: a single inbound
 * leg still ringing (`ALERT`), routed nowhere yet (empty call path: no queue, IVR or ring group; no
 * extension leg), and younger than the hold window by its id (one second of slack for the id's whole
 * seconds). Every other inbound call has been routed.
 */
export function sortOngoing(calls: readonly CallInfo[], holdWindowMs: number, now: number): OngoingInbound[] {
  const out: OngoingInbound[] = [];
  for (const call of calls) {
    const legs = inboundLegs(call);
    const leg = legs[0];
    if (!leg?.channel_id) continue;
    const startedAt = callStartOf(call.call_id);
    const young = startedAt === null || now - startedAt < holdWindowMs + 1_000;
    const held =
      call.members.length === 1 &&
      leg.member_status.toUpperCase() === 'ALERT' &&
      (leg.call_path ?? '').trim() === '' &&
      young;
    out.push({ kind: held ? 'held' : 'routed', call: input(call.call_id, leg), startedAt });
  }
  return out;
}

/**
 * When the PBX routes a call found still held: its start (from the id) plus the hold window, kept within
 * [now, now + window] so a PBX clock that differs from ours never shows more time than a whole window,
 * nor a deadline already past for a call the PBX says it still holds.
 */
export function deadlineOf(startedAt: number | null, holdWindowMs: number, now: number): number {
  const estimate = startedAt === null ? now + holdWindowMs : startedAt + holdWindowMs;
  return Math.min(now + holdWindowMs, Math.max(now, estimate));
}

/** An inbound CDR on a trunk, as a held-call input (no channel: the call is over). */
export function inboundFromCdr(record: CdrRecord): { call: HeldCallInput; startedAt: number } | undefined {
  const callId = record.call_id ?? record.uid;
  if (!callId || (record.call_type ?? '').toLowerCase() !== 'inbound') return undefined;
  if (typeof record.timestamp !== 'number') return undefined;
  return {
    call: {
      callId,
      channelId: '',
      from: (record.call_from_number ?? '').trim(),
      to: (record.did_number || record.call_to_number || '').trim(),
      trunk: (record.src_trunk ?? '').trim(),
    },
    startedAt: record.timestamp * 1000,
  };
}
