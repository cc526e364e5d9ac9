import { resourceWith } from './resource.js';

/** The reasons queue agents can pick when they pause. */
export class QueuePauseReasonResource extends resourceWith({
  /** GET queue_pause_reason/list: the reasons an agent may be paused with now (`reason` takes their `code`). */
  list: 'queue_pause_reason/list',
  /**
   * POST queue_pause_reason/update: replaces the whole list. Reasons not in `pause_reason_list` are
   * deleted on the PBX, and an empty list deletes them all.
   */
  update: 'queue_pause_reason/update',
}) {}
