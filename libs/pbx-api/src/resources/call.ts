import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  CallAcceptInboundParams,
  CallAcceptInboundResponse,
  CallHangupParams,
  CallHangupResponse,
  CallListenParams,
  CallListenResponse,
  CallQueryParams,
  CallQueryResponse,
  CallRefuseInboundParams,
  CallRefuseInboundResponse,
} from './call.types.js';

/** Live calls: the inbound-call decision, queries and supervisor monitoring. None of these are retried. */
export class CallResource {
  constructor(private readonly api: PbxRequester) {}

  /**
   * POST call/accept_inbound: routes a held inbound call now (it does not answer it). Only works within the
   * PBX's 10-second hold window; after it the PBX has already routed the call.
   */
  acceptInbound(
    params: CallAcceptInboundParams,
    options?: RequestOptions,
  ): Promise<CallAcceptInboundResponse> {
    return this.api.call('call/accept_inbound', params, options);
  }

  /** POST call/refuse_inbound: drops a held inbound call so its destination never rings (within the 10 s). */
  refuseInbound(
    params: CallRefuseInboundParams,
    options?: RequestOptions,
  ): Promise<CallRefuseInboundResponse> {
    return this.api.call('call/refuse_inbound', params, options);
  }

  /** GET call/query: ongoing calls by call ID, by type, or of one extension (exactly one filter). */
  query(params: CallQueryParams, options?: RequestOptions): Promise<CallQueryResponse> {
    return this.api.call('call/query', params, options);
  }

  /** POST call/listen: lets a supervisor listen to, whisper to or barge into a call. */
  listen(params: CallListenParams, options?: RequestOptions): Promise<CallListenResponse> {
    return this.api.call('call/listen', params, options);
  }

  /**
   * POST call/hangup: hangs up one channel (the others of the call stay), or a paging or intercom call by its
   * number (docs/pbx/call-control.md#hanging-up-a-channel); used to end a supervisor's monitor.
   */
  hangup(params: CallHangupParams, options?: RequestOptions): Promise<CallHangupResponse> {
    return this.api.call('call/hangup', params, options);
  }
}
