import https from 'node:https';
import axios, { type AxiosAdapter, type AxiosInstance, type AxiosResponse } from 'axios';
import { tlsSocketOptions, type PbxTlsOptions } from '../tls.js';
import { PbxTimeoutError, PbxTransportError } from '../errors.js';
import { toInt } from '../quirks.js';
import type { OperationSpec } from '../rules/schema.js';
import { backoffDelay, sleep, type BackoffOptions } from './backoff.js';
import type { PbxEnvelope } from './envelope.js';
import { openFileStream, type FileStreamResult } from './file-stream.js';
import { redactSecrets } from './redact.js';

/** Where diagnostics go; lines never contain secrets. */
export interface PbxLogger {
  debug(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
}

/** Settings of the HTTP transport. */
export interface TransportOptions {
  /** `http(s)://host:port`, without the `openapi/v1.0` part. */
  baseUrl: string;
  userAgent: string;
  /** Per-attempt timeout in ms; a positive number. */
  timeoutMs: number;
  /** Retries for idempotent reads after a transport failure (0 = none); a whole number. */
  retries: number;
  retryBackoff: BackoffOptions;
  logger?: PbxLogger;
  /** Replaces the network layer (tests). */
  adapter?: AxiosAdapter;
  /** Certificate trust for https PBXs. */
  tls?: PbxTlsOptions;
}

/** One request as the transport sends it. */
export interface OutgoingRequest {
  spec: OperationSpec;
  params: Record<string, unknown>;
  accessToken?: string;
  signal?: AbortSignal;
}

type Failure = PbxTransportError | PbxTimeoutError;
type Attempt =
  | { ok: true; response: AxiosResponse }
  | { ok: false; error: Failure; cancelled: boolean; retryAfterMs?: number };

/** A PBX asking for more patience than this (Retry-After) is not retried: the caller decides what to do. */
export const MAX_RETRY_AFTER_MS = 30_000;

/**
 * The wait a `Retry-After` header asks for, in ms: whole seconds, or an HTTP date (a date already past is
 * no wait). Undefined when absent or unreadable.
 */
export function retryAfterMs(header: unknown, now: number): number | undefined {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Sends requests to the PBX and decodes the envelope. Knows nothing of tokens' lifecycle or errcodes
 * beyond "is this a well-formed answer"; the requester above maps errcodes to errors.
 */
export class Transport {
  private readonly http: AxiosInstance;

  constructor(private readonly options: TransportOptions) {
    checkOptions(options);
    this.http = axios.create({
      baseURL: options.baseUrl.replace(/\/+$/, ''),
      timeout: options.timeoutMs,
      // Statuses and errcodes are ours to interpret.
      validateStatus: () => true,
      headers: { 'User-Agent': options.userAgent },
      responseType: 'json',
      ...(options.tls ? { httpsAgent: new https.Agent(tlsSocketOptions(options.tls)) } : {}),
      ...(options.adapter ? { adapter: options.adapter } : {}),
    });
  }

  /**
   * Sends one operation. Connection failures, timeouts, HTTP 5xx and 429 are retried with backoff only
   * when the operation is idempotent: a replayed accept or create could act twice. A cancelled request
   * is never retried. A 429 or 503 with `Retry-After` waits at least that long, and is not retried at all
   * when it asks for more than {@link MAX_RETRY_AFTER_MS}.
   */
  async send(request: OutgoingRequest): Promise<PbxEnvelope> {
    const { spec, signal } = request;
    const attempts = spec.idempotent ? this.options.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      const result = await this.attempt(request);
      if (result.ok) return decode(spec.path, result.response);
      if (result.cancelled || attempt >= attempts) throw result.error;
      const asked = result.retryAfterMs ?? 0;
      if (asked > MAX_RETRY_AFTER_MS) throw result.error;
      const delayMs = Math.max(backoffDelay(attempt - 1, this.options.retryBackoff), asked);
      this.options.logger?.debug('pbx request retry', {
        operation: spec.path,
        attempt: attempt + 1,
        delayMs,
        reason: result.error.code,
        ...(result.error instanceof PbxTransportError && result.error.status !== undefined
          ? { status: result.error.status }
          : {}),
      });
      try {
        await sleep(delayMs, signal);
      } catch {
        throw cancelled(spec.path);
      }
    }
  }

  /** Downloads a file the PBX offered (e.g. `/api/download/x.json`) and returns its parsed JSON. */
  async download(resourcePath: string, accessToken: string, signal?: AbortSignal): Promise<unknown> {
    const spec: OperationSpec = {
      path: 'download',
      method: 'GET',
      version: 'v1.0',
      authenticated: true,
      idempotent: true,
      params: { type: 'object', fields: {} },
    };
    const url = `/${resourcePath.replace(/^\/+/, '')}`;
    const result = await this.attempt({ spec, params: {}, accessToken, ...(signal ? { signal } : {}) }, url);
    if (!result.ok) throw result.error;
    const { response } = result;
    // Either the file's JSON or, for an expired link or a bad token, an errcode envelope the caller maps
    // (whatever the HTTP status, an envelope says more than the status does).
    const body =
      typeof response.data === 'string'
        ? parseJson(response.data)
        : { ok: true as const, value: response.data };
    const isEnvelope =
      body.ok && typeof body.value === 'object' && body.value !== null && 'errcode' in body.value;
    if (response.status !== 200 && !isEnvelope) {
      throw new PbxTransportError(
        `download failed with HTTP ${response.status}`,
        'download',
        response.status,
      );
    }
    if (!body.ok)
      throw new PbxTransportError('download answered with invalid JSON', 'download', response.status);
    return body.value;
  }

  /**
   * Opens a file the PBX offered (e.g. a recording's `/api/download/...wav`) as a stream, optionally a byte
   * range of it; or answers the errcode envelope the PBX sent instead. Never retried here: the caller decides.
   */
  openStream(
    operation: string,
    resourcePath: string,
    accessToken: string,
    options: { range?: string; signal?: AbortSignal } = {},
  ): Promise<FileStreamResult> {
    return openFileStream(this.http, {
      operation,
      resourcePath,
      accessToken,
      timeoutMs: this.options.timeoutMs,
      ...options,
    });
  }

  private async attempt(request: OutgoingRequest, overrideUrl?: string): Promise<Attempt> {
    const { spec, params, accessToken, signal } = request;
    const url = overrideUrl ?? `/openapi/${spec.version}/${spec.path}`;
    const query: Record<string, unknown> = spec.method === 'GET' && !overrideUrl ? { ...params } : {};
    if (accessToken !== undefined) query['access_token'] = accessToken;
    const started = Date.now();
    try {
      const response = await this.http.request({
        url,
        method: spec.method,
        params: query,
        ...(spec.method === 'POST' ? { data: params, headers: { 'Content-Type': 'application/json' } } : {}),
        ...(signal ? { signal } : {}),
      });
      this.options.logger?.debug('pbx request', {
        operation: spec.path,
        status: response.status,
        ms: Date.now() - started,
      });
      if (response.status >= 500 || response.status === 429) {
        const error = new PbxTransportError(
          `${spec.path} failed with HTTP ${response.status}`,
          spec.path,
          response.status,
        );
        const wait = retryAfterMs(response.headers['retry-after'], Date.now());
        return { ok: false, error, cancelled: false, ...(wait !== undefined ? { retryAfterMs: wait } : {}) };
      }
      return { ok: true, response };
    } catch (error) {
      const isCancel = axios.isCancel(error) || signal?.aborted === true;
      return {
        ok: false,
        error: isCancel ? cancelled(spec.path) : this.toTransportError(spec.path, error, secretsOf(request)),
        cancelled: isCancel,
      };
    }
  }

  private toTransportError(operation: string, error: unknown, secrets: readonly string[]): Failure {
    // Keep only code and message: an axios error carries the request config, whose URL holds the token.
    const code = axios.isAxiosError(error) ? error.code : undefined;
    const message = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
    const cause = Object.assign(new Error(message), { code });
    if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') {
      return new PbxTimeoutError(operation, this.options.timeoutMs, { cause });
    }
    return new PbxTransportError(
      `${operation} could not reach the PBX (${code ?? message})`,
      operation,
      undefined,
      {
        cause,
      },
    );
  }
}

