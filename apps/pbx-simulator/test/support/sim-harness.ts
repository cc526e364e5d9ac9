/**
 * Starts the simulator in-process on a free port with the fake call center, and offers raw HTTP and
 * WebSocket helpers. Every wait has a timeout.
 */
import { findOperation } from '@switchboard/pbx-api';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { WebSocket } from 'ws';
import { simulatorConfig, type SimulatorConfig } from '../../src/config.js';
import { startSimulator, type RunningSimulator, type SimulatorDependencies } from '../../src/simulator.js';
import { fakeCallCenter, type FakeCallCenter } from './fake-call-center.js';
import { waitFor } from '../../../../tools/harness/vitest-wait.mjs';

// The one wait of the simulator's tests, re-exported beside the clients it waits on.
export { waitFor };

export const UA = { 'User-Agent': 'OpenAPI' };

/** A simulator on 127.0.0.1:0 with the fake call center. */
export interface Harness {
  sim: RunningSimulator;
  fake: FakeCallCenter;
  close(): Promise<void>;
}

export async function startHarness(
  overrides: Partial<SimulatorConfig> = {},
  deps: SimulatorDependencies = {},
): Promise<Harness> {
  let fake: FakeCallCenter | undefined;
  const sim = await startSimulator(simulatorConfig({ port: 0, ...overrides }), {
    createCallCenter: (options) => (fake = fakeCallCenter(options)),
    onInternalError: (where, error) => {
      throw new Error(`unexpected internal error in ${where}: ${String(error)}`);
    },
    ...deps,
  });
  if (!fake) throw new Error('fake call center was not created');
  return { sim, fake, close: () => sim.close() };
}

/** A file's simulator and the access token fetched for it. */
export interface HarnessWithToken extends Harness {
  readonly access: string;
}

/**
 * Registers `beforeAll`/`afterAll` for one simulator shared by a spec file's tests, with an access token fetched
 * once it started (after `prepare`, when given). Its members are read when used, so a spec keeps it in a module
 * constant although the simulator only starts in `beforeAll`.
 */
export function harnessPerFile(
  overrides: Partial<SimulatorConfig> = {},
  deps: SimulatorDependencies = {},
  prepare: (h: Harness) => void = () => undefined,
): HarnessWithToken {
  let current: Harness | undefined;
  let access = '';
  beforeAll(async () => {
    current = await startHarness(overrides, deps);
    prepare(current);
    access = await token(current.sim);
  });
  afterAll(async () => current?.close());
  const started = (): Harness => {
    if (!current) throw new Error('the simulator starts in beforeAll');
    return current;
  };
  return {
    get sim() {
      return started().sim;
    },
    get fake() {
      return started().fake;
    },
    get access() {
      return access;
    },
    close: () => started().close(),
  };
}

/** A parsed JSON answer. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const TIMEOUT_MS = 5_000;

/** GET `{url}{path}` with a query, JSON answer. */
export function get(
  base: string,
  path: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = UA,
): Promise<Answer> {
  return fetchJson(base, path, query, { headers });
}

/** POST a JSON body (or raw text) to `{url}{path}`. */
export function post(
  base: string,
  path: string,
  body: unknown,
  query: Record<string, string> = {},
  headers: Record<string, string> = UA,
): Promise<Answer> {
  return fetchJson(base, path, query, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Sends `init` to `{url}{path}` with a query, within the timeout; parses the JSON answer. */
async function fetchJson(
  base: string,
  path: string,
  query: Record<string, string>,
  init: RequestInit,
): Promise<Answer> {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A fresh access token for the configured demo credentials. */
export async function token(sim: RunningSimulator): Promise<string> {
  const answer = await post(sim.url, '/openapi/v1.0/get_token', {
    username: sim.config.clientId,
    password: sim.config.clientSecret,
  });
  const value = answer.body['access_token'];
  if (answer.body['errcode'] !== 0 || typeof value !== 'string')
    throw new Error(`get_token failed: ${JSON.stringify(answer.body)}`);
  return value;
}

/** Calls an API operation with a token: GET with a query or POST with a body, by the operation's method. */
export function api(
  sim: RunningSimulator,
  accessToken: string,
  op: string,
  params: Record<string, unknown> = {},
): Promise<Answer> {
  const spec = findOperation(op);
  if (!spec) throw new Error(`unknown operation ${op}`);
  const path = `/openapi/${spec.version}/${op}`;
  if (spec.method === 'POST') return post(sim.url, path, params, { access_token: accessToken });
  const query = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return get(sim.url, path, { ...query, access_token: accessToken });
}

/** A WebSocket client that records what it receives. */
export class WsClient {
  readonly messages: string[] = [];
  private waiters: { test: (m: string) => boolean; resolve: (m: string) => void }[] = [];
  closed: { code: number; reason: string } | undefined;
  private closeWaiters: ((c: { code: number; reason: string }) => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      this.messages.push(text);
      this.waiters = this.waiters.filter((w) => (w.test(text) ? (w.resolve(text), false) : true));
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const waiter of this.closeWaiters) waiter(this.closed);
    });
    socket.on('error', () => undefined);
  }

  static open(sim: RunningSimulator, accessToken: string): Promise<WsClient> {
    const socket = new WebSocket(
      `${sim.url.replace('http', 'ws')}/openapi/v1.0/subscribe?access_token=${encodeURIComponent(accessToken)}`,
    );
    const client = new WsClient(socket);
    return withTimeout(
      new Promise<WsClient>((resolve, reject) => {
        socket.once('open', () => resolve(client));
        socket.once('error', reject);
      }),
      'websocket open',
    );
  }

  send(text: string): void {
    this.socket.send(text);
  }

  /** The next message (received from now on, or already received and unclaimed when `fromStart`) matching `test`. */
  next(test: (message: string) => boolean = () => true, label = 'message', ms = TIMEOUT_MS): Promise<string> {
    return withTimeout(new Promise<string>((resolve) => this.waiters.push({ test, resolve })), label, ms);
  }

  /** Sends and waits for the next answer. */
  async ask(text: string, label = 'answer'): Promise<string> {
    const answer = this.next(() => true, label);
    this.send(text);
    return answer;
  }

  waitClose(ms = TIMEOUT_MS): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return withTimeout(new Promise((resolve) => this.closeWaiters.push(resolve)), 'websocket close', ms);
  }

  close(): void {
    this.socket.terminate();
  }
}

/** Rejects when `promise` does not settle within `ms`. */
export function withTimeout<T>(promise: Promise<T>, label: string, ms = TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${label}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A raw node:http request (no default headers at all); resolves with status and body text. */
export function rawRequest(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string }> {
  const url = new URL(path, base);
  return withTimeout(
    new Promise((resolve, reject) => {
      const request = httpRequest(
        url,
        { method: options.method ?? 'GET', headers: options.headers ?? {} },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(options.body);
    }),
    `raw ${options.method ?? 'GET'} ${path}`,
  );
}
