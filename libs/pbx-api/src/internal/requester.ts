import { toInt } from '../quirks.js';
import type { TokenProvider } from '../auth/token.types.js';
import { isTokenErrcode } from '../errcodes.js';
import { PbxApiError, PbxAuthError, PbxTransportError, PbxValidationError } from '../errors.js';
import { PBX_OPERATIONS, type PbxOperationName } from '../rules/operations.js';
import type { OperationSpec } from '../rules/schema.js';
import { validate } from '../rules/validate.js';
import { redactSecrets } from './redact.js';
import type { FileStreamResult } from './file-stream.js';
import type { PbxEnvelope } from './envelope.js';
import type { Transport } from './transport.js';

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
    const tokens = this.requireTokens('download');
    const token = await tokens.getAccessToken();
    const body = await this.transport.download(resourcePath, token, options.signal);
    if (!isTokenRefusal(body)) return body;
    // Same rule as for operations: a refused token is renewed and the download tried once more.
    tokens.invalidate(token);
    return this.transport.download(resourcePath, await tokens.getAccessToken(), options.signal);
  }

  /**
   * Opens a file offered by the PBX as a stream with the current token (a refused token is renewed and the
   * request sent once more); answers the errcode envelope when the PBX sent one instead of the file.
   */
  async openStream(
    operation: string,
    resourcePath: string,
    options: RequestOptions & { range?: string } = {},
  ): Promise<FileStreamResult> {
    const tokens = this.requireTokens(operation);
    const open = async (token: string) =>
      this.transport.openStream(operation, resourcePath, token, {
        ...(options.range ? { range: options.range } : {}),
        ...signal(options),
      });
    const token = await tokens.getAccessToken();
    const first = await open(token);
    if (first.kind === 'file' || !isTokenErrcode(first.envelope.errcode)) return first;
    tokens.invalidate(token);
    return open(await renewedToken(tokens, operation, first.envelope.errcode));
  }

  /** Sends an authenticated operation, renewing a refused token once. */
  async sendAuthenticated(
    spec: OperationSpec,
    params: Record<string, unknown>,
    options: RequestOptions,
  ): Promise<PbxEnvelope> {
    if (!spec.authenticated)
      return this.expectSuccess(spec, await this.transport.send({ spec, params, ...signal(options) }));
    const tokens = this.requireTokens(spec.path);
    let token = await tokens.getAccessToken();
    let envelope = await this.transport.send({ spec, params, accessToken: token, ...signal(options) });
    if (isTokenErrcode(envelope.errcode)) {
      tokens.invalidate(token);
      token = await renewedToken(tokens, spec.path, envelope.errcode);
      envelope = await this.transport.send({ spec, params, accessToken: token, ...signal(options) });
      if (isTokenErrcode(envelope.errcode)) {
        tokens.invalidate(token);
        throw new PbxAuthError(
          `${spec.path} was refused twice: the access token is not accepted even after renewal`,
          spec.path,
          envelope.errcode,
        );
      }
    }
    return this.expectSuccess(spec, envelope, token);
  }

  /** Sends an authenticated operation with an explicit token (del_token revokes the token it is sent with). */
  async sendWithToken(
    spec: OperationSpec,
    params: Record<string, unknown>,
    accessToken: string,
  ): Promise<PbxEnvelope> {
    return this.expectSuccess(spec, await this.transport.send({ spec, params, accessToken }), accessToken);
  }

  private expectSuccess(spec: OperationSpec, envelope: PbxEnvelope, token?: string): PbxEnvelope {
    if (envelope.errcode === 0) return envelope;
    // A PBX that echoes what it was sent must not put the token into an error.
    const clean = (text: string) => redactSecrets(text, [token]);
    const entries = (key: string) =>
      Array.isArray(envelope[key]) ? (envelope[key] as unknown[]).filter(isRecord) : [];
    const list = entries('invalid_param_list').map((entry) => cleanParam(entry, clean, INVALID_PARAM_KEYS));
    const duplicates = entries('duplicate_field_list').map((entry) =>
      cleanParam(entry, clean, DUPLICATE_FIELD_KEYS),
    );
    throw new PbxApiError(spec.path, envelope.errcode, clean(envelope.errmsg), list, duplicates);
  }

  private checkShape(spec: OperationSpec, envelope: PbxEnvelope): void {
    for (const field of spec.responseArrays ?? []) {
      const value = envelope[field];
      if (value !== undefined && value !== null && !Array.isArray(value)) {
        throw new PbxTransportError(`${spec.path} answered with ${field} that is not an array`, spec.path);
      }
    }
  }

  private requireTokens(operation: string): TokenProvider {
    if (!this.tokens)
      throw new PbxAuthError(
        `${operation} needs an access token but no token provider is configured`,
        operation,
      );
    return this.tokens;
  }
}

/** A token after a refusal; a provider that cannot renew (a fixed token) is reported against the operation. */
async function renewedToken(tokens: TokenProvider, operation: string, errcode: number): Promise<string> {
  try {
    return await tokens.getAccessToken();
  } catch (error) {
    if (!(error instanceof PbxAuthError)) throw error;
    throw new PbxAuthError(
      `${operation} was refused: the access token is not accepted and no new one could be obtained (${error.message})`,
      operation,
      error.errcode ?? errcode,
      { cause: error },
    );
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps the documented keys as text, scrubbed; spellings vary by endpoint, so each is optional. */
const INVALID_PARAM_KEYS = ['field', 'value', 'validation_type'] as const;
// docs/pbx/errors-and-formats.md#parameter-and-duplicate-errors
const DUPLICATE_FIELD_KEYS = ['field', 'value', 'external_source', 'external_source_name'] as const;

/** The text keys of one list entry, secrets redacted; anything else the PBX put there is dropped. */
function cleanParam<K extends string>(
  entry: Record<string, unknown>,
  clean: (text: string) => string,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const param: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = entry[key];
    if (typeof value === 'string' || typeof value === 'number') param[key] = clean(String(value));
  }
  return param;
}

function signal(options: RequestOptions): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {};
}

/** True when a downloaded body is an errcode envelope saying the token is not accepted. */
function isTokenRefusal(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const errcode = toInt((body as Record<string, unknown>)['errcode']);
  return errcode !== undefined && isTokenErrcode(errcode);
}
