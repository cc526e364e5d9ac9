import axios, { type AxiosAdapter, type AxiosInstance, type AxiosResponse } from 'axios';
import { PbxTimeoutError, PbxTransportError } from '../errors.js';
import type { OperationSpec } from '../rules/schema.js';
import { backoffDelay, sleep, type BackoffOptions } from './backoff.js';
import { redactSecrets } from './redact.js';

/** The envelope every PBX answer carries, plus whatever fields the operation adds. */
export interface PbxEnvelope {
  errcode: number;
  errmsg: string;
  [field: string]: unknown;
}

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
  timeoutMs: number;
  /** Retries for idempotent reads after a transport failure (0 = none). */
  retries: number;
  retryBackoff: BackoffOptions;
  logger?: PbxLogger;
  /** Replaces the network layer (tests). */
  adapter?: AxiosAdapter;
}

/** One request as the transport sends it. */
export interface OutgoingRequest {
  spec: OperationSpec;
  params: Record<string, unknown>;
  accessToken?: string;
  signal?: AbortSignal;
}

type Attempt =
  { ok: true; response: AxiosResponse } | { ok: false; error: PbxTransportError | PbxTimeoutError };

/**
 * Sends requests to the PBX and decodes the envelope. Knows nothing of tokens' lifecycle or errcodes
 * beyond "is this a well-formed answer"; the client above maps errcodes to errors.
 */
export class Transport {
  private readonly http: AxiosInstance;

  constructor(private readonly options: TransportOptions) {
    this.http = axios.create({
      baseURL: options.baseUrl.replace(/\/+$/, ''),
      timeout: options.timeoutMs,
      // Statuses and errcodes are ours to interpret.
      validateStatus: () => true,
      headers: { 'User-Agent': options.userAgent },
      responseType: 'json',
      ...(options.adapter ? { adapter: options.adapter } : {}),
    });
  }

  /** Sends one operation; retries transport failures only when the operation is idempotent. */
  async send(request: OutgoingRequest): Promise<PbxEnvelope> {
    const { spec } = request;
    const attempts = spec.idempotent ? this.options.retries + 1 : 1;
    let last: PbxTransportError | PbxTimeoutError = new PbxTransportError(
      `${spec.path} was not sent`,
      spec.path,
    );
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) {
        const delay = backoffDelay(attempt - 1, this.options.retryBackoff);
        this.options.logger?.debug('pbx request retry', { operation: spec.path, attempt, delayMs: delay });
        await sleep(delay, request.signal);
      }
      const result = await this.attempt(request);
      if (result.ok) return this.decode(spec.path, result.response);
      last = result.error;
    }
    throw last;
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
    if (response.status !== 200) {
      throw new PbxTransportError(
        `download failed with HTTP ${response.status}`,
        'download',
        response.status,
      );
    }
    // Either the file's JSON or, for an expired link or a bad token, an errcode envelope the caller maps.
    return typeof response.data === 'string' ? this.parseJson('download', response.data) : response.data;
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
        return {
          ok: false,
          error: new PbxTransportError(
            `${spec.path} failed with HTTP ${response.status}`,
            spec.path,
            response.status,
          ),
        };
      }
      return { ok: true, response };
    } catch (error) {
      return { ok: false, error: this.toTransportError(spec.path, error) };
    }
  }

  private decode(operation: string, response: AxiosResponse): PbxEnvelope {
    const body: unknown =
      typeof response.data === 'string' ? this.parseJson(operation, response.data) : response.data;
    if (response.status !== 200 && (typeof body !== 'object' || body === null)) {
      throw new PbxTransportError(
        `${operation} failed with HTTP ${response.status}`,
        operation,
        response.status,
      );
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new PbxTransportError(
        `${operation} answered with a body that is not a JSON object`,
        operation,
        response.status,
      );
    }
    const envelope = body as Record<string, unknown>;
    const errcode =
      typeof envelope['errcode'] === 'string' ? Number(envelope['errcode']) : envelope['errcode'];
    if (typeof errcode !== 'number' || !Number.isInteger(errcode)) {
      throw new PbxTransportError(
        `${operation} answered without a numeric errcode`,
        operation,
        response.status,
      );
    }
    return { ...envelope, errcode, errmsg: typeof envelope['errmsg'] === 'string' ? envelope['errmsg'] : '' };
  }

  private parseJson(operation: string, text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      throw new PbxTransportError(`${operation} answered with invalid JSON`, operation);
    }
  }

  private toTransportError(operation: string, error: unknown): PbxTransportError | PbxTimeoutError {
    // Keep only code and message: an axios error carries the request config, whose URL holds the token.
    const code = axios.isAxiosError(error) ? error.code : undefined;
    const message = redactSecrets(error instanceof Error ? error.message : String(error));
    const cause = Object.assign(new Error(message), { code });
    if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') {
      return new PbxTimeoutError(operation, this.options.timeoutMs, { cause });
    }
    if (axios.isCancel(error) || code === 'ERR_CANCELED') {
      return new PbxTransportError(`${operation} was cancelled`, operation, undefined, { cause });
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
