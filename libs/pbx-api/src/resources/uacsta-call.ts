import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  UacstaCallHangupParams,
  UacstaCallHangupResponse,
  UacstaCallRefuseParams,
  UacstaCallRefuseResponse,
} from './uacsta-call.types.js';

/** Desk-phone call control over uaCSTA (supported phones with uaCSTA on at phone and PBX). */
export class UacstaCallResource {
  constructor(private readonly api: PbxRequester) {}

  /** POST uacsta_call/refuse: refuses a call ringing on a desk phone. */
  refuse(params: UacstaCallRefuseParams, options?: RequestOptions): Promise<UacstaCallRefuseResponse> {
    return this.api.call('uacsta_call/refuse', params, options);
  }

  /** POST uacsta_call/hangup: ends the desk phone's uaCSTA call, ringing or answered. Never retried. */
  hangup(params: UacstaCallHangupParams, options?: RequestOptions): Promise<UacstaCallHangupResponse> {
    return this.api.call('uacsta_call/hangup', params, options);
  }
}
