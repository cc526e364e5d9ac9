/**
 * Wire shapes derived from a stored call: the CDR (new and legacy field sets,
 * docs/pbx/records.md#legacy-and-new-field-sets), the recording (docs/pbx/records.md#recordings) and the
 * 30012 New CDR event (docs/pbx/events.md#30012-new-cdr).
 */
import type { CallNote } from '@switchboard/pbx-api';
import type { DisplayTime } from '../support/display-time.js';
import { hash32 } from '../support/seeded-random.js';
import { noteRevisions, withUpdates } from './call-notes.js';
import { wavSize } from './recording-audio.js';
import { newIdOf, party, type StoredCall } from './stored-call.js';

/** What rendering needs besides the call. */
export interface RenderContext {
  seed: number;
  display: DisplayTime;
  /** Name of the extension with `number`, or ''. */
  extensionName(number: string): string;
  /** Name of the inbound route that serves `didNumber`, or ''. */
  didName(didNumber: string): string;
}

/** Recording file name: local time, call id, parties and type, as the PBX names them. */
export function recordFileOf(stored: StoredCall, display: DisplayTime): string {
  const { call } = stored;
  if (stored.recordingId === undefined) return '';
  return `${display.compact(call.timestamp)}-${call.call_id}-${call.call_from_number}-${call.call_to_number}-${call.type}.wav`;
}

/** Caller device address: a trunk peer for inbound calls, a desk phone otherwise. */
export function srcAddrOf(stored: StoredCall): string {
  const h = hash32(stored.call.type === 'Inbound' ? stored.call.src_trunk : stored.call.call_from_number);
  return `192.168.${(h >>> 8) & 0xff}.${(h & 0xfe) + 1}:5060`;
}

/** The note of the call as callnotes/get answers it (seeded revisions, then updates), or null. */
export function noteOf(
  stored: StoredCall,
  context: RenderContext,
): { history: CallNote[]; current: CallNote } | null {
  if (stored.noteId === undefined) return null;
  const agentName = context.extensionName(stored.call.agent_number);
  return withUpdates(noteRevisions(stored.call, stored.noteId, context.seed, agentName), stored.noteUpdates);
}

/** The current note of the call, or null. */
export function currentNote(stored: StoredCall, context: RenderContext): CallNote | null {
  return noteOf(stored, context)?.current ?? null;
}

/** The CDR record. Legacy records carry `id` and `reason` and lack the newer fields, as on old firmware. */
export function renderCdr(stored: StoredCall, context: RenderContext): Record<string, unknown> {
  const { call } = stored;
  const common = {
    time: context.display.format(call.timestamp),
    call_from: party(call.call_from_name, call.call_from_number),
    call_to: party(call.call_to_name, call.call_to_number),
    pin_code: '',
    timestamp: call.timestamp,
    uid: call.call_id,
    src_addr: srcAddrOf(stored),
    src_trunk: call.src_trunk,
    dst_trunk: call.dst_trunk,
    duration: call.duration,
    ring_duration: call.ring_duration,
    talk_duration: call.talk_duration,
    disposition: call.disposition,
    call_type: call.type,
    did_number: call.did_number,
    dod_number: call.type === 'Inbound' ? call.call_from_number : '',
    record_file: recordFileOf(stored, context.display),
  };
  if (stored.legacy) return { id: stored.legacy.id, ...common, reason: stored.legacy.reason };
  const note = currentNote(stored, context);
  const didName = call.did_number ? context.didName(call.did_number) : '';
  return {
    new_id: newIdOf(stored),
    ...common,
    call_from_number: call.call_from_number,
    call_from_name: call.call_from_name,
    call_to_number: call.call_to_number,
    call_to_name: call.call_to_name,
    call_id: call.call_id,
    call_note: note,
    call_note_id: note?.id ?? '',
    enb_call_note: note ? 1 : 0,
    did: call.did_number ? party(didName, call.did_number) : '',
    did_name: didName,
  };
}

/**
 * A recording's archive state, from the four values the guide lists: the ones not archived are `jump_over`
 * (skipped), never empty (docs/pbx/records.md#recordings).
 */
const ARCHIVE_STATES = [
  'jump_over',
  'jump_over',
  'jump_over',
  'jump_over',
  'jump_over',
  'jump_over',
  'success',
  'success',
  'failed',
  'retry',
] as const;

/** The recording record of a recorded call. */
export function renderRecording(stored: StoredCall, context: RenderContext): Record<string, unknown> {
  const { call } = stored;
  const id = stored.recordingId ?? 0;
  const file = recordFileOf(stored, context.display);
  const archive =
    ARCHIVE_STATES[hash32(`archive:${id}`, context.seed) % ARCHIVE_STATES.length] ?? 'jump_over';
  return {
    id,
    time: context.display.format(call.timestamp),
    uid: call.call_id,
    call_from: party(call.call_from_name, call.call_from_number),
    call_to: party(call.call_to_name, call.call_to_number),
    duration: call.duration,
    // The exact length of the file recording/download serves: 8 kHz 16-bit mono WAV of the talk time.
    size: wavSize(call.talk_duration),
    call_type: call.type,
    file,
    call_from_number: call.call_from_number,
    call_from_name: call.call_from_name,
    call_to_number: call.call_to_number,
    call_to_name: call.call_to_name,
    archive_status: archive,
    archive_path: archive === 'success' ? `/archive/recordings/${file}` : '',
    // Every state, a skip included, comes from the archive rule of the one (SFTP) archive server.
    archive_type: 'sftp',
    file_path: `/ysdisk/ysapps/pbxcenter/var/lib/asterisk/monitor/${file}`,
  };
}

/**
 * Payload of event 30012 New CDR as the guide's example on its page shows it (docs/pbx/events.md#30012-new-cdr):
 * `type` and `status` capitalised (`Inbound`, `ANSWERED`), `time_start` as `YYYY-MM-DD HH:mm:ss` in the PBX's
 * zone, an empty text field as one space, and `agent_ring_time` the wait from entering the queue to the answer.
 */
export function newCdrEvent(stored: StoredCall, display: DisplayTime): Record<string, unknown> {
  const { call } = stored;
  return {
    call_id: call.call_id,
    time_start: display.dashed(call.timestamp),
    call_from: call.call_from_number,
    call_to: call.call_to_number,
    call_duration: call.duration,
    talk_duration: call.talk_duration,
    src_trunk_name: spaceIfEmpty(call.src_trunk),
    dst_trunk_name: spaceIfEmpty(call.dst_trunk),
    pin_code: spaceIfEmpty(''),
    status: call.disposition,
    type: call.type,
    recording: recordFileOf(stored, display),
    did_number: spaceIfEmpty(call.did_number),
    agent_ring_time: call.queue_wait,
  };
}

/** The example of 30012 sends an empty text field as a single space. */
function spaceIfEmpty(value: string): string {
  return value === '' ? ' ' : value;
}
