import { Readable } from 'node:stream';
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { PbxTimeoutError, PbxTransportError } from '../errors.js';
import { toInt } from '../quirks.js';
import { redactSecrets } from './redact.js';
import type { PbxEnvelope } from './envelope.js';

/** The headers of a streamed file that a caller passes on (lower-case names; absent ones left out). */
export interface PbxFileHeaders {
  'content-type'?: string;
  'content-length'?: string;
  'content-range'?: string;
  'accept-ranges'?: string;
}

/** A file the PBX is sending: 200 (whole), 206 (a range) or 416 (range not satisfiable, empty body). */
export interface PbxFileStream {
  status: number;
  headers: PbxFileHeaders;
  /** The bytes as they arrive; the caller must consume or destroy it. */
  body: Readable;
}

/** Either the file, or the errcode envelope the PBX answered instead (expired link, bad token, refusal). */
export type FileStreamResult =
  { kind: 'file'; file: PbxFileStream } | { kind: 'envelope'; envelope: PbxEnvelope };

/** A JSON answer read to find an envelope is never longer than this. */
const MAX_ENVELOPE_BYTES = 64 * 1024;
const PASSED_ON = ['content-type', 'content-length', 'content-range', 'accept-ranges'] as const;

/**
 * GETs `{baseUrl}/<resourcePath>?access_token=` as a stream (never buffered). The wait for the answer's headers
 * is bounded by `timeoutMs`; once the file flows there is no time limit, since a listener may pause it. Errors
 * name neither the token nor the link.
 */
export async function openFileStream(
  http: AxiosInstance,
  request: {
    operation: string;
    resourcePath: string;
    accessToken: string;
    timeoutMs: number;
    range?: string;
    signal?: AbortSignal;
  },
): Promise<FileStreamResult> {
  const { operation, accessToken, timeoutMs } = request;
  const url = `/${request.resourcePath.replace(/^\/+/, '')}`;
  const secrets = [accessToken, url, request.resourcePath];
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let response: AxiosResponse;
  try {
    response = await http.request({
      url,
      method: 'GET',
      params: { access_token: accessToken },
      responseType: 'stream',
      timeout: 0,
      signal: controller.signal,
      ...(request.range ? { headers: { Range: request.range } } : {}),
    });
  } catch (error) {
    if (timedOut) throw new PbxTimeoutError(operation, timeoutMs);
    if (request.signal?.aborted || axios.isCancel(error)) {
      throw new PbxTransportError(`${operation} was cancelled`, operation);
    }
    const code = axios.isAxiosError(error) ? error.code : undefined;
    const message = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
    throw new PbxTransportError(
      `${operation} could not reach the PBX (${code ?? message})`,
      operation,
      undefined,
      {
        cause: Object.assign(new Error(message), { code }),
      },
    );
  } finally {
    clearTimeout(timer);
  }
  // From here the caller's signal alone may stop the flow.
  const body = asReadable(response.data);
  request.signal?.removeEventListener('abort', onAbort);
  if (request.signal) request.signal.addEventListener('abort', () => body.destroy(), { once: true });
  const headers = pickHeaders(response.headers as Record<string, unknown>);
  const isJson = /json/i.test(headers['content-type'] ?? '');
  if (isJson || ![200, 206, 416].includes(response.status)) {
    const envelope = isJson ? await readEnvelope(body) : undefined;
    body.destroy();
    if (envelope) return { kind: 'envelope', envelope };
    throw new PbxTransportError(
      isJson
        ? `${operation} answered JSON without an errcode instead of the file`
        : `${operation} failed with HTTP ${response.status}`,
      operation,
      response.status,
    );
  }
  return { kind: 'file', file: { status: response.status, headers, body } };
}

function asReadable(data: unknown): Readable {
  if (data instanceof Readable) return data;
  if (typeof data === 'string' || Buffer.isBuffer(data) || data instanceof Uint8Array)
    return Readable.from([Buffer.from(data as string)]);
  return Readable.from([Buffer.from(JSON.stringify(data ?? ''))]);
}

function pickHeaders(raw: Record<string, unknown>): PbxFileHeaders {
  const headers: PbxFileHeaders = {};
  for (const name of PASSED_ON) {
    const value = raw[name];
    if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
  }
  return headers;
}

/** The envelope in a JSON body, or undefined when the body is too long, not JSON or has no integer errcode. */
async function readEnvelope(body: Readable): Promise<PbxEnvelope | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > MAX_ENVELOPE_BYTES) return undefined;
    chunks.push(buffer);
  }
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    const errcode = toInt(record['errcode']);
    if (errcode === undefined || errcode === 0) return undefined;
    return { ...record, errcode, errmsg: typeof record['errmsg'] === 'string' ? record['errmsg'] : '' };
  } catch {
    return undefined;
  }
}
