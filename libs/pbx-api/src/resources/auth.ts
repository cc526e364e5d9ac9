import type { TokenApi, TokenGetParams, TokenRefreshParams, TokenResponse } from '../auth/token.types.js';
import { isTokenErrcode, PBX_ERRCODE } from '../errcodes.js';
import { PbxApiError, PbxAuthError, PbxValidationError, type FieldViolation } from '../errors.js';
import { redactSecrets } from '../internal/redact.js';
import type { PbxRequester } from '../internal/requester.js';
import { toInt } from '../quirks.js';
import { PBX_OPERATIONS } from '../rules/operations.js';
import { validate } from '../rules/validate.js';

type TokenOperation = 'get_token' | 'refresh_token';

/** Fields whose value must never be echoed in a validation message. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['password', 'refresh_token']);

/**
 * get_token, refresh_token and del_token. Used by the token provider; application code rarely needs it.
 * Errors from these calls never carry the credentials or tokens that were sent: a refusal becomes a
 * {@link PbxAuthError} without the PBX's `invalid_param_list`, which may echo what was submitted.
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
    try {
      await this.api.sendWithToken(PBX_OPERATIONS.del_token, {}, accessToken);
    } catch (error) {
      // A token the PBX no longer knows is an authentication failure, like on every other operation.
      if (error instanceof PbxApiError && isTokenErrcode(error.errcode)) {
        throw new PbxAuthError(
          'del_token was refused: the access token is not accepted',
          'del_token',
          error.errcode,
        );
      }
      throw error;
    }
  }

  private async tokenCall(operation: TokenOperation, params: object): Promise<TokenResponse> {
    const spec = PBX_OPERATIONS[operation];
    const violations = validate(spec.params, params, { rejectUnknown: true }).map(withoutSecretValue);
    if (violations.length > 0) throw new PbxValidationError(operation, violations);
    try {
      const envelope = await this.api.sendAuthenticated(spec, params as Record<string, unknown>, {});
      return parseTokenResponse(operation, envelope);
    } catch (error) {
      if (error instanceof PbxApiError)
        throw toAuthError(operation, error, params as Record<string, unknown>);
      throw error;
    }
  }
}

function withoutSecretValue(violation: FieldViolation): FieldViolation {
  if (!SECRET_FIELDS.has(violation.field) || violation.rule === 'required') return violation;
  return { ...violation, message: 'must be a non-empty string' };
}

/** A PBX that echoes the request in errmsg must not leak the secret or refresh token that was `sent`. */
function toAuthError(
  operation: TokenOperation,
  error: PbxApiError,
  sent: Record<string, unknown>,
): PbxAuthError {
  const secrets = [...SECRET_FIELDS]
    .map((field) => sent[field])
    .filter((v): v is string => typeof v === 'string');
  const reason = redactSecrets(refusalReason(operation, error), secrets);
  return new PbxAuthError(`${operation} failed: ${reason}`, operation, error.errcode);
}

function refusalReason(operation: TokenOperation, { errcode, errmsg }: PbxApiError): string {
  if (errcode === PBX_ERRCODE.TOKEN_LIMIT || /MAX LIMITATION/i.test(errmsg)) {
    return 'the application already holds the maximum of 8 live access tokens; revoke one or wait for one to expire';
  }
  if (errcode === PBX_ERRCODE.IP_BLOCKED) {
    return 'this address is blocked after repeated failed logins; an administrator must unblock it on the PBX';
  }
  if (operation === 'refresh_token' && (errcode === PBX_ERRCODE.FAILURE || isTokenErrcode(errcode))) {
    return 'the refresh token was refused';
  }
  if (errcode === PBX_ERRCODE.FAILURE) return 'client id or secret refused';
  return `errcode ${errcode} ${errmsg}`;
}

function parseTokenResponse(operation: TokenOperation, body: Record<string, unknown>): TokenResponse {
  const { access_token, refresh_token } = body;
  // Lifetimes may arrive as numeric text; a missing, zero or negative one would renew in a tight loop.
  const accessLifetime = toInt(body['access_token_expire_time']);
  const refreshLifetime = toInt(body['refresh_token_expire_time']);
  if (
    typeof access_token !== 'string' ||
    !access_token ||
    typeof refresh_token !== 'string' ||
    !refresh_token ||
    accessLifetime === undefined ||
    accessLifetime <= 0 ||
    refreshLifetime === undefined ||
    refreshLifetime <= 0
  ) {
    throw new PbxAuthError(`${operation} answered without a usable token pair`, operation);
  }
  return {
    access_token,
    refresh_token,
    access_token_expire_time: accessLifetime,
    refresh_token_expire_time: refreshLifetime,
  };
}
