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
