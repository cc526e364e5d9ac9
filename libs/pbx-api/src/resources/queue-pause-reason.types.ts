import type { PbxSuccess } from '../types.js';

/** A reason agents may give for pausing. */
export interface QueuePauseReason {
  /** Feature code of the reason, e.g. a code starting with * or #. */
  code: string;
  reason: string;
}

/** What queue_pause_reason/list takes: optional paging. */
export interface QueuePauseReasonListParams {
  page?: number;
  page_size?: number;
}

/** Answer of queue_pause_reason/list: the reasons, without a total count. */
export interface QueuePauseReasonListResponse extends PbxSuccess {
  data: QueuePauseReason[];
}

/** Body of queue_pause_reason/update: the complete list; reasons left out are deleted. */
export interface QueuePauseReasonUpdateParams {
  pause_reason_list: QueuePauseReason[];
}

/** Answer of queue_pause_reason/update. */
export type QueuePauseReasonUpdateResponse = PbxSuccess;
