import type { PbxFileStream } from '../internal/file-stream.js';
import type { PbxSuccess } from '../types.js';
import type { CdrCallType } from './cdr.types.js';
import type { KnownString } from './common.types.js';

/** Query of recording/list (docs/pbx/records.md#recordings); everything is optional. */
export interface RecordingListParams {
  /** Page, from 1. */
  page?: number;
  page_size?: number;
  sort_by?: 'id' | 'time';
  order_by?: 'asc' | 'desc';
}

/**
 * Query of recording/search (docs/pbx/records.md#recording-search); everything is optional. Unlike cdr/search,
 * the time range is Unix seconds as text.
 */
export interface RecordingSearchParams extends RecordingListParams {
  /** From this time on, Unix seconds as text (e.g. `"1755820800"`). */
  start_time?: string;
  /** Up to this time, Unix seconds as text. */
  end_time?: string;
  /** Caller number. */
  caller?: string;
  /** Callee number. */
  callee?: string;
  /** Recording IDs, comma-separated (`"449,506"`): the way to fetch given recordings (there is no recording/get). */
  ids?: string;
}

/** Options of `recording.iterate()`: paging is handled for you; `page_size` defaults to 100. */
export type RecordingIterateParams = Omit<RecordingListParams, 'page'>;

/** A call recording (docs/pbx/records.md#recordings). */
export interface Recording {
  id: number;
  /** Call time. */
  time: string;
  /** CDR ID of the recorded call. */
  uid: string;
  call_from: string;
  call_to: string;
  duration: number;
  /** Bytes. */
  size: number;
  call_type: CdrCallType;
  /** File name. */
  file: string;
  call_from_number?: string;
  call_from_name?: string;
  call_to_number?: string;
  call_to_name?: string;
  /** `success`, `failed`, `retry` (will try again), `jump_over` (skipped); empty when not archived. */
  archive_status?: KnownString<'success' | 'failed' | 'retry' | 'jump_over' | ''>;
  archive_path?: string;
  archive_type?: string;
  /** Path in local storage. */
  file_path?: string;
}

/** Answer of recording/list. */
export interface RecordingListResponse extends PbxSuccess {
  total_number: number;
  data: Recording[];
}

/** Answer of recording/search: the same records as recording/list. */
export interface RecordingSearchResponse extends PbxSuccess {
  total_number: number;
  data: Recording[];
}

/** Which recording to download: its ID (recording/list, recording/search) or its file name (event 30012). */
export type RecordingRef = { id: number } | { file: string };

/** Answer of recording/download (step 1): the file name and the path to fetch it from, valid 30 minutes. */
export interface RecordingDownloadResponse extends PbxSuccess {
  file: string;
  /** `/api/download/...`; fetched with the access token, so it never goes to a browser. */
  download_resource_url: string;
}

/** Options of `recording.open()`. */
export interface RecordingOpenOptions {
  /** An HTTP Range header value passed to the PBX, e.g. `bytes=0-` or `bytes=1000-1999`. */
  range?: string;
  /** Aborts the request, and the stream once it flows. */
  signal?: AbortSignal;
}

/** A recording being streamed from the PBX. */
export interface RecordingStream extends PbxFileStream {
  /** The recording's file name. */
  file: string;
}
