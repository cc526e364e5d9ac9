import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type { CallNoteGetParams, CallNoteGetResponse } from './call-note.types.js';

/** Call notes agents write during and after calls. */
export class CallNoteResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET callnotes/get: the current note of a call and its history. */
  get(params: CallNoteGetParams, options?: RequestOptions): Promise<CallNoteGetResponse> {
    return this.api.call('callnotes/get', params, options);
  }
}
