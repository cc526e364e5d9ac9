import type { NormalisedCdr } from '../quirks.js';
import type {
  AI_CALL_STATUSES,
  CALL_TYPES,
  CDR_DISPOSITIONS,
  CDR_LIST_SORT_FIELDS,
} from '../rules/operations.js';
import type { PbxSuccess } from '../types.js';
import type { CallNote } from './call-note.types.js';

/** Call disposition: ANSWERED, NO ANSWER, BUSY, FAILED, VOICEMAIL. */
export type CdrDisposition = (typeof CDR_DISPOSITIONS)[number];
/** Call disposition in AI transcription data, which adds ABANDONED. */
export type AiCallStatus = (typeof AI_CALL_STATUSES)[number];
/** Call type as CDRs spell it: Inbound, Outbound, Internal. */
export type CdrCallType = (typeof CALL_TYPES)[number];

/** Query of cdr/search (docs/pbx/records.md#cdr-search); every filter is optional. */
export interface CdrSearchParams {
  /** Page to return, from 1. */
  page?: number;
  /** Records per page, at most 10,000 (also the PBX default). */
  page_size?: number;
  /**
   * Lower bound: Unix seconds as text, or a date-time in the PBX's display format (see `system.information()`);
   * a wrongly formatted time silently matches no records.
   */
  start_time?: string;
  /** Upper bound, written like `start_time`. */
  end_time?: string;
  /** Caller number. */
  call_from?: string;
  /** Callee number. */
  call_to?: string;
  pin_code?: string;
  /** Extension group ID: only its members' calls. */
  extension_group?: number;
  /** Disposition code IDs separated by commas, e.g. `1,4`. */
  disposition_code_list?: string;
  call_note_remark?: string;
  status?: CdrDisposition;
  /** `<did_number>:<trunk_name>` or `<did_name>:<trunk_name>`, several separated by commas. */
  did?: string;
  /** Older firmware: 1 matches `call_from`/`call_to` as parts of numbers (docs/pbx/records.md#cdr-search). */
  enable_fuzzy_search?: 0 | 1;
}

/**
 * A CDR as the PBX sends it (docs/pbx/records.md#cdr-fields). The field set varies by firmware and call, and
 * absent fields are omitted, so every field is optional; use `record_id` of {@link CdrRecord} as the key.
 */
export interface CdrDetails {
  /** Legacy sequence number (CDRs from firmware 83.21.0.66 or earlier). */
  id?: number;
  /** Primary key of new CDRs. */
  new_id?: string;
  /** Call time in the PBX display format. */
  time?: string;
  call_from?: string;
  call_to?: string;
  pin_code?: string;
  /** Unix seconds. */
  timestamp?: number;
  uid?: string;
  /** IP (optionally with port) of the caller's device. */
  src_addr?: string;
  src_trunk?: string;
  dst_trunk?: string;
  /** Call start to call end. */
  duration?: number;
  /** Call start to answer. */
  ring_duration?: number;
  /** Answer to end. */
  talk_duration?: number;
  disposition?: CdrDisposition;
  call_type?: CdrCallType;
  did_number?: string;
  dod_number?: string;
  record_file?: string;
  /** Why the call ended (legacy CDRs only). */
  reason?: string;
  call_from_number?: string;
  call_from_name?: string;
  call_to_number?: string;
  call_to_name?: string;
  call_id?: string;
  call_note?: CallNote | null;
  /** Empty text when the call has no note. */
  call_note_id?: string;
  /** 0: the note cannot be edited. */
  enb_call_note?: number;
  did?: string;
  did_name?: string;
}

/** A CDR as the client returns it: the PBX's fields plus `record_id`, the key that exists on every firmware. */
export type CdrRecord = NormalisedCdr<CdrDetails>;

/** Answer of cdr/search, records normalised. */
export interface CdrSearchResponse extends PbxSuccess {
  /** Matching records across all pages. */
  total_number: number;
  data: CdrRecord[];
}

/** A field cdr/list sorts by. */
export type CdrListSortField = (typeof CDR_LIST_SORT_FIELDS)[number];

/** Query of cdr/list (docs/pbx/records.md#cdr-list): every record, paged and sorted, no filters. */
export interface CdrListParams {
  /** Page to return, from 1; the first when absent. */
  page?: number;
  /** Records per page, at most 10,000 (also the PBX default). */
  page_size?: number;
  sort_by?: CdrListSortField;
  order_by?: 'asc' | 'desc';
}

/** Answer of cdr/list, records normalised as in cdr/search. */
export type CdrListResponse = CdrSearchResponse;

/** Filters of `cdr.iterate()`: those of cdr/search without `page`; `page_size` defaults to 1,000. */
export type CdrIterateParams = Omit<CdrSearchParams, 'page'>;

/**
 * Query of cdr/aidownload (API v2.0, docs/pbx/records.md#ai-transcription-download); every filter is
 * optional.
 */
export interface CdrAiDownloadUrlParams {
  call_from?: string;
  call_to?: string;
  call_type?: CdrCallType;
  /** PBX display format, as in cdr/search. */
  start_time?: string;
  end_time?: string;
  last_status?: AiCallStatus;
}

/** Answer of cdr/aidownload. */
export interface CdrAiDownloadUrlResponse extends PbxSuccess {
  /** File name. */
  file: string;
  /** `/api/download/<file>`; valid for 30 minutes. */
  download_resource_url: string;
}

/** Filters of `cdr.aiDownload()`, the same as cdr/aidownload. */
export type CdrAiDownloadParams = CdrAiDownloadUrlParams;

/** One transcript piece of a call leg. */
export interface AiTranscriptionContext {
  /** Number of the speaker. */
  source_number: string;
  content: string;
  /** Milliseconds of the original utterance. */
  timestamp: number;
  /** Seconds of the original speech. */
  duration: number;
}

/** One call leg of a downloaded AI transcription file (docs/pbx/records.md#ai-transcription-file). */
export interface AiTranscriptionLeg {
  /** CDR ID the leg belongs to. */
  uid: string;
  leg_id: string;
  /** Sequence number of the leg in the file. */
  leg: number;
  time: string;
  call_type: CdrCallType;
  call_from: string;
  call_to: string;
  status: AiCallStatus;
  /** Seconds, start to end. */
  call_duration: number;
  /** Seconds, start to answer. */
  ring_duration: number;
  /** Seconds, answer to end, hold excluded. */
  talk_duration: number;
  hold_duration: number;
  ai_transcription: AiTranscriptionContext[];
  ai_summary: string;
}
