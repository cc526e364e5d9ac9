import type { RequestOptions } from '../internal/requester.js';
import { callNoteUpdateCanonical } from '../quirks.js';
import type { CallNoteUpdateParams, CallNoteUpdateResponse } from './call-note.types.js';
import { resourceWith } from './resource.js';

/** Call notes agents write during and after calls. */
export class CallNoteResource extends resourceWith({
  /** GET callnotes/get: the current note of a call and its history. */
  get: 'callnotes/get',
}) {
  /**
   * POST callnotes/update: records a new version of the note (its history grows) with new disposition codes
   * and/or remark. Sent as POST JSON with `in_call` whatever the caller spelled (docs/pbx/records.md#updating-a-call-note).
   */
  update(params: CallNoteUpdateParams, options?: RequestOptions): Promise<CallNoteUpdateResponse> {
    return this.api.call('callnotes/update', callNoteUpdateCanonical(params), options);
  }
}
