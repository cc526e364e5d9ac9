import { PBX_ERRCODE } from '../errcodes.js';
import { PbxApiError, PbxAuthError } from '../errors.js';
import type { PbxRequester } from '../internal/requester.js';
import { PBX_OPERATIONS } from '../rules/operations.js';
import { validate } from '../rules/validate.js';
import { PbxValidationError } from '../errors.js';
import type { TokenApi, TokenGetParams, TokenRefreshParams, TokenResponse } from '../auth/token.types.js';

/**
 * get_token, refresh_token and del_token. Used by the token provider; application code rarely needs it.
 * Errors from these calls never carry the credentials or tokens that were sent.
 */
export class AuthResource implements TokenApi {
  constructor(private readonly api: PbxRequester) {}

  /** POST get_token: a new access and refresh token for the client id and secret. */
  async getToken(params: TokenGetParams): Promise<TokenResponse> {
    return this.tokenCall('get_token', params);
  }

  /** POST refresh_token: rotates both tokens. */
  async refreshToken(params: TokenRefreshParams): Promise<TokenResponse> {
    return this.tokenCall('refresh_token', params);
  }

  /** GET del_token: revokes `accessToken`. */
  async deleteToken(accessToken: string): Promise<void> {
    await this.api.sendWithToken(PBX_OPERATIONS.del_token, {}, accessToken);
  }

  private async tokenCall(operation: 'get_token' | 'refresh_token', params: object): Promise<TokenResponse> {
    const spec = PBX_OPERATIONS[operation];
    const violations = validate(spec.params, params, { rejectUnknown: true });
    if (violations.length > 0) throw new PbxValidationError(operation, violations);
    try {
      const envelope = await this.api.sendAuthenticated(spec, params as Record<string, unknown>, {});
      return parseTokenResponse(operation, envelope);
    } catch (error) {
      if (error instanceof PbxApiError) throw toAuthError(operation, error);
      throw error;
    }
  }
}

function toAuthError(operation: string, error: PbxApiError): PbxAuthError {
  const reason =
    error.errcode === PBX_ERRCODE.FAILURE
      ? 'the client id or secret was refused'
      : error.errcode === PBX_ERRCODE.TOKEN_LIMIT || /MAX LIMITATION/i.test(error.errmsg)
        ? 'the application already holds the maximum number of live tokens'
        : error.errcode === PBX_ERRCODE.IP_BLOCKED
          ? 'this address is blocked after repeated failed logins; an administrator must unblock it'
          : `errcode ${error.errcode} ${error.errmsg}`;
  return new PbxAuthError(`${operation} failed: ${reason}`, operation, error.errcode);
}

function parseTokenResponse(operation: string, body: Record<string, unknown>): TokenResponse {
  const { access_token, refresh_token, access_token_expire_time, refresh_token_expire_time } = body;
  if (
    typeof access_token !== 'string' ||
    !access_token ||
    typeof refresh_token !== 'string' ||
    !refresh_token ||
    typeof access_token_expire_time !== 'number' ||
    typeof refresh_token_expire_time !== 'number' ||
    access_token_expire_time <= 0
  ) {
    throw new PbxAuthError(`${operation} answered without a usable token pair`, operation);
  }
  return { access_token, refresh_token, access_token_expire_time, refresh_token_expire_time };
}