/** The credentials a request carries, to blank wherever an error message quotes them. */
function secretsOf({ accessToken, params }: OutgoingRequest): string[] {
  const values = [accessToken, params['password'], params['refresh_token']];
  return values.filter((value): value is string => typeof value === 'string');
}

function cancelled(operation: string): PbxTransportError {
  const cause = Object.assign(new Error('The request was aborted by its signal'), { code: 'ERR_CANCELED' });
  return new PbxTransportError(`${operation} was cancelled`, operation, undefined, { cause });
}

/** Reads the envelope; anything that is not a JSON object with an integer errcode is a transport failure. */
function decode(operation: string, response: AxiosResponse): PbxEnvelope {
  const { status } = response;
  const failedStatus = status < 200 || status > 299;
  const httpFailure = () =>
    new PbxTransportError(`${operation} failed with HTTP ${status}`, operation, status);
  let body: unknown = response.data;
  if (typeof body === 'string') {
    const parsed = parseJson(body);
    if (!parsed.ok) {
      if (failedStatus) throw httpFailure();
      throw new PbxTransportError(`${operation} answered with a body that is not JSON`, operation, status);
    }
    body = parsed.value;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    if (failedStatus) throw httpFailure();
    throw new PbxTransportError(
      `${operation} answered with a body that is not a JSON object`,
      operation,
      status,
    );
  }
  const envelope = body as Record<string, unknown>;
  // Some firmware sends numbers as text; an empty or fractional errcode is not an answer.
  const errcode = toInt(envelope['errcode']);
  if (errcode === undefined || (errcode === 0 && failedStatus)) {
    if (failedStatus) throw httpFailure();
    throw new PbxTransportError(`${operation} answered without a numeric errcode`, operation, status);
  }
  return { ...envelope, errcode, errmsg: typeof envelope['errmsg'] === 'string' ? envelope['errmsg'] : '' };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function checkOptions(options: TransportOptions): void {
  const problems: string[] = [];
  if (!(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0)) {
    problems.push(`timeoutMs must be a positive number of ms, got ${String(options.timeoutMs)}`);
  }
  if (!(Number.isInteger(options.retries) && options.retries >= 0)) {
    problems.push(`retries must be a whole number >= 0, got ${String(options.retries)}`);
  }
  const { initialMs, maxMs } = options.retryBackoff;
  if (!(Number.isFinite(initialMs) && initialMs >= 0)) {
    problems.push(`retryBackoff.initialMs must be a number >= 0, got ${String(initialMs)}`);
  }
  if (!(Number.isFinite(maxMs) && maxMs >= initialMs)) {
    problems.push(`retryBackoff.maxMs must be a number >= initialMs, got ${String(maxMs)}`);
  }
  if (!options.userAgent) problems.push('userAgent must not be empty: the PBX refuses requests without one');
  if (problems.length > 0) throw new TypeError(`Invalid PBX transport options: ${problems.join('; ')}`);
}
