import type { PbxSuccess } from '../types.js';

/** Body of uacsta_call/refuse; all three come from event 30020. */
export interface UacstaCallRefuseParams {
  /** Extension to control. */
  extension: string;
  /** uaCSTA call ID (not the normal call ID). */
  call_id: string;
  /** IP address and SIP port of the phone, `<ip>:<port>`. */
  ip_address: string;
}

/** Answer of uacsta_call/refuse. */
export type UacstaCallRefuseResponse = PbxSuccess;

/** Body of uacsta_call/hangup: the same three values as refuse, from event 30020. */
export type UacstaCallHangupParams = UacstaCallRefuseParams;

/** Answer of uacsta_call/hangup. */
export type UacstaCallHangupResponse = PbxSuccess;
