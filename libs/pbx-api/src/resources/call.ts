import { resourceWith } from './resource.js';

/** Live calls: the inbound-call decision, queries and supervisor monitoring. None of these are retried. */
export class CallResource extends resourceWith({
  /**
   * POST call/accept_inbound: routes a held inbound call now (it does not answer it). Only works within the
   * PBX's 10-second hold window; after it the PBX has already routed the call.
   */
  acceptInbound: 'call/accept_inbound',
  /** POST call/refuse_inbound: drops a held inbound call so its destination never rings (within the 10 s). */
  refuseInbound: 'call/refuse_inbound',
  /** GET call/query: ongoing calls by call ID, by type, or of one extension (exactly one filter). */
  query: 'call/query',
  /** POST call/listen: lets a supervisor listen to, whisper to or barge into a call. */
  listen: 'call/listen',
  /**
   * POST call/hangup: hangs up one channel (the others of the call stay), or a paging or intercom call by its
   * number (docs/pbx/call-control.md#hanging-up-a-channel); used to end a supervisor's monitor.
   */
  hangup: 'call/hangup',
}) {}
