import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PbxTimeoutError, PbxTransportError } from '../errors.js';
import { PBX_OPERATIONS, type PbxOperationName } from '../rules/operations.js';
import { retryAfterMs, Transport, type TransportOptions } from './transport.js';
import { FakePbx, ok } from '../../test/support/fake-pbx.js';
import { IVR_MENU } from '../../test/support/samples.js';
import { errorTexts, RecordingLogger } from '../../test/support/token-pbx.js';

const TOKEN = 'ACCESS-TOKEN-4c1d7e9a';
const spec = (name: PbxOperationName) => PBX_OPERATIONS[name];

function transport(fake: FakePbx | undefined, options: Partial<TransportOptions> = {}): Transport {
  return new Transport({
    baseUrl: 'http://pbx.test:8088/',
    userAgent: 'switchboard-test (OpenAPI)',
    timeoutMs: 2_000,
    retries: 2,
    retryBackoff: { initialMs: 1, maxMs: 2 },
    ...(fake ? { adapter: fake.adapter } : {}),
    ...options,
  });
}

const connectionFailure = () => {
  throw new AxiosError('connect ECONNREFUSED 10.0.0.9:8088', 'ECONNREFUSED');
};

/** A real HTTP server on 127.0.0.1; `handle` may leave a request unanswered. */
async function httpServer(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  servers.push(close);
  return { url: `http://127.0.0.1:${port}`, seen, close };
}

const servers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

