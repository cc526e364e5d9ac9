import type { OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { JsonLogger } from '../src/logging/json-logger.js';
import { displayTokenFor, tokenFor } from './support/auth-fixtures.js';
import { sendRaw, type RawAnswer } from './support/raw-http.js';
import { startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

/** An answer with how long it took. */
type Answer = RawAnswer & { ms: number };

/** The one error shape: `{ok: false, error: {code, message, fields?}}`. */
function isErrorShape(body: unknown): boolean {
  const candidate = body as { ok?: unknown; error?: { code?: unknown; message?: unknown; fields?: unknown } };
  return (
    candidate?.ok === false &&
    typeof candidate.error?.code === 'string' &&
    typeof candidate.error.message === 'string' &&
    (candidate.error.fields === undefined || Array.isArray(candidate.error.fields))
  );
}

/** Words of JSON parsers and body-parser internals that must never reach a client. */
const PARSER_TEXT = /Unexpected|position|JSON at|SyntaxError|entity|raw-body|stack|node_modules/i;

/** 10,000 nested arrays, as the fuzzer sent them. */
const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

describe('HTTP hardening: CSRF, security headers, one error shape (trusted-proxy SSO mode)', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let self: string;
  let admin: string;
  const logLines: { level: string; msg: string; status?: number; stack?: string }[] = [];

  /** A raw HTTP request (nothing added but Host and Content-Length), timed. */
  async function send(
    method: string,
    path: string,
    headers: OutgoingHttpHeaders = {},
    body?: string | Buffer,
  ): Promise<Answer> {
    const started = performance.now();
    const answer = await sendRaw(gateway.url, {
      method,
      path,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    return { ...answer, ms: performance.now() - started };
  }

  const identity = { 'x-forwarded-user': 'mallory-victim', 'x-forwarded-groups': 'sb-admins' };
  const json = { 'content-type': 'application/json' };
  const calls = async (operation: string) => (await sim.stats()).requests.by_operation[operation] ?? 0;

  beforeAll(async () => {
    const logger = new JsonLogger('debug', (line) => logLines.push(JSON.parse(line) as (typeof logLines)[0]));
    ({ sim, gateway } = await startStack(
      { scenario: 'small', trafficRate: 0, seed: 7 },
      {
        // Every test request comes from 127.0.0.1: the "proxy" whose identity headers are believed.
        TRUSTED_PROXIES: '127.0.0.1',
        PROXY_GROUPS: JSON.stringify({ 'sb-admins': { role: 'admin', queues: 'all' } }),
        ALLOWED_ORIGINS: 'https://intranet.example',
        LOG_LEVEL: 'debug',
      },
      logger,
    ));
    self = `http://127.0.0.1:${gateway.port}`;
    admin = tokenFor(gateway, 'admin');
  });
  afterAll(() => stopStack(gateway, sim));

  it('refuses cross-site form posts that carry the proxy’s identity: nothing reaches the PBX', async () => {
    const form = { ...identity, 'content-type': 'application/x-www-form-urlencoded' };
    const cases: [string, OutgoingHttpHeaders, string, number][] = [
      ['form, Origin evil', { ...form, origin: 'https://evil.example' }, 'channel_id=PJSIP%2Fx', 403],
      ['form, Sec-Fetch-Site cross-site', { ...form, 'sec-fetch-site': 'cross-site' }, 'channel_id=x', 403],
      ['form, no Origin, no Sec-Fetch-Site', form, 'channel_id=x', 403],
      ['text/plain, Origin null', { ...identity, 'content-type': 'text/plain', origin: 'null' }, '{}', 403],
      ['JSON, no same-origin signal', { ...identity, ...json }, '{"channel_id":"x"}', 403],
      ['form, same origin', { ...form, origin: self }, 'channel_id=x', 415],
    ];
    const before = { refuse: await calls('call/refuse_inbound'), block: await calls('block_numbers/create') };
    for (const operation of ['call/refuse_inbound', 'block_numbers/create']) {
      for (const [what, headers, body, status] of cases) {
        const answer = await send('POST', `/api/pbx/${operation}`, headers, body);
        console.log(`CSRF ${operation} ${what}: ${answer.status}`);
        expect(answer.status, what).toBe(status);
        expect(isErrorShape(answer.body), what).toBe(true);
      }
    }
    expect(await calls('call/refuse_inbound')).toBe(before.refuse);
    expect(await calls('block_numbers/create')).toBe(before.block);
  });

  it('lets the dashboard’s own requests through in every auth mode', async () => {
    const display = (await displayTokenFor(gateway, [1])).token;
    const ok = [
      ['proxy identity, same Origin', { ...identity, ...json, origin: self }],
      [
        'proxy identity, Sec-Fetch-Site same-origin',
        { ...identity, ...json, 'sec-fetch-site': 'same-origin' },
      ],
      ['bearer, no Origin (curl, server to server)', { ...json, authorization: `Bearer ${admin}` }],
      [
        'bearer, allowed origin',
        { ...json, authorization: `Bearer ${admin}`, origin: 'https://intranet.example' },
      ],
    ] as const;
    for (const [what, headers] of ok) {
      const answer = await send('POST', '/api/pbx/system/information', headers, '{}');
      console.log(`CSRF allowed ${what}: ${answer.status}`);
      expect(answer.status, what).toBe(200);
    }
    const refused = [
      [
        'bearer, foreign Origin',
        { ...json, authorization: `Bearer ${admin}`, origin: 'https://evil.example' },
      ],
      [
        'display link, foreign Origin',
        { ...json, authorization: `Bearer ${display}`, origin: 'https://evil.example' },
      ],
      ['password login, foreign Origin', { ...json, origin: 'https://evil.example' }],
    ] as const;
    for (const [what, headers] of refused) {
      const path = what.startsWith('password') ? '/api/auth/login' : '/api/pbx/system/information';
      const answer = await send('POST', path, headers, '{"username":"admin","password":"x"}');
      console.log(`CSRF refused ${what}: ${answer.status}`);
      expect(answer.status, what).toBe(403);
    }
  });

  it('knows its own origin behind the proxy from X-Forwarded-Host and -Proto, and sends HSTS there', async () => {
    const forwarded = { 'x-forwarded-host': 'switchboard.example', 'x-forwarded-proto': 'https' };
    const same = await send(
      'POST',
      '/api/pbx/system/information',
      {
        ...identity,
        ...json,
        ...forwarded,
        origin: 'https://switchboard.example',
      },
      '{}',
    );
    expect(same.status).toBe(200);
    expect(same.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(same.headers['content-security-policy']).toContain('wss://switchboard.example');
    const downgraded = await send(
      'POST',
      '/api/pbx/system/information',
      {
        ...identity,
        ...json,
        ...forwarded,
        origin: 'http://switchboard.example',
      },
      '{}',
    );
    expect(downgraded.status).toBe(403);
    const plain = await send('GET', '/healthz');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the security headers on every answer, refusals included', async () => {
    for (const answer of [
      await send('GET', '/healthz'),
      await send('GET', '/api/nope'),
      await send('POST', '/api/auth/login', { 'content-type': 'text/plain' }, 'x'),
      await send('POST', '/api/auth/login', json, '{"username":'),
    ]) {
      const csp = answer.headers['content-security-policy'] ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['permissions-policy']).toContain('camera=()');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers malformed, null, deep, huge, mistyped bodies and unknown routes in the one shape, never 500', async () => {
    const auth = { authorization: `Bearer ${admin}` };
    const big = JSON.stringify({ name: 'x'.repeat(200 * 1024) });
    const cases: [
      string,
      string,
      string,
      OutgoingHttpHeaders,
      string | undefined,
      number,
      string | undefined,
    ][] = [
      ['malformed JSON', 'POST', '/api/auth/login', json, '{"username": ', 400, 'body'],
      ['null body', 'POST', '/api/auth/login', json, 'null', 400, 'body'],
      ['bare array', 'POST', '/api/display-tokens', { ...json, ...auth }, '[1,2]', 400, 'body'],
      ['bare string', 'POST', '/api/auth/login', json, '"admin"', 400, 'body'],
      [
        '10,000-deep array',
        'POST',
        '/api/pbx/call/refuse_inbound',
        { ...json, ...auth },
        DEEP_ARRAY,
        400,
        'body',
      ],
      [
        '10,000-deep array in a field',
        'POST',
        '/api/pbx/call/refuse_inbound',
        { ...json, ...auth },
        `{"channel_id":${DEEP_ARRAY}}`,
        400,
        'channel_id',
      ],
      [
        'nested array for a string',
        'POST',
        '/api/pbx/call/refuse_inbound',
        { ...json, ...auth },
        '{"channel_id":[[[1]]]}',
        400,
        'channel_id',
      ],
      [
        'object with its own toString',
        'POST',
        '/api/pbx/call/refuse_inbound',
        { ...json, ...auth },
        '{"channel_id":{"toString":1}}',
        400,
        'channel_id',
      ],
      ['200 KB body', 'POST', '/api/display-tokens', { ...json, ...auth }, big, 413, 'body'],
      [
        'Latin-1 JSON',
        'POST',
        '/api/auth/login',
        { 'content-type': 'application/json; charset=latin1' },
        '{}',
        415,
        'body',
      ],
      ['text/plain', 'POST', '/api/auth/login', { 'content-type': 'text/plain' }, '{}', 415, undefined],
      ['unknown GET route', 'GET', '/api/nope', {}, undefined, 404, undefined],
      ['unknown POST route', 'POST', '/api/nope/deeper', json, '{}', 404, undefined],
      ['bad URL encoding', 'DELETE', '/api/display-tokens/%E0%A4%A', auth, undefined, 400, undefined],
    ];
    for (const [what, method, path, headers, body, status, field] of cases) {
      const answer = await send(method, path, headers, body);
      console.log(
        `error shape: ${what}: ${answer.status} ${answer.text.slice(0, 160)} (${answer.ms.toFixed(1)} ms)`,
      );
      expect(answer.status, what).toBe(status);
      expect(isErrorShape(answer.body), what).toBe(true);
      expect(answer.text, what).not.toMatch(PARSER_TEXT);
      const fields = (answer.body as { error: { fields?: { field: string }[] } }).error.fields;
      if (field)
        expect(
          fields?.map((f) => f.field),
          what,
        ).toContain(field);
    }
  });

  it('answers a rate limit (429) in the one shape', async () => {
    // X-Forwarded-For from the trusted proxy: only this made-up client is locked out, not the test runner.
    let answer: Answer | undefined;
    for (let attempt = 0; attempt < 8 && answer?.status !== 429; attempt++)
      answer = await send(
        'POST',
        '/api/auth/login',
        { ...json, 'x-forwarded-for': '198.51.100.77' },
        '{"username":"admin","password":"guess"}',
      );
    expect(answer?.status).toBe(429);
    expect(isErrorShape(answer?.body)).toBe(true);
  });

  // A PBX refusal (502) is an answer, not a fault: only 500 means the gateway itself failed.
  it('survives a fuzz of hostile values in every field of every body-taking route without a 500', async () => {
    let deep = '1';
    for (let i = 0; i < 40; i++) deep = `[${deep}]`;
    const values = [
      'null',
      'true',
      '0',
      '-1',
      '1.5',
      '1e308',
      '"x"',
      '""',
      '"\\ud800"',
      '[]',
      '{}',
      deep,
      '{"toString":1,"valueOf":2}',
      '{"__proto__":{"polluted":1}}',
      `"${'y'.repeat(70_000)}"`,
      `[${Array.from({ length: 12_000 }, () => '1').join(',')}]`,
    ];
    const routes = [
      { path: '/api/auth/login', fields: ['username', 'password'] },
      { path: '/api/display-tokens', fields: ['name', 'queues'] },
      { path: '/api/pbx/call/refuse_inbound', fields: ['channel_id'] },
      { path: '/api/pbx/block_numbers/create', fields: ['name', 'limit_type', 'number_list'] },
      { path: '/api/pbx/ivr/create', fields: ['number', 'name', 'prompt_repeat', 'dial_ext_list'] },
    ];
    const statuses = new Map<number, number>();
    let total = 0;
    let unshaped = 0;
    let slowest = 0;
    const started = performance.now();
    for (const route of routes)
      for (const field of route.fields)
        for (const value of values) {
          const answer = await send(
            'POST',
            route.path,
            { ...json, authorization: `Bearer ${admin}`, 'x-forwarded-for': '198.51.100.78' },
            `{"${field}":${value}}`,
          );
          total++;
          slowest = Math.max(slowest, answer.ms);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status >= 400 && (!isErrorShape(answer.body) || PARSER_TEXT.test(answer.text)))
            unshaped++;
          expect(answer.status, `${route.path} ${field}=${value.slice(0, 40)}`).not.toBe(500);
        }
    console.log(
      `fuzz: ${total} requests in ${(performance.now() - started).toFixed(0)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${unshaped} without the error shape, slowest ${slowest.toFixed(1)} ms`,
    );
    expect(unshaped).toBe(0);
  });

  it('logs client mistakes at debug without a stack, and nothing at error', () => {
    const refused = logLines.filter((line) => line.msg === 'request refused');
    const errors = logLines.filter((line) => line.level === 'error');
    console.log(
      `logs: ${refused.length} refusals at ${[...new Set(refused.map((l) => l.level))].join(',')}, ${errors.length} at error`,
    );
    expect(refused.some((line) => line.status === 413)).toBe(true);
    expect(refused.every((line) => line.level === 'debug' && line.stack === undefined)).toBe(true);
    expect(errors).toEqual([]);
  });
});
