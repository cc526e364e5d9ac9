import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  QueuePauseReasonListParams,
  QueuePauseReasonListResponse,
  QueuePauseReasonUpdateParams,
  QueuePauseReasonUpdateResponse,
} from './queue-pause-reason.types.js';

/** The reasons queue agents can pick when they pause. */
export class QueuePauseReasonResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET queue_pause_reason/list: the reasons an agent may be paused with now (`reason` takes their `code`). */
  list(
    params: QueuePauseReasonListParams = {},
    options?: RequestOptions,
  ): Promise<QueuePauseReasonListResponse> {
    return this.api.call('queue_pause_reason/list', params, options);
  }

  /**
   * POST queue_pause_reason/update: replaces the whole list. Reasons not in `pause_reason_list` are
   * deleted on the PBX, and an empty list deletes them all.
   */
  update(
    params: QueuePauseReasonUpdateParams,
    options?: RequestOptions,
  ): Promise<QueuePauseReasonUpdateResponse> {
    return this.api.call('queue_pause_reason/update', params, options);
  }
}