describe('Transport', () => {
  describe('request shape', () => {
    it('GET puts parameters and the token in the query and sends the User-Agent', async () => {
      const fake = new FakePbx().reply({ body: ok({ total_number: 0, data: [] }) });
      const envelope = await transport(fake).send({
        spec: spec('queue/agent_status'),
        params: { id: 3 },
        accessToken: TOKEN,
      });
      expect(fake.last).toMatchObject({
        method: 'GET',
        path: '/openapi/v1.0/queue/agent_status',
        query: { id: '3', access_token: TOKEN },
      });
      expect(fake.last.headers['user-agent']).toBe('switchboard-test (OpenAPI)');
      expect(envelope).toEqual({ errcode: 0, errmsg: 'SUCCESS', total_number: 0, data: [] });
    });

    it('POST sends a JSON body and only the token in the query; v2.0 operations use their version', async () => {
      const fake = new FakePbx().otherwise({ body: ok({ call_id: '1.2' }) });
      await transport(fake).send({
        spec: spec('call/accept_inbound'),
        params: { channel_id: 'PJSIP/x-1' },
        accessToken: TOKEN,
      });
      expect(fake.last).toMatchObject({
        method: 'POST',
        path: '/openapi/v1.0/call/accept_inbound',
        query: { access_token: TOKEN },
        body: { channel_id: 'PJSIP/x-1' },
      });
      expect(fake.last.headers['content-type']).toMatch(/application\/json/);
      await transport(fake).send({ spec: spec('cdr/aidownload'), params: {}, accessToken: TOKEN });
      expect(fake.last.path).toBe('/openapi/v2.0/cdr/aidownload');
    });

    it('speaks real HTTP: method, path, query, headers and JSON body as a PBX sees them', async () => {
      const server = await httpServer((_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end('{"errcode":"0","errmsg":"SUCCESS","call_id":"9.1"}');
      });
      const envelope = await transport(undefined, { baseUrl: server.url }).send({
        spec: spec('call/accept_inbound'),
        params: { channel_id: 'PJSIP/trunk-01' },
        accessToken: TOKEN,
      });
      expect(envelope).toMatchObject({ errcode: 0, call_id: '9.1' });
      const [request] = server.seen;
      expect(request?.method).toBe('POST');
      expect(request?.url).toBe(`/openapi/v1.0/call/accept_inbound?access_token=${TOKEN}`);
      expect(request?.headers['user-agent']).toBe('switchboard-test (OpenAPI)');
      expect(request?.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.parse(request?.body ?? '')).toEqual({ channel_id: 'PJSIP/trunk-01' });
    });
  });

  describe('retries', () => {
    it.each([
      ['a connection failure', connectionFailure],
      ['HTTP 503', () => ({ status: 503, body: 'Service Unavailable' })],
      ['HTTP 429', () => ({ status: 429, body: '' })],
    ])(
      'retries an idempotent GET after %s with backoff, and answers once it works',
      async (_name, failure) => {
        const logger = new RecordingLogger();
        const fake = new FakePbx()
          .reply(failure)
          .reply(failure)
          .reply({ body: ok({ queue_list: [] }) });
        const envelope = await transport(fake, { logger }).send({
          spec: spec('queue/list'),
          params: {},
          accessToken: TOKEN,
        });
        expect(envelope.errcode).toBe(0);
        expect(fake.requests).toHaveLength(3);
        const retries = logger.lines.filter((l) => l.message === 'pbx request retry');
        expect(retries.map((l) => l.meta?.['attempt'])).toEqual([2, 3]);
        for (const line of retries) expect(line.meta?.['delayMs']).toBeGreaterThanOrEqual(1);
      },
    );

    it('waits as long as a 429 asks with Retry-After, and does not retry one that asks too much', async () => {
      let answers = 0;
      const server = await httpServer((_req, res) => {
        answers++;
        if (answers === 1) {
          res.writeHead(429, { 'retry-after': '1' }).end();
          return;
        }
        if (answers === 2) {
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify(ok({ queue_list: [] })));
          return;
        }
        res.writeHead(429, { 'retry-after': '120' }).end();
      });
      const client = transport(undefined, { baseUrl: server.url });
      const started = Date.now();
      const envelope = await client.send({ spec: spec('queue/list'), params: {}, accessToken: TOKEN });
      expect(envelope.errcode).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      // Two minutes is the caller's decision: one request, and the 429 as the error.
      await expect(
        client.send({ spec: spec('queue/list'), params: {}, accessToken: TOKEN }),
      ).rejects.toMatchObject({ status: 429 });
      expect(server.seen).toHaveLength(3);
    });

    it('reads Retry-After as seconds or as an HTTP date', () => {
      const now = Date.parse('2026-11-24T10:00:00Z');
      expect(retryAfterMs('3', now)).toBe(3_000);
      expect(retryAfterMs('Tue, 24 Nov 2026 10:00:05 GMT', now)).toBe(5_000);
      expect(retryAfterMs('Tue, 24 Nov 2026 09:59:00 GMT', now)).toBe(0);
      expect(retryAfterMs('soon', now)).toBeUndefined();
      expect(retryAfterMs(undefined, now)).toBeUndefined();
    });

    it('gives up after `retries` retries with a PbxTransportError carrying the HTTP status', async () => {
      const fake = new FakePbx().otherwise({ status: 502, body: '<html>bad gateway</html>' });
      const error = await transport(fake, { retries: 3 })
        .send({ spec: spec('queue/list'), params: {}, accessToken: TOKEN })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PbxTransportError);
      expect(error).toMatchObject({ code: 'transport', status: 502, operation: 'queue/list' });
      expect(fake.requests).toHaveLength(4);
    });

    it('does not retry at all with retries 0', async () => {
      const fake = new FakePbx().otherwise(connectionFailure);
      await expect(
        transport(fake, { retries: 0 }).send({ spec: spec('queue/list'), params: {}, accessToken: TOKEN }),
      ).rejects.toMatchObject({ code: 'transport', message: /could not reach the PBX \(ECONNREFUSED\)/ });
      expect(fake.requests).toHaveLength(1);
    });

    const neverRetried: [PbxOperationName, Record<string, unknown>][] = [
      ['call/accept_inbound', { channel_id: 'PJSIP/t-1' }],
      ['call/refuse_inbound', { channel_id: 'PJSIP/t-1' }],
      ['conference/kick_member', { member_channel_id: 'all', number: '6900' }],
      ['ivr/create', IVR_MENU],
      ['agent/login', { ext_id: 12, operation: 'login' }],
      ['get_token', { username: 'id', password: 'secret' }],
      ['del_token', {}],
    ];
    it.each(
      neverRetried.flatMap(([name, params]) => [
        [name, params, 'a connection failure', connectionFailure] as const,
        [name, params, 'HTTP 503', () => ({ status: 503, body: '' })] as const,
        [name, params, 'HTTP 429', () => ({ status: 429, body: '' })] as const,
      ]),
    )('never retries %s after %s: exactly one request', async (name, params, _kind, failure) => {
      const fake = new FakePbx().otherwise(failure);
      await expect(
        transport(fake, { retries: 5 }).send({ spec: spec(name), params, accessToken: TOKEN }),
      ).rejects.toBeInstanceOf(PbxTransportError);
      expect(fake.requests).toHaveLength(1);
    });

    it('the catalogue marks every POST and agent/login as not idempotent', () => {
      for (const [name, operation] of Object.entries(PBX_OPERATIONS)) {
        if (operation.method === 'POST')
          expect({ name, idempotent: operation.idempotent }).toEqual({ name, idempotent: false });
      }
      expect(PBX_OPERATIONS['agent/login'].idempotent).toBe(false);
    });
  });

  describe('timeouts and connection errors (real sockets)', () => {
    it('a PBX that never answers gives PbxTimeoutError with code timeout', async () => {
      const server = await httpServer(() => undefined);
      const started = Date.now();
      const error = await transport(undefined, { baseUrl: server.url, timeoutMs: 100, retries: 0 })
        .send({ spec: spec('queue/list'), params: {}, accessToken: TOKEN })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PbxTimeoutError);
      expect(error).toMatchObject({
        code: 'timeout',
        name: 'PbxTimeoutError',
        timeoutMs: 100,
        operation: 'queue/list',
      });
      expect((error as Error).message).toBe('queue/list timed out after 100 ms');
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('a timed-out read is retried, a timed-out call-control POST is not', async () => {
      const server = await httpServer(() => undefined);
      const slow = transport(undefined, { baseUrl: server.url, timeoutMs: 100, retries: 1 });
      await expect(
        slow.send({ spec: spec('queue/list'), params: {}, accessToken: TOKEN }),
      ).rejects.toBeInstanceOf(PbxTimeoutError);
      expect(server.seen).toHaveLength(2);
      await expect(
        slow.send({ spec: spec('call/accept_inbound'), params: { channel_id: 'c-1' }, accessToken: TOKEN }),
      ).rejects.toMatchObject({ code: 'timeout', operation: 'call/accept_inbound' });
      expect(server.seen).toHaveLength(3);
    });

    it('a refused connection gives PbxTransportError with the socket code, retried for reads', async () => {
      const server = await httpServer(() => undefined);
      await server.close();
      const logger = new RecordingLogger();
      const error = await transport(undefined, { baseUrl: server.url, retries: 2, logger })
        .send({ spec: spec('queue/list'), params: {}, accessToken: TOKEN })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PbxTransportError);
      expect(error).toMatchObject({ code: 'transport', status: undefined, message: /ECONNREFUSED/ });
      expect((error as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
      expect(logger.lines.filter((l) => l.message === 'pbx request retry')).toHaveLength(2);
    });
  });

  describe('answers', () => {
    const send = (reply: { status?: number; body: unknown }) => {
      const fake = new FakePbx().otherwise(reply);
      return transport(fake, { retries: 0 }).send({
        spec: spec('queue/list'),
        params: {},
        accessToken: TOKEN,
      });
    };

    it('returns a non-zero errcode as an envelope for the requester to map, even on HTTP 401', async () => {
      await expect(send({ body: { errcode: 40002, errmsg: 'PARAMETER ERROR' } })).resolves.toMatchObject({
        errcode: 40002,
        errmsg: 'PARAMETER ERROR',
      });
      await expect(
        send({ status: 401, body: { errcode: 10004, errmsg: 'INVALID ACCESS TOKEN' } }),
      ).resolves.toMatchObject({ errcode: 10004 });
    });

    it('accepts errcode written as numeric text and a missing errmsg', async () => {
      await expect(send({ body: { errcode: '0', errmsg: 'SUCCESS' } })).resolves.toMatchObject({
        errcode: 0,
      });
      const envelope = await send({ body: '{"errcode":" 40002 "}' });
      expect(envelope).toEqual({ errcode: 40002, errmsg: '' });
    });

    it.each([
      ['a non-JSON body', 'Internal error', /answered with a body that is not JSON/],
      ['an empty body', '', /answered with a body that is not JSON/],
      ['a JSON array', '[{"errcode":0}]', /not a JSON object/],
      ['a JSON number', '42', /not a JSON object/],
      ['JSON null', 'null', /not a JSON object/],
      ['a missing errcode', { errmsg: 'SUCCESS' }, /without a numeric errcode/],
      ['an empty-text errcode', { errcode: '', errmsg: 'SUCCESS' }, /without a numeric errcode/],
      ['a fractional errcode', { errcode: 0.5 }, /without a numeric errcode/],
      ['a word errcode', { errcode: 'zero' }, /without a numeric errcode/],
    ])('treats %s as a PbxTransportError', async (_name, body, message) => {
      const error = await send({ body }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PbxTransportError);
      expect(error).toMatchObject({ code: 'transport', operation: 'queue/list', status: 200, message });
    });

    it('reports an HTTP error page by its status, not as bad JSON, and does not retry a 404', async () => {
      const fake = new FakePbx().otherwise({ status: 404, body: '<html>Not Found</html>' });
      const error = await transport(fake, { retries: 2 })
        .send({ spec: spec('queue/list'), params: {}, accessToken: TOKEN })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'transport',
        status: 404,
        message: 'queue/list failed with HTTP 404',
      });
      expect(fake.requests).toHaveLength(1);
      await expect(send({ status: 400, body: { errcode: 0, errmsg: 'SUCCESS' } })).rejects.toMatchObject({
        status: 400,
        message: /failed with HTTP 400/,
      });
    });
  });

  describe('cancellation', () => {
    it('an already aborted signal sends nothing', async () => {
      const fake = new FakePbx().otherwise({ body: ok({}) });
      const controller = new AbortController();
      controller.abort();
      await expect(
        transport(fake).send({
          spec: spec('queue/list'),
          params: {},
          accessToken: TOKEN,
          signal: controller.signal,
        }),
      ).rejects.toMatchObject({ code: 'transport', message: 'queue/list was cancelled' });
      expect(fake.requests).toHaveLength(0);
    });

    it('aborting during the backoff wait stops at once, with no further attempt', async () => {
      const controller = new AbortController();
      const fake = new FakePbx().otherwise(() => {
        setTimeout(() => controller.abort(), 5);
        return { status: 503, body: '' };
      });
      const started = Date.now();
      const error = await transport(fake, { retryBackoff: { initialMs: 10_000, maxMs: 10_000 } })
        .send({ spec: spec('queue/list'), params: {}, accessToken: TOKEN, signal: controller.signal })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PbxTransportError);
      expect(error).toMatchObject({ message: 'queue/list was cancelled', cause: { code: 'ERR_CANCELED' } });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(fake.requests).toHaveLength(1);
    });

    it('aborting a request in flight cancels it (not a timeout) and is not retried', async () => {
      const server = await httpServer(() => undefined);
      const controller = new AbortController();
      const logger = new RecordingLogger();
      const pending = transport(undefined, {
        baseUrl: server.url,
        timeoutMs: 5_000,
        retries: 2,
        logger,
      }).send({
        spec: spec('queue/list'),
        params: {},
        accessToken: TOKEN,
        signal: controller.signal,
      });
      await expect.poll(() => server.seen.length, { timeout: 2_000 }).toBe(1);
      controller.abort();
      await expect(pending).rejects.toMatchObject({ code: 'transport', message: 'queue/list was cancelled' });
      expect(server.seen).toHaveLength(1);
      expect(logger.lines.filter((l) => l.message === 'pbx request retry')).toEqual([]);
    });
  });

  describe('options and secrets', () => {
    it.each([
      [{ retries: -1 }, /retries must be a whole number >= 0, got -1/],
      [{ retries: 1.5 }, /retries must be a whole number/],
      [{ timeoutMs: 0 }, /timeoutMs must be a positive number of ms, got 0/],
      [{ timeoutMs: Number.NaN }, /timeoutMs/],
      [{ retryBackoff: { initialMs: 100, maxMs: 10 } }, /retryBackoff.maxMs must be a number >= initialMs/],
      [{ userAgent: '' }, /userAgent must not be empty/],
    ])('rejects bad options %o with a TypeError naming the field', (options, message) => {
      expect(() => transport(new FakePbx(), options)).toThrow(TypeError);
      expect(() => transport(new FakePbx(), options)).toThrow(message);
    });

    it('keeps the token out of errors even when the network error quotes the URL and carries the config', async () => {
      const fake = new FakePbx().otherwise((seen) => {
        const config = { url: `${seen.path}?access_token=${TOKEN}` } as InternalAxiosRequestConfig;
        throw new AxiosError(`getaddrinfo ENOTFOUND for ${config.url} (token ${TOKEN})`, 'ENOTFOUND', config);
      });
      const error = await transport(fake, { retries: 0 })
        .send({ spec: spec('queue/list'), params: {}, accessToken: TOKEN })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'transport', message: /ENOTFOUND/ });
      for (const text of errorTexts(error)) expect(text).not.toContain(TOKEN);
      expect(((error as Error).cause as Error).message).toContain('access_token=[redacted]');
    });

    it('blanks the refresh token and password a token call carries when the error quotes them', async () => {
      const fake = new FakePbx().otherwise((seen) => {
        const values = Object.values(seen.body as Record<string, string>).join(' ');
        throw new Error(`connection reset while sending ${JSON.stringify(seen.body)} raw ${values}`);
      });
      const t = transport(fake, { retries: 0 });
      const errors = [
        await t
          .send({ spec: spec('refresh_token'), params: { refresh_token: 'r3fresh-9f8e7d' } })
          .catch((e: unknown) => e),
        await t
          .send({ spec: spec('get_token'), params: { username: 'app', password: 'p4ssw0rd-1a2b' } })
          .catch((e: unknown) => e),
      ];
      for (const text of errors.flatMap(errorTexts)) {
        expect(text).not.toContain('r3fresh-9f8e7d');
        expect(text).not.toContain('p4ssw0rd-1a2b');
      }
      expect(errors).toMatchObject([{ code: 'transport' }, { code: 'transport' }]);
    });
  });

  describe('download', () => {
    it('fetches the offered path with the token and parses its JSON', async () => {
      const fake = new FakePbx()
        .reply({ body: '[{"uid":"1.2","leg":1}]' })
        .reply({ status: 410, body: 'gone' });
      const t = transport(fake);
      await expect(t.download('/api/download/ai-1.json', TOKEN)).resolves.toEqual([{ uid: '1.2', leg: 1 }]);
      expect(fake.last).toMatchObject({
        method: 'GET',
        path: '/api/download/ai-1.json',
        query: { access_token: TOKEN },
      });
      await expect(t.download('api/download/ai-1.json', TOKEN)).rejects.toMatchObject({
        code: 'transport',
        status: 410,
        operation: 'download',
      });
    });
  });
});
