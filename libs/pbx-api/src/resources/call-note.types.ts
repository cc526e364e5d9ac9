import type { PbxSuccess } from '../types.js';
import type { KnownString } from './common.types.js';

/** Query of callnotes/get. IDs may be numbers or text: event 30028 hands out text IDs. */
export interface CallNoteGetParams {
  /** Call note ID (`call_note_id` of event 30028). */
  id: string | number;
  /** Group ID of the note (`group_id` of event 30028). */
  group_id: string | number;
}

/** A disposition code selected on a call note. */
export interface DispositionCode {
  id: number;
  /** Label. */
  name: string;
  description: string;
}

/**
 * Scenario of a note's last change: during a call, in the call log (`cdr` before firmware 83.21.0.117,
 * `new_cdr` from it on), during a queue agent's wrap-up time; empty text also occurs.
 */
export type CallNoteUpdateEntry = KnownString<'in_call' | 'cdr' | 'new_cdr' | 'queue_agent' | ''>;

/** A call note (docs/pbx/records.md#call-notes), current or previous. */
export interface CallNote {
  id: string;
  group_id: string;
  disposition_code_list: DispositionCode[];
  remark: string;
  /** Extension user who added the note. */
  agent_name: string;
  /** When the note was added, Unix seconds. */
  registration_time: number;
  update_entry: CallNoteUpdateEntry;
}

/** Answer of callnotes/get: the note as it is now and its earlier versions. */
export interface CallNoteGetResponse extends PbxSuccess {
  history: CallNote[];
  current: CallNote;
}

/** `update_entry` of callnotes/update: during the call, in the call log, or in a queue agent's wrap-up. */
export type CallNoteUpdateScenario = 'in_call' | 'cdr' | 'queue_agent';

/**
 * Body of callnotes/update (docs/pbx/records.md#updating-a-call-note). `group_id` is required for `in_call` and
 * `queue_agent`; `disposition_code_ids` are IDs from system/get_menuoptions `disposition_code`, comma-separated
 * (empty text clears them).
 */
export type CallNoteUpdateParams = {
  /** Call note ID (`call_note_id` of event 30028). */
  id: string | number;
  disposition_code_ids?: string;
  remark?: string;
} & (
  | { update_entry: 'in_call' | 'queue_agent'; group_id: string | number }
  | { update_entry: 'cdr'; group_id?: string | number }
);

/** Answer of callnotes/update: errcode and errmsg only. */
export type CallNoteUpdateResponse = PbxSuccess;
