import type { TokenProvider } from '../auth/token.types.js';
import { isTokenErrcode } from '../errcodes.js';
import {
  PbxApiError,
  PbxAuthError,
  PbxTransportError,
  PbxValidationError,
  type PbxInvalidParam,
} from '../errors.js';
import { PBX_OPERATIONS, type PbxOperationName } from '../rules/operations.js';
import type { OperationSpec } from '../rules/schema.js';
import { validate } from '../rules/validate.js';
import type { PbxEnvelope, Transport } from './transport.js';

/** Per-call options every resource method accepts. */
export interface RequestOptions {
  /** Aborts the request (and any retry wait). */
  signal?: AbortSignal;
}

/**
 * The one path every operation takes: check the rules, attach a token, send, map the errcode.
 * A refused token is renewed and the request sent once more; that is safe even for call control,
 * because the PBX rejected the first attempt before acting on it.
 */
export class PbxRequester {
  constructor(
    private readonly transport: Transport,
    private readonly tokens: TokenProvider | undefined,
  ) {}

  /** Validates `params` (after quirk mapping by the caller) and performs `operation`. */
  async call<R>(
    operation: PbxOperationName,
    params: object,
    options: RequestOptions = {},
    wire?: object,
  ): Promise<R> {
    const spec: OperationSpec = PBX_OPERATIONS[operation];
    const violations = validate(spec.params, params, { rejectUnknown: true });
    if (violations.length > 0) throw new PbxValidationError(operation, violations);
    const envelope = await this.sendAuthenticated(spec, (wire ?? params) as Record<string, unknown>, options);
    this.checkShape(spec, envelope);
    return envelope as R;
  }

  /** Downloads a file offered by the PBX with the current token. */
  async download(resourcePath: string, options: RequestOptions = {}): Promise<unknown> {
    const token = await this.requireTokens().getAccessToken();
    return this.transport.download(resourcePath, token, options.signal);
  }

  /** Sends an authenticated operation, renewing a refused token once. */
  async sendAuthenticated(
    spec: OperationSpec,
    params: Record<string, unknown>,
    options: RequestOptions,
  ): Promise<PbxEnvelope> {
    if (!spec.authenticated)
      return this.expectSuccess(spec, await this.transport.send({ spec, params, ...signal(options) }));
    const tokens = this.requireTokens();
    let token = await tokens.getAccessToken();
    let envelope = await this.transport.send({ spec, params, accessToken: token, ...signal(options) });
    if (isTokenErrcode(envelope.errcode)) {
      tokens.invalidate(token);
      token = await tokens.getAccessToken();
      envelope = await this.transport.send({ spec, params, accessToken: token, ...signal(options) });
      if (isTokenErrcode(envelope.errcode)) {
        tokens.invalidate(token);
        throw new PbxAuthError(
          `${spec.path} was refused: the access token is not accepted`,
          spec.path,
          envelope.errcode,
        );
      }
    }
    return this.expectSuccess(spec, envelope);
  }

  /** Sends an authenticated operation with an explicit token (del_token revokes the token it is sent with). */
  async sendWithToken(
    spec: OperationSpec,
    params: Record<string, unknown>,
    accessToken: string,
  ): Promise<PbxEnvelope> {
    return this.expectSuccess(spec, await this.transport.send({ spec, params, accessToken }));
  }

  private expectSuccess(spec: OperationSpec, envelope: PbxEnvelope): PbxEnvelope {
    if (envelope.errcode === 0) return envelope;
    const list = Array.isArray(envelope['invalid_param_list'])
      ? (envelope['invalid_param_list'] as PbxInvalidParam[])
      : [];
    throw new PbxApiError(spec.path, envelope.errcode, envelope.errmsg, list);
  }

  private checkShape(spec: OperationSpec, envelope: PbxEnvelope): void {
    for (const field of spec.responseArrays ?? []) {
      const value = envelope[field];
      if (value !== undefined && value !== null && !Array.isArray(value)) {
        throw new PbxTransportError(`${spec.path} answered with ${field} that is not an array`, spec.path);
      }
    }
  }

  private requireTokens(): TokenProvider {
    if (!this.tokens) throw new PbxAuthError('No token provider is configured');
    return this.tokens;
  }
}

function signal(options: RequestOptions): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {};
}
