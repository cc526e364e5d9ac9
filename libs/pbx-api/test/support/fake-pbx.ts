import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { PbxClient, type PbxClientOptions } from '../../src/index.js';

/** A request as the fake PBX saw it. */
export interface SeenRequest {
  method: string;
  /** Path without the query, e.g. `/openapi/v1.0/queue/agent_status`. */
  path: string;
  /** Query parameters, access_token included. */
  query: Record<string, string>;
  /** Parsed JSON body of a POST. */
  body: unknown;
  headers: Record<string, string>;
}

/** An answer: status (200 by default), body, and response headers (none by default). */
interface FakeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Reply = FakeAnswer | ((request: SeenRequest) => FakeAnswer);

/**
 * An in-process PBX stand-in at axios' adapter level: records every request exactly as it would go on
 * the wire and answers from a queue of replies. Behaviour against the real simulator lives in its contract suite.
 */
export class FakePbx {
  readonly requests: SeenRequest[] = [];
  private readonly replies: Reply[] = [];
  private fallback: Reply | undefined;

  /** Queues the next answer. */
  reply(reply: Reply): this {
    this.replies.push(reply);
    return this;
  }

  /** Answer used once the queue is empty. */
  otherwise(reply: Reply): this {
    this.fallback = reply;
    return this;
  }

  /** The last request seen. */
  get last(): SeenRequest {
    const last = this.requests.at(-1);
    if (!last) throw new Error('no request was sent');
    return last;
  }

  readonly adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = new URL(`${config.baseURL ?? ''}${config.url ?? ''}`);
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, key) => (query[key] = value));
    for (const [key, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) query[key] = String(value);
    }
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(config.headers.toJSON()))
      headers[key.toLowerCase()] = String(value);
    const seen: SeenRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path: url.pathname,
      query,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers,
    };
    this.requests.push(seen);
    const next = this.replies.shift() ?? this.fallback;
    if (!next) throw new Error(`FakePbx has no reply for ${seen.method} ${seen.path}`);
    const {
      status = 200,
      body,
      headers: answerHeaders = {},
    } = typeof next === 'function' ? next(seen) : next;
    return { data: body, status, statusText: String(status), headers: answerHeaders, config, request: {} };
  };
}

/** A client on a fake PBX with a fixed token `test-token`. */
export function clientOn(fake: FakePbx, options: Partial<PbxClientOptions> = {}): PbxClient {
  return new PbxClient({
    baseUrl: 'http://pbx.test:8088',
    auth: { accessToken: 'test-token' },
    adapter: fake.adapter,
    retryBackoff: { initialMs: 1, maxMs: 2 },
    ...options,
  });
}

/** `{ errcode: 0, errmsg: 'SUCCESS', ...fields }` */
export function ok<T extends object>(fields: T): T & { errcode: 0; errmsg: 'SUCCESS' } {
  return { errcode: 0, errmsg: 'SUCCESS', ...fields };
}

/**
 * Where a request went, as test names say it: `wire('GET v1.0 queue/list')` is
 * `{ method: 'GET', path: '/openapi/v1.0/queue/list' }`, with `carried` (query, body) added.
 */
export function wire(line: string, carried: Partial<SeenRequest> = {}): Partial<SeenRequest> {
  const [method, version, operation] = line.split(' ');
  return { method, path: `/openapi/${version}/${operation}`, ...carried };
}

/** `params` as they arrive in a query string: every value as text. */
export function queryOf(params: object): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
}

/**
 * Answers a paged list from `rows`, honouring the request's page and page_size: rows under `key`, with
 * `total_number` unless `withTotal` is false.
 */
export function pagesOf(rows: readonly object[], key: 'data' | 'list' = 'data', withTotal = true) {
  return (request: SeenRequest): FakeAnswer => {
    const page = Number(request.query['page']);
    const size = Number(request.query['page_size']);
    const slice = rows.slice((page - 1) * size, page * size);
    return { body: ok(withTotal ? { total_number: rows.length, [key]: slice } : { [key]: slice }) };
  };
}
