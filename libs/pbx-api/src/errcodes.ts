/**
 * The PBX's `errcode` values this product knows about. Shared by the client (to map failures to errors)
 * and the simulator (to produce them), so both agree by construction.
 *
 * Documented by the PBX: 0, -1, 40002, 40003. The guide does not publish the codes for an invalid token,
 * the token cap or a blocked IP; the values below are this project's choice (see README "Error codes"),
 * and {@link isTokenErrcode} also recognises the codes community clients report for real PBXs.
 */
export const PBX_ERRCODE = {
  /** Success. */
  SUCCESS: 0,
  /** Generic failure; get_token with a wrong client id or secret. */
  FAILURE: -1,
  /** The access token is expired, revoked or unknown (our choice; undocumented by the PBX). */
  TOKEN_INVALID: 10004,
  /** The application already holds the maximum of 8 live access tokens (our choice). */
  TOKEN_LIMIT: 10005,
  /** The caller's IP is blocked after 5 failed authentications in a row (our choice). */
  IP_BLOCKED: 10006,
  /** A parameter is missing or invalid; carries `invalid_param_list`. */
  PARAMETER_ERROR: 40002,
  /** A name or number is already used; carries `duplicate_field_list`. */
  DUPLICATE_KEY_VALUE: 40003,
  /** The referenced object (channel, call, conference, note, ...) does not exist (our choice). */
  NOT_FOUND: 40004,
  /** The PBX is temporarily unable to serve the request (our choice; used by fault injection). */
  SERVER_BUSY: 50001,
} as const;

/** The `errmsg` the PBX sends with each code. */
export const PBX_ERRMSG: Readonly<Record<number, string>> = {
  [PBX_ERRCODE.SUCCESS]: 'SUCCESS',
  [PBX_ERRCODE.FAILURE]: 'FAILURE',
  [PBX_ERRCODE.TOKEN_INVALID]: 'INVALID ACCESS TOKEN',
  [PBX_ERRCODE.TOKEN_LIMIT]: 'MAX LIMITATION',
  [PBX_ERRCODE.IP_BLOCKED]: 'IP BLOCKED',
  [PBX_ERRCODE.PARAMETER_ERROR]: 'PARAMETER ERROR',
  [PBX_ERRCODE.DUPLICATE_KEY_VALUE]: 'DUPLICATE KEY VALUE',
  [PBX_ERRCODE.NOT_FOUND]: 'NOT FOUND',
  [PBX_ERRCODE.SERVER_BUSY]: 'SERVER BUSY',
};

/** Codes reported by community clients of real PBXs for an expired or invalid token (unverified). */
const COMMUNITY_TOKEN_ERRCODES: readonly number[] = [10002, 10003];

/** True when an errcode means "this access token is no longer accepted": refresh and try once more. */
export function isTokenErrcode(errcode: number): boolean {
  return errcode === PBX_ERRCODE.TOKEN_INVALID || COMMUNITY_TOKEN_ERRCODES.includes(errcode);
}
