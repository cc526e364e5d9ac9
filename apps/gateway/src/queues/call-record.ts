import { normaliseCallType, normaliseCdrStatus, type CdrRecord, type NewCdrMsg } from '@switchboard/pbx-api';

/** A finished call, from a CDR or a 30012 New CDR event, reduced to what today's figures need. */
export interface FinishedCallFacts {
  callId: string;
  /** Start of the call (epoch ms), when the record says. */
  startedAt: number | null;
  /** `inbound`, `outbound`, `internal` (lower case). */
  type: string;
  /** `ANSWERED`, `NO ANSWER`, `BUSY`, `FAILED`, `VOICEMAIL` (normalised). */
  disposition: string;
  fromNumber: string;
  /** The callee: the queue while unanswered, the answering extension once answered. */
  toNumber: string;
  didNumber: string;
  /** Seconds from the start to the answer (answered calls) or to the end (unanswered calls). */
  waitSec: number;
  /** Seconds from the answer to the end. */
  talkSec: number;
}

/** `Sales<6400>` -> `6400`; a bare number stays. */
export function partyNumber(party: string | undefined): string {
  if (!party) return '';
  const match = /<([^<>]*)>\s*$/.exec(party);
  return (match ? (match[1] ?? '') : party).trim();
}

const seconds = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/** A CDR from cdr/search; undefined when it has no call id to de-duplicate on. */
export function factsFromCdr(record: CdrRecord): FinishedCallFacts | undefined {
  const callId = record.call_id ?? record.uid;
  if (!callId) return undefined;
  const disposition = normaliseCdrStatus(record.disposition);
  const answered = disposition === 'ANSWERED';
  const duration = seconds(record.duration);
  const talk = answered ? seconds(record.talk_duration) : 0;
  const wait = answered ? (record.ring_duration ?? Math.max(0, duration - talk)) : duration;
  return {
    callId,
    startedAt: typeof record.timestamp === 'number' ? record.timestamp * 1000 : null,
    type: normaliseCallType(record.call_type),
    disposition,
    fromNumber: record.call_from_number ?? partyNumber(record.call_from),
    toNumber: record.call_to_number ?? partyNumber(record.call_to),
    didNumber: record.did_number ?? '',
    waitSec: seconds(wait),
    talkSec: talk,
  };
}

/** A 30012 New CDR event (status and type already normalised by pbx-api). */
export function factsFromNewCdr(msg: NewCdrMsg): FinishedCallFacts | undefined {
  if (!msg.call_id) return undefined;
  const answered = msg.status === 'ANSWERED';
  const duration = seconds(msg.call_duration);
  const talk = answered ? seconds(msg.talk_duration) : 0;
  return {
    callId: msg.call_id,
    startedAt: null,
    type: msg.type,
    disposition: msg.status,
    fromNumber: partyNumber(msg.call_from),
    toNumber: partyNumber(msg.call_to),
    didNumber: msg.did_number ?? '',
    // agent_ring_time counts from entering the queue; call_duration - talk_duration also counts an IVR before it
    // (docs/pbx/events.md#30012-new-cdr).
    waitSec:
      answered && msg.agent_ring_time !== undefined
        ? seconds(msg.agent_ring_time)
        : Math.max(0, duration - talk),
    talkSec: talk,
  };
}
