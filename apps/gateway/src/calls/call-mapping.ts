import {
  CALL_STATUSES,
  type CallDirection,
  type CallNoteRevisionView,
  type CallNoteView,
  type CallParty,
  type CallSummary,
  type CallTranscript,
  type TranscriptLeg,
} from '@switchboard/live-protocol';
import {
  normaliseCallType,
  normaliseCdrStatus,
  type AiTranscriptionLeg,
  type CallNote,
  type CdrRecord,
} from '@switchboard/pbx-api';
import { partyNumber } from '../queues/call-record.js';
import { callIdOf } from './call-id.js';

/** `Ana Li<1005>` -> `Ana Li`; a bare number has no name. */
export function partyName(party: string | undefined): string {
  const match = /^(.*)<[^<>]*>\s*$/.exec(party ?? '');
  return (match?.[1] ?? '').trim();
}

const seconds = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;

/** Reads a display-format time of a record (legacy records may lack `timestamp`); undefined when unreadable. */
export type DisplayTimeReader = (text: string) => number | undefined;

/** When the call started, Unix seconds: `timestamp`, else the display-format `time`. */
export function startSecOf(record: CdrRecord, readTime?: DisplayTimeReader): number | undefined {
  if (typeof record.timestamp === 'number' && Number.isFinite(record.timestamp) && record.timestamp > 0)
    return Math.floor(record.timestamp);
  const ms = record.time && readTime ? readTime(record.time) : undefined;
  return ms === undefined ? undefined : Math.floor(ms / 1000);
}

function directionOf(record: CdrRecord): CallDirection {
  const type = normaliseCallType(record.call_type);
  return type === 'inbound' || type === 'outbound' || type === 'internal' ? type : 'unknown';
}

/** The note a record carries, when it carries one (new records only). */
function noteOf(record: CdrRecord): CallNote | undefined {
  const note = record.call_note;
  return note && typeof note === 'object' ? note : undefined;
}

/**
 * A record of cdr/search as the search lists it; legacy (`id`, combined `Name<number>` parties, `reason`) and
 * new (`new_id`, split parties, note fields) field sets alike. Undefined for a record whose start is unknown
 * (it could not be opened again by its id).
 */
export function summaryOf(record: CdrRecord, readTime?: DisplayTimeReader): CallSummary | undefined {
  const startSec = startSecOf(record, readTime);
  const id = callIdOf(startSec, record.record_id);
  if (id === undefined || startSec === undefined) return undefined;
  const note = noteOf(record);
  const codes = (note?.disposition_code_list ?? []).map((code) => code.name).filter((name) => !!name);
  const status = normaliseCdrStatus(record.disposition);
  return {
    id,
    startedAt: startSec * 1000,
    from: record.call_from_number ?? partyNumber(record.call_from),
    fromName: record.call_from_name || partyName(record.call_from) || null,
    to: record.call_to_number ?? partyNumber(record.call_to),
    toName: record.call_to_name || partyName(record.call_to) || null,
    direction: directionOf(record),
    status: (CALL_STATUSES as readonly string[]).includes(status) ? status : String(record.disposition ?? ''),
    ringSec: seconds(record.ring_duration),
    talkSec: seconds(record.talk_duration),
    totalSec: seconds(record.duration),
    did: (record.did_number ?? '').trim(),
    trunk: (record.src_trunk || record.dst_trunk || '').trim(),
    hasRecording: typeof record.record_file === 'string' && record.record_file.trim() !== '',
    hasNote: !!note || (typeof record.call_note_id === 'string' && record.call_note_id !== ''),
    ...(note?.remark ? { noteRemark: note.remark } : {}),
    ...(codes.length > 0 ? { dispositionCodes: codes } : {}),
  };
}

/** Where a note was last changed, in words (docs/pbx/records.md#call-notes). */
export function scenarioWords(updateEntry: string | undefined): string {
  switch ((updateEntry ?? '').trim()) {
    case 'in_call':
      return 'during the call';
    case 'cdr':
    case 'new_cdr':
      return 'in the call log';
    case 'queue_agent':
      return 'during wrap-up';
    default:
      return '';
  }
}

/** A note revision as the detail shows it; codes named from the menu options when the note has ids only. */
export function noteRevisionOf(
  note: CallNote,
  codeNames: ReadonlyMap<number, string> = new Map(),
): CallNoteRevisionView {
  const at =
    typeof note.registration_time === 'number' && note.registration_time > 0
      ? note.registration_time * 1000
      : null;
  return {
    codes: (note.disposition_code_list ?? []).map(
      (code) => code.name || codeNames.get(Number(code.id)) || `code ${String(code.id)}`,
    ),
    remark: note.remark ?? '',
    agent: note.agent_name ?? '',
    at,
    scenario: scenarioWords(note.update_entry),
  };
}

/** The answer of callnotes/get as the detail shows it: history oldest first. */
export function noteViewOf(
  answer: { current?: CallNote | null; history?: CallNote[] | null },
  codeNames?: ReadonlyMap<number, string>,
): CallNoteView {
  const history = [...(answer.history ?? [])]
    .map((note) => noteRevisionOf(note, codeNames))
    .sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
  return { current: answer.current ? noteRevisionOf(answer.current, codeNames) : null, history };
}

/**
 * The transcript of one call from the legs of an AI transcription file: the legs whose `uid` is the call's
 * CDR uid, in leg order, speakers named where they are one of the call's parties with a known name.
 */
export function transcriptOf(
  legs: readonly AiTranscriptionLeg[],
  uid: string,
  parties: readonly Pick<CallParty, 'number' | 'name' | 'contactName'>[],
): CallTranscript | undefined {
  const mine = legs.filter((leg) => leg.uid === uid).sort((a, b) => a.leg - b.leg);
  if (mine.length === 0) return undefined;
  const names = new Map<string, string>();
  for (const party of parties) {
    const name = party.contactName ?? party.name;
    if (party.number && name) names.set(party.number, name);
  }
  const out: TranscriptLeg[] = mine.map((leg) => ({
    leg: leg.leg,
    from: partyNumber(leg.call_from),
    to: partyNumber(leg.call_to),
    status: normaliseCdrStatus(leg.status),
    ringSec: seconds(leg.ring_duration),
    talkSec: seconds(leg.talk_duration),
    entries: (leg.ai_transcription ?? []).map((piece) => ({
      speakerNumber: String(piece.source_number ?? ''),
      speakerName: names.get(String(piece.source_number ?? '')) ?? null,
      atMs: typeof piece.timestamp === 'number' ? piece.timestamp : 0,
      durationSec: typeof piece.duration === 'number' ? piece.duration : 0,
      text: String(piece.content ?? ''),
    })),
  }));
  const summary = mine.map((leg) => (leg.ai_summary ?? '').trim()).find((text) => text !== '') ?? null;
  return { legs: out, summary };
}
