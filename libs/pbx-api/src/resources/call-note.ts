import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { callNoteUpdateCanonical } from '../quirks.js';
import type {
  CallNoteGetParams,
  CallNoteGetResponse,
  CallNoteUpdateParams,
  CallNoteUpdateResponse,
} from './call-note.types.js';

/** Call notes agents write during and after calls. */
export class CallNoteResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET callnotes/get: the current note of a call and its history. */
  get(params: CallNoteGetParams, options?: RequestOptions): Promise<CallNoteGetResponse> {
    return this.api.call('callnotes/get', params, options);
  }

  /**
   * POST callnotes/update: records a new version of the note (its history grows) with new disposition codes
   * and/or remark. Sent as POST JSON with `in_call` whatever the caller spelled (docs/pbx/records.md#updating-a-call-note).
   */
  update(params: CallNoteUpdateParams, options?: RequestOptions): Promise<CallNoteUpdateResponse> {
    return this.api.call('callnotes/update', callNoteUpdateCanonical(params), options);
  }
}
