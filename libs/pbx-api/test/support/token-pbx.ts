import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { expect } from 'vitest';
import {
  PBX_ERRCODE,
  PbxAuthError,
  PbxClient,
  type PbxClientOptions,
  type PbxLogger,
} from '../../src/index.js';
import { FakePbx, ok, type SeenRequest } from './fake-pbx.js';

/** The client id and secret {@link TokenPbx} accepts. Long and distinctive so a leak is easy to spot. */
export const CLIENT_ID = 'client-id-7f3a9c';
export const CLIENT_SECRET = 'CLIENT-SECRET-5b8e2d41c9f0';

/** `error` is what `operation` fails with once the PBX refuses its access token for good. */
export function expectTokenRefused(error: unknown, operation: string): void {
  expect(error).toBeInstanceOf(PbxAuthError);
  expect(error).toMatchObject({ code: 'auth', operation, errcode: PBX_ERRCODE.TOKEN_INVALID });
}

type Answer = { status?: number; body: unknown };
type Scripted = Answer | ((request: SeenRequest) => Answer);

/**
 * A FakePbx that runs the token lifecycle like the PBX does: get_token checks the credentials and issues a
 * pair, refresh_token accepts only the latest refresh token and rotates both, del_token revokes, and every
 * other operation answers `queue/list`-style success only for a live access token (errcode TOKEN_INVALID
 * otherwise). Answers can be scripted per operation, and an operation can be held in flight.
 */
export class TokenPbx {
  readonly fake = new FakePbx();
  /** Every access and refresh token issued so far, in order. */
  readonly issued: string[] = [];
  /** Seconds the next pairs live. */
  accessLifetimeS = 1800;
  refreshLifetimeS = 86_400;
  /** Operations whose requests have reached the adapter (held ones included). */
  readonly started: string[] = [];
  private readonly live = new Set<string>();
  private latestRefresh: string | undefined;
  private latestAccess: string | undefined;
  private serial = 0;
  private readonly scripted = new Map<string, Scripted[]>();
  private readonly gates = new Map<string, Promise<void>>();

  constructor() {
    this.fake.otherwise((request) => this.answer(request));
  }

  /** The adapter to give the client: holds gated operations, then lets the FakePbx record and answer. */
  readonly adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const name = operationOf(new URL(`${config.baseURL ?? ''}${config.url ?? ''}`).pathname);
    this.started.push(name);
    await this.gates.get(name);
    return this.fake.adapter(config);
  };

  /** Answers the next request to `operation` with `answer` (a function may throw to fail the connection). */
  script(operation: string, ...answers: Scripted[]): this {
    this.scripted.set(operation, [...(this.scripted.get(operation) ?? []), ...answers]);
    return this;
  }

  /** Holds every request to `operation` until the returned function is called. */
  hold(operation: string): () => void {
    let release!: () => void;
    this.gates.set(operation, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.gates.delete(operation);
      release();
    };
  }

  /** Requests the PBX answered, as `operation` names. */
  get operations(): string[] {
    return this.fake.requests.map((request) => operationOf(request.path));
  }

  /** Requests to one operation. */
  requestsTo(operation: string): SeenRequest[] {
    return this.fake.requests.filter((request) => operationOf(request.path) === operation);
  }

  /** Whether the PBX still honours `accessToken`. */
  isLive(accessToken: string): boolean {
    return this.live.has(accessToken);
  }

  /** A client with client credentials on this PBX. */
  client(options: Partial<PbxClientOptions> = {}): PbxClient {
    return new PbxClient({
      baseUrl: 'http://pbx.test:8088',
      auth: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      adapter: this.adapter,
      retryBackoff: { initialMs: 1, maxMs: 2 },
      ...options,
    });
  }

  private answer(request: SeenRequest): Answer {
    const name = operationOf(request.path);
    const next = this.scripted.get(name)?.shift();
    if (next) return typeof next === 'function' ? next(request) : next;
    const body = (request.body ?? {}) as Record<string, unknown>;
    switch (name) {
      case 'get_token':
        if (body['username'] !== CLIENT_ID || body['password'] !== CLIENT_SECRET) {
          return { body: { errcode: -1, errmsg: 'FAILURE' } };
        }
        return { body: this.issue() };
      case 'refresh_token':
        if (!this.latestRefresh || body['refresh_token'] !== this.latestRefresh) {
          return { body: { errcode: PBX_ERRCODE.TOKEN_INVALID, errmsg: 'INVALID REFRESH TOKEN' } };
        }
        // Rotation retires the access token the refresh token was issued with.
        this.live.delete(this.latestAccess ?? '');
        return { body: this.issue() };
      case 'del_token':
        if (!this.live.delete(request.query['access_token'] ?? '')) {
          return { body: { errcode: PBX_ERRCODE.TOKEN_INVALID, errmsg: 'INVALID ACCESS TOKEN' } };
        }
        return { body: ok({}) };
      default:
        if (!this.live.has(request.query['access_token'] ?? '')) {
          return { body: { errcode: PBX_ERRCODE.TOKEN_INVALID, errmsg: 'INVALID ACCESS TOKEN' } };
        }
        return { body: ok({ total_number: 0, queue_list: [] }) };
    }
  }

  private issue(): Record<string, unknown> {
    this.serial += 1;
    const access = `ACCESS-${this.serial}-e1f04c7d9b`;
    const refresh = `REFRESH-${this.serial}-8a2c6f3e01`;
    this.issued.push(access, refresh);
    this.live.add(access);
    this.latestRefresh = refresh;
    this.latestAccess = access;
    return ok({
      access_token: access,
      access_token_expire_time: this.accessLifetimeS,
      refresh_token: refresh,
      refresh_token_expire_time: this.refreshLifetimeS,
    });
  }
}

/** `/openapi/v1.0/queue/list` -> `queue/list`. */
export function operationOf(path: string): string {
  return path.replace(/^\/openapi\/v\d+\.\d+\//, '');
}

/** A logger that keeps every call, to check no line carries a secret. */
export class RecordingLogger implements PbxLogger {
  readonly lines: { level: 'debug' | 'warn'; message: string; meta: Record<string, unknown> | undefined }[] =
    [];

  debug(message: string, meta?: Record<string, unknown>): void {
    this.lines.push({ level: 'debug', message, meta });
  }

  warn(message: string, meta?: Record<string, unknown>): void {
    this.lines.push({ level: 'warn', message, meta });
  }

  /** Every call as one text. */
  get text(): string {
    return this.lines.map((line) => `${line.message} ${JSON.stringify(line.meta ?? {})}`).join('\n');
  }
}

/** Every text of an error a secret could hide in: message, String(), JSON, and the cause chain's messages. */
export function errorTexts(error: unknown): string[] {
  const texts: string[] = [String(error), JSON.stringify(error) ?? ''];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    texts.push(current.message, String(current), JSON.stringify(current) ?? '');
    current = current.cause;
  }
  return texts;
}
