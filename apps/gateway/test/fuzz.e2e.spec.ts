import { Agent, type OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS } from '../src/admin/admin-operations.js';
import type { RunningGateway } from '../src/create-app.js';
import { JsonLogger } from '../src/logging/json-logger.js';
import { contractKeys } from './support/access-inventory.js';
import { tokenFor } from './support/auth-fixtures.js';
import { LiveWire } from './support/live-wire.js';
import { Prng } from './support/prng.js';
import { sendBytes, sendRaw, type RawAnswer } from './support/raw-http.js';
import { errorOf, resultShapeProblem } from './support/result-shape.js';
import { startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

/** `FUZZ_SEED=<n>` repeats a run; the seed is printed either way. */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_124) >>> 0;
/** Cases per run and how many are in flight at once: a bound on the run time. */
const CASES = 4_000;
const CONCURRENCY = 20;
/** /healthz is asked between batches of this many cases. */
const HEALTH_EVERY = 250;

const DEEP = 10_000;
const deepArray = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
const deepObject = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
const huge = `"${'x'.repeat(200 * 1024)}"`;

/**
 * Values for one field, as JSON text: wrong types, edges, huge and deep values, prototype keys, lone
 * surrogates (escaped: JSON.stringify writes them as \ud800), Infinity (1e999 parses to it). `json: false`
 * marks text that is not JSON at all (NaN, undefined): the whole body is then malformed.
 */
const FIELD_VALUES: { label: string; text: string; json?: false }[] = [
  { label: 'null', text: 'null' },
  { label: 'true', text: 'true' },
  { label: 'false', text: 'false' },
  { label: '0', text: '0' },
  { label: '-1', text: '-1' },
  { label: '1.5', text: '1.5' },
  { label: '-0', text: '-0' },
  { label: '2^53+1', text: '9007199254740993' },
  { label: '1e308', text: '1e308' },
  { label: 'Infinity (1e999)', text: '1e999' },
  { label: 'empty string', text: '""' },
  { label: 'blank string', text: '"   "' },
  { label: 'string', text: '"fuzz"' },
  { label: '129 chars', text: JSON.stringify('a'.repeat(129)) },
  { label: '1,025 chars', text: JSON.stringify('p'.repeat(1_025)) },
  { label: '200 KB string', text: huge },
  { label: 'lone high surrogate', text: '"\\ud800"' },
  { label: 'lone low surrogate', text: '"ok\\udc00ok"' },
  { label: 'NUL', text: '"a\\u0000b"' },
  { label: 'markup', text: '"<script>alert(1)</script>"' },
  { label: 'path', text: '"../../etc/passwd"' },
  { label: 'template', text: '"${7*7}{{7*7}}"' },
  { label: 'emoji', text: '"📞☎️"' },
  { label: 'bidi', text: '"\\u202egnp.exe"' },
  { label: 'numeric string', text: '"1"' },
  { label: 'empty array', text: '[]' },
  { label: 'array', text: '[1,2,3]' },
  { label: 'array of strings', text: '["x","y"]' },
  { label: 'array of null', text: '[null]' },
  { label: '10,000 items', text: `[${Array.from({ length: 10_000 }, (_, i) => i).join(',')}]` },
  { label: '10,000-deep array', text: deepArray },
  { label: '10,000-deep object', text: deepObject },
  { label: 'empty object', text: '{}' },
  { label: 'object', text: '{"a":1}' },
  { label: '__proto__ object', text: '{"__proto__":{"polluted":"yes","role":"admin"}}' },
  { label: 'constructor.prototype', text: '{"constructor":{"prototype":{"polluted":"yes"}}}' },
  { label: 'array-like object', text: '{"length":1,"0":"health"}' },
  { label: 'toString/valueOf object', text: '{"toString":1,"valueOf":"x","hasOwnProperty":null}' },
  { label: 'tiny exponent', text: '1e-400' },
  { label: 'padded number string', text: '" 5 "' },
  { label: 'hex string', text: '"0x10"' },
  { label: 'NaN', text: 'NaN', json: false },
  { label: 'Infinity', text: 'Infinity', json: false },
  { label: 'undefined', text: 'undefined', json: false },
  { label: 'single quotes', text: "'x'", json: false },
  { label: 'leading zero', text: '007', json: false },
];

/** Keys that are not the route's: prototype keys, odd and huge names. */
const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
  'a.b',
  '\ud800',
  'k'.repeat(10_000),
  'toString',
];

/**
 * The bodies of the alerting routes, each a valid base (as JSON texts per field) one field of which is mutated;
 * `named`: a refusal names the mutated field. A push subscription's keys are refused by their own path
 * (`keys.p256dh`), so any field will do there.
 */
const ALERT_BODIES: [string, Record<string, string>, 'named' | 'any'][] = [
  ['POST /api/alert-channels', { kind: '"webpush"', name: '"Fuzz phones"', queues: '"all"' }, 'named'],
  ['POST /api/acknowledge-link', { token: '"sb1.fuzz.fuzz"' }, 'named'],
  ['POST /api/acknowledge-link/acknowledge', { token: '"sb1.fuzz.fuzz"', name: '"Fuzz"' }, 'named'],
  [
    'POST /api/push/subscriptions',
    {
      endpoint: '"https://push.example.invalid/fuzz"',
      keys: '{"p256dh":"BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM","auth":"tBHItJI5svbpez7KI4CCXg"}',
    },
    'any',
  ],
  ['DELETE /api/push/subscriptions', { endpoint: '"https://push.example.invalid/none"' }, 'named'],
  ['POST /api/push/held-call-decision', { actionToken: '"sb1.fuzz.fuzz"', action: '"accept"' }, 'named'],
];

/** Whole bodies that are not a JSON object, or not JSON. */
/**
 * Whole bodies that are not a JSON object, or not JSON: the error names `body`. Some are objects after all
 * (`fields: 'object'`: the parser drops a BOM, takes the last of duplicate keys, decodes bad UTF-8 as U+FFFD,
 * and an empty body is none), so the route's own check names its fields; `fields: 'a'`: the key under which
 * the nesting is too deep.
 */
const WHOLE_BODIES: { label: string; body: string | Buffer; fields?: 'object' | 'a' }[] = [
  { label: 'empty', body: '', fields: 'object' },
  { label: 'blank', body: '   ' },
  { label: 'open brace', body: '{' },
  { label: 'truncated', body: '{"name":"x","queues":[1' },
  { label: 'trailing comma', body: '{"a":1,}' },
  { label: 'two documents', body: '{} {}' },
  { label: 'null', body: 'null' },
  { label: 'true', body: 'true' },
  { label: 'number', body: '12' },
  { label: 'string', body: '"text"' },
  { label: 'array', body: '[]' },
  { label: 'array of objects', body: '[{"name":"x"}]' },
  { label: 'NaN', body: 'NaN' },
  { label: 'Infinity', body: '{"limit":Infinity}' },
  { label: 'BOM', body: '\ufeff{}', fields: 'object' },
  { label: 'duplicate keys', body: '{"a":1,"a":2}', fields: 'object' },
  { label: '10,000-deep array', body: deepArray },
  { label: '10,000-deep object', body: deepObject, fields: 'a' },
  {
    label: '__proto__ body',
    body: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
    fields: 'object',
  },
  {
    label: 'invalid UTF-8 (encoded surrogate)',
    body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
    fields: 'object',
  },
  { label: 'bytes 0xff', body: Buffer.from([0xff, 0xfe, 0x7b, 0x7d]) },
  { label: '300 KB', body: `{"name":${huge.slice(0, 100)}${'y'.repeat(300 * 1024)}"}` },
];

/** Content types other than JSON, and JSON in another charset: 415 (no field is at fault). */
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
];

/** Query values for `limit` and friends. */
const QUERY_VALUES = [
  '',
  '0',
  '-1',
  '501',
  '1.5',
  '1e3',
  'NaN',
  'Infinity',
  'x',
  '%ED%A0%80',
  '%',
  '%zz',
  '%00',
  'a'.repeat(5_000),
  '5&limit=6',
  '1;DROP',
  '0x10',
  '+5',
  '%205',
  '__proto__',
];

/** Path segments for route parameters. */
const SEGMENTS = [
  'x',
  '%ED%A0%80',
  '%',
  '%2F',
  '..',
  '%00',
  'a'.repeat(4_000),
  '%F0%9F%93%9E',
  'constructor',
  '__proto__',
];

/** How a socket command is built right: the base every field mutation starts from. */
const SOCKET_BASES: Record<string, Record<string, unknown>> = {
  subscribe: { streams: ['health'] },
  unsubscribe: { streams: ['health'] },
  resync: { stream: 'health' },
  'inbound:decide': { callId: '1700000000.1', decision: 'accept' },
  'conference:kick': { conference: '6999', members: ['PJSIP/none-00000001'] },
  'uacsta:refuse': { extension: '1001', callId: 'fuzz-call' },
  'agent:login': { extension: '1001', operation: 'login', queueIds: [1] },
  'call:listen': { agent: '1001', monitor: '1011', mode: 'listen' },
  'audit:recent': { limit: 5 },
};

/** Socket frames that are not a valid packet: the server closes that connection; the gateway lives on. */
const RAW_FRAMES = [
  '2["subscribe",{',
  '2["subscribe",NaN]',
  '2{"streams":[]}',
  '2[',
  '2["subscribe",{"streams":["health"]}]garbage',
  '9nonsense',
];

/** Requests no HTTP client would send: Node's HTTP parser refuses them before any route or middleware runs. */
const MALFORMED_REQUESTS: { label: string; request: string }[] = [
  {
    label: '20 KB header',
    request: `GET /api/queues HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`,
  },
  {
    label: 'header line without a colon',
    request: 'GET /api/queues HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n',
  },
  { label: 'request line of garbage', request: 'NONSENSE\r\n\r\n' },
  {
    label: 'control character in a header',
    request: 'GET /api/queues HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \u0001\r\n\r\n',
  },
  {
    label: 'Content-Length and Transfer-Encoding',
    request:
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  },
  {
    label: 'chunk size not hexadecimal',
    request:
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  },
];

/** What one case expects of a failing answer's `fields`. */
type FieldRule =
  | { kind: 'field'; field: string }
  | { kind: 'body'; field: 'body' | '(payload)' }
  | { kind: 'any-fields' }
  | { kind: 'none' };

/** One fuzz case, ready to run. */
interface FuzzCase {
  index: number;
  target: string;
  label: string;
  fields: FieldRule;
  run(): Promise<{ http?: RawAnswer; socket?: unknown }>;
}

/** Builds `{"k":v,...}` from JSON texts, so a value may be any text (also not JSON). */
function objectText(entries: [string, string][]): string {
  return `{${entries.map(([key, text]) => `${JSON.stringify(key)}:${text}`).join(',')}}`;
}

const truncate = (text: string, max = 160) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

describe('fuzz: REST bodies and queries, socket payloads', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let url: string;
  let admin: string;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const wires: LiveWire[] = [];
  const errorLines: string[] = [];
  const prototypeKeys = {
    object: Object.getOwnPropertyNames(Object.prototype).sort(),
    array: Object.getOwnPropertyNames(Array.prototype).sort(),
  };

  beforeAll(async () => {
    const logger = new JsonLogger('warn', (line) => {
      if ((JSON.parse(line) as { level?: string }).level === 'error') errorLines.push(line);
    });
    ({ sim, gateway } = await startStack(
      { scenario: 'small', trafficRate: 0, seed: 5 },
      {
        PBX_MAX_REQUESTS_PER_SECOND: '200',
        COMMANDS_PER_SECOND: '1000',
        // Sign-in cases come "through" this proxy from many addresses, so no address lock hides the parser.
        TRUSTED_PROXIES: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      logger,
    ));
    url = gateway.url;
    admin = tokenFor(gateway, 'admin', 3_600_000);
    for (const user of ['admin', 'sup', 'supq', 'admin'])
      wires.push(await LiveWire.connect(url, { token: tokenFor(gateway, user, 3_600_000) }));
  });
  afterAll(async () => {
    for (const wire of wires) wire.close();
    agent.destroy();
    await stopStack(gateway, sim);
  });

  /** A socket to send on; one the server closed is replaced. */
  const wireFor = async (i: number): Promise<LiveWire> => {
    const slot = i % wires.length;
    const current = wires[slot];
    if (current?.connected) return current;
    const fresh = await LiveWire.connect(url, {
      token: tokenFor(gateway, slot === 2 ? 'supq' : 'admin', 3_600_000),
    });
    wires[slot] = fresh;
    return fresh;
  };

  const http = (method: string, path: string, headers: OutgoingHttpHeaders, body?: string | Buffer) =>
    sendRaw(url, {
      method,
      path,
      headers: { origin: url, ...headers },
      ...(body !== undefined ? { body } : {}),
      agent,
    });

  /** A case of a JSON body for a route: a field mutated, a foreign key added, or the whole body wrong. */
  function bodyCase(
    prng: Prng,
    index: number,
    target: string,
    base: Record<string, string>,
    send: (headers: OutgoingHttpHeaders, body: string | Buffer) => Promise<RawAnswer>,
    fieldRule: 'named' | 'any',
  ): FuzzCase {
    const roll = prng.next();
    const json = { 'content-type': 'application/json' };
    if (roll < 0.55) {
      const field = prng.pick(Object.keys(base));
      const value = prng.pick(FIELD_VALUES);
      const text = objectText(Object.entries({ ...base, [field]: value.text }));
      return {
        index,
        target,
        label: `${field}: ${value.label}`,
        fields:
          value.json === false
            ? { kind: 'body', field: 'body' }
            : fieldRule === 'named'
              ? { kind: 'field', field }
              : { kind: 'any-fields' },
        run: async () => ({ http: await send(json, text) }),
      };
    }
    if (roll < 0.7) {
      const key = prng.pick(ODD_KEYS);
      const value = prng.pick(FIELD_VALUES.filter((v) => v.json !== false));
      const text = objectText([...Object.entries(base), [key, value.text]]);
      return {
        index,
        target,
        label: `extra key ${JSON.stringify(truncate(key, 20))}: ${value.label}`,
        fields: { kind: 'none' },
        run: async () => ({ http: await send(json, text) }),
      };
    }
    if (roll < 0.92) {
      const whole = prng.pick(WHOLE_BODIES);
      return {
        index,
        target,
        label: `body ${whole.label}`,
        fields:
          whole.fields === 'object'
            ? { kind: 'any-fields' }
            : whole.fields === 'a'
              ? { kind: 'field', field: 'a' }
              : { kind: 'body', field: 'body' },
        run: async () => ({ http: await send(json, whole.body) }),
      };
    }
    const type = prng.pick(OTHER_TYPES);
    return {
      index,
      target,
      label: `content-type ${type}`,
      fields: { kind: 'none' },
      run: async () => ({ http: await send({ 'content-type': type }, objectText(Object.entries(base))) }),
    };
  }

  /** The next case: REST about 60 %, socket 40 %, every target of both. */
  function nextCase(prng: Prng, index: number, commands: string[]): FuzzCase {
    const bearer = { authorization: `Bearer ${admin}` };
    const roll = prng.next();
    if (roll < 0.08) {
      // Sign-in: one field mutated while the other is empty, so no password is hashed; a fresh address each.
      const address = `10.${prng.int(256)}.${prng.int(256)}.${prng.int(256)}`;
      const base = prng.chance(0.5)
        ? { username: '""', password: '"fuzz"' }
        : { username: '"fuzz"', password: '""' };
      return bodyCase(
        prng,
        index,
        'POST /api/auth/login',
        base,
        (h, b) => http('POST', '/api/auth/login', { ...h, 'x-forwarded-for': address }, b),
        'any',
      );
    }
    if (roll < 0.2)
      return bodyCase(
        prng,
        index,
        'POST /api/display-tokens',
        { name: '"Fuzz TV"', queues: '[1]' },
        (h, b) => http('POST', '/api/display-tokens', { ...h, ...bearer }, b),
        'named',
      );
    if (roll < 0.28) {
      // The alerting bodies: a contact point, an acknowledge link, a push subscription, a push decision.
      const [target, base, rule] = prng.pick(ALERT_BODIES);
      const [method, path] = target.split(' ') as [string, string];
      return bodyCase(prng, index, target, base, (h, b) => http(method, path, { ...h, ...bearer }, b), rule);
    }
    if (roll < 0.4) {
      const operation = prng.pick(ADMIN_OPERATIONS);
      const fields = Object.keys(
        (operation.spec.params as { fields?: Record<string, unknown> }).fields ?? {},
      );
      const base = Object.fromEntries(fields.slice(0, 2).map((f) => [f, '"1"']));
      const path = `/api/pbx/${operation.name}`;
      const built = bodyCase(
        prng,
        index,
        `POST ${path}`,
        Object.keys(base).length > 0 ? base : { id: '1' },
        (h, b) => http('POST', path, { ...h, ...bearer }, b),
        'any',
      );
      return built;
    }
    if (roll < 0.48) {
      const value = prng.pick(QUERY_VALUES);
      const key = prng.chance(0.8)
        ? 'limit'
        : prng.pick(['limit[]', 'limit[a]', '__proto__[limit]', 'constructor', '']);
      const path = `/api/audit?${key}=${value}`;
      return {
        index,
        target: 'GET /api/audit',
        label: truncate(`?${key}=${value}`, 60),
        fields: key === 'limit' && value !== '' ? { kind: 'field', field: 'limit' } : { kind: 'none' },
        run: async () => ({ http: await http('GET', path, bearer) }),
      };
    }
    if (roll < 0.52) {
      const segment = prng.pick(SEGMENTS);
      return {
        index,
        target: 'DELETE /api/display-tokens/:id',
        label: truncate(segment, 40),
        fields: { kind: 'none' },
        run: async () => ({ http: await http('DELETE', `/api/display-tokens/${segment}`, bearer) }),
      };
    }
    if (roll < 0.56) {
      const value = prng.pick([
        ...QUERY_VALUES,
        'Bearer',
        'Bearer ',
        `Bearer ${admin}x`,
        `Bearer ${'a'.repeat(5_000)}`,
        'Basic YTpi',
        `Bearer sb1.${'e'.repeat(40)}.x`,
      ]);
      const path = prng.pick([
        '/api/queues',
        '/api/auth/session',
        `/api/queues?x=${prng.pick(QUERY_VALUES)}`,
      ]);
      return {
        index,
        target: `GET ${path.split('?')[0] ?? path}`,
        label: truncate(`authorization: ${value}`, 60),
        fields: { kind: 'none' },
        run: async () => ({ http: await http('GET', path, { authorization: value }) }),
      };
    }
    if (roll < 0.6) {
      const method = prng.pick(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'POST']);
      const path = prng.pick([
        '/api/queues',
        '/api/audit',
        '/api/auth/session',
        '/api/docs-json',
        '/healthz',
        '/api/pbx/queue',
        '/api/pbx/a/b/c',
      ]);
      return {
        index,
        target: `${method} ${path}`,
        label: 'method not routed',
        fields: { kind: 'none' },
        run: async () => ({
          http: await http(method, path, { ...bearer, 'content-type': 'application/json' }, '{}'),
        }),
      };
    }

    // Socket: every command of the contract, on one of the shared sockets.
    const command = prng.pick(commands);
    const base = SOCKET_BASES[command] ?? {};
    const socketRoll = prng.next();
    const send = (argumentsJson: string) => async () => ({
      socket: await (await wireFor(index)).requestText(argumentsJson),
    });
    if (socketRoll < 0.6 && Object.keys(base).length > 0) {
      const field = prng.pick(Object.keys(base));
      const value = prng.pick(FIELD_VALUES.filter((v) => v.json !== false));
      const payload = objectText(
        Object.entries({
          ...Object.fromEntries(Object.entries(base).map(([k, v]) => [k, JSON.stringify(v)])),
          [field]: value.text,
        }),
      );
      return {
        index,
        target: command,
        label: `${field}: ${value.label}`,
        fields: { kind: 'field', field },
        run: send(`["${command}",${payload}]`),
      };
    }
    if (socketRoll < 0.75) {
      const key = prng.pick(ODD_KEYS);
      const payload = objectText([
        ...Object.entries(base).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
        [key, prng.pick(FIELD_VALUES.filter((v) => v.json !== false)).text],
      ]);
      return {
        index,
        target: command,
        label: `extra key ${JSON.stringify(truncate(key, 20))}`,
        fields: { kind: 'none' },
        run: send(`["${command}",${payload}]`),
      };
    }
    if (socketRoll < 0.97) {
      const whole = prng.pick([
        { label: 'null', text: 'null' },
        { label: 'number', text: '12' },
        { label: 'string', text: '"x"' },
        { label: 'array', text: '[]' },
        { label: 'array for object', text: `[${JSON.stringify(base)}]` },
        { label: '10,000-deep array', text: deepArray },
        { label: '10,000-deep object', text: deepObject },
        { label: '200 KB string', text: huge },
        { label: '__proto__ payload', text: '{"__proto__":{"polluted":"yes"},"streams":["health"]}' },
        { label: 'no payload', text: '' },
        { label: 'two payloads', text: `${JSON.stringify(base)},${JSON.stringify(base)}` },
      ]);
      const argumentsJson = whole.text === '' ? `["${command}"]` : `["${command}",${whole.text}]`;
      // audit:recent reads an absent payload as {} (the default limit): only a wrong one is at fault.
      const fields: FieldRule = ['__proto__ payload', 'no payload', 'null'].includes(whole.label)
        ? { kind: 'none' }
        : whole.label === '10,000-deep object'
          ? { kind: 'any-fields' }
          : { kind: 'body', field: '(payload)' };
      return { index, target: command, label: `payload ${whole.label}`, fields, run: send(argumentsJson) };
    }
    const frame = prng.pick(RAW_FRAMES);
    return {
      index,
      target: 'socket frame',
      label: `raw ${JSON.stringify(frame)}`,
      fields: { kind: 'none' },
      run: async () => {
        // A throwaway socket: a broken packet may close its connection, never the gateway.
        const wire = await LiveWire.connect(url, { token: tokenFor(gateway, 'sup', 3_600_000) });
        wire.sendPacket(frame);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const answer = wire.connected
          ? await wire.request('subscribe', { streams: ['health'] }).catch(() => undefined)
          : undefined;
        wire.close();
        return { socket: answer ?? { ok: true, data: 'connection closed by the server' } };
      },
    };
  }

  /** What is wrong with one answer, or undefined. */
  function violation(fuzz: FuzzCase, outcome: { http?: RawAnswer; socket?: unknown }): string | undefined {
    let body: unknown;
    if (outcome.http) {
      const { status } = outcome.http;
      body = outcome.http.body;
      const code = errorOf(body)?.code;
      if (
        status >= 500 &&
        !((status === 502 && code === 'pbx_error') || (status === 503 && code === 'pbx_unavailable'))
      )
        return `HTTP ${status} ${truncate(outcome.http.text, 300)}`;
      if (status < 200 || (status >= 300 && status < 400)) return `HTTP ${status}`;
      if (!String(outcome.http.headers['content-type']).startsWith('application/json'))
        return `HTTP ${status} with content-type ${String(outcome.http.headers['content-type'])}`;
    } else {
      body = outcome.socket;
      if (errorOf(body)?.code === 'internal') return `internal error ${truncate(JSON.stringify(body), 300)}`;
    }
    const shape = resultShapeProblem(body);
    if (shape) return `not the one shape (${shape}): ${truncate(JSON.stringify(body) ?? String(body), 300)}`;
    const error = errorOf(body);
    if (error?.code !== 'invalid_payload') return undefined;
    const named = error.fields?.map((f) => f.field) ?? [];
    const rule = fuzz.fields;
    if (rule.kind === 'any-fields' && named.length === 0)
      return `invalid_payload without fields: ${error.message}`;
    if (rule.kind === 'body' && !named.includes(rule.field))
      return `invalid_payload not naming ${rule.field}: ${JSON.stringify(error)}`;
    if (rule.kind === 'field') {
      const names = (f: string) =>
        f === rule.field || f.startsWith(`${rule.field}.`) || f.startsWith(`${rule.field}[`) || f === 'body';
      if (!named.some(names))
        return `invalid_payload not naming ${rule.field}: ${truncate(JSON.stringify(error), 300)}`;
    }
    return undefined;
  }

  it(`sends ${CASES} seeded cases: the gateway keeps answering, nothing is a 5xx of its own, every answer has the one shape`, async () => {
    const commands = contractKeys('socket-events.ts', 'ClientToServerEvents');
    const prng = new Prng(SEED);
    const cases = Array.from({ length: CASES }, (_, i) => nextCase(prng, i, commands));
    const violations: string[] = [];
    const answers = new Map<string, number>();
    const targets = new Map<string, number>();
    let healthChecks = 0;
    let resets = 0;
    const started = Date.now();
    for (let batch = 0; batch < cases.length; batch += HEALTH_EVERY) {
      const slice = cases.slice(batch, batch + HEALTH_EVERY);
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < slice.length) {
            const fuzz = slice[next++] as FuzzCase;
            targets.set(fuzz.target, (targets.get(fuzz.target) ?? 0) + 1);
            try {
              const outcome = await fuzz.run().catch((error: NodeJS.ErrnoException) => {
                // A kept-alive connection the server closed after an error answer (a body it did not read)
                // can be reset under a request that was being written to it: once more, which must answer.
                if (error.code !== 'ECONNRESET' && error.message !== 'socket hang up') throw error;
                resets++;
                return fuzz.run();
              });
              const key = outcome.http
                ? `HTTP ${outcome.http.status}`
                : `socket ${errorOf(outcome.socket)?.code ?? 'ok'}`;
              answers.set(key, (answers.get(key) ?? 0) + 1);
              const problem = violation(fuzz, outcome);
              if (problem) violations.push(`#${fuzz.index} ${fuzz.target} [${fuzz.label}]: ${problem}`);
            } catch (error) {
              answers.set('no answer', (answers.get('no answer') ?? 0) + 1);
              violations.push(
                `#${fuzz.index} ${fuzz.target} [${fuzz.label}]: no answer (${error instanceof Error ? error.message : String(error)})`,
              );
            }
          }
        }),
      );
      const health = await sendRaw(url, { method: 'GET', path: '/healthz', timeoutMs: 3_000 });
      healthChecks++;
      expect(health.status, `/healthz after case ${batch + slice.length}`).toBe(200);
    }
    const seconds = (Date.now() - started) / 1000;
    const polluted = {
      object: Object.getOwnPropertyNames(Object.prototype).sort(),
      array: Object.getOwnPropertyNames(Array.prototype).sort(),
    };

    console.log(
      `fuzz: seed ${SEED} (FUZZ_SEED=${SEED} repeats it), ${cases.length} cases in ${seconds.toFixed(1)} s at concurrency ${CONCURRENCY}; ${healthChecks} /healthz checks; ${resets} kept-alive connections reset and retried; ${violations.length} violations`,
    );
    const restCases = cases.filter((c) => /^[A-Z]+ \//.test(c.target)).length;
    console.log(
      `fuzz: ${restCases} REST cases (bodies, queries, headers, methods), ${cases.length - restCases} socket cases (${commands.length} commands, raw frames)`,
    );
    console.log(
      `fuzz: cases per target ${JSON.stringify(Object.fromEntries([...targets].sort((a, b) => b[1] - a[1])))}`,
    );
    console.log(`fuzz: answers ${JSON.stringify(Object.fromEntries([...answers].sort()))}`);
    if (violations.length > 0) console.log(`fuzz violations:\n  ${violations.slice(0, 60).join('\n  ')}`);
    if (errorLines.length > 0)
      console.log(`fuzz: ${errorLines.length} error log lines, first: ${truncate(errorLines[0] ?? '', 600)}`);

    expect(polluted).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(violations).toEqual([]);
    expect((await sendRaw(url, { method: 'GET', path: '/readyz' })).status).toBe(200);
  }, 120_000);

  it('answers requests the HTTP parser refuses in the one error shape too, and keeps answering', async () => {
    const wrong: string[] = [];
    for (const { label, request } of MALFORMED_REQUESTS) {
      const answer = await sendBytes(url, request);
      const problem =
        answer.status < 400 || answer.status >= 500
          ? `status ${answer.status}`
          : (resultShapeProblem(answer.body) ?? (errorOf(answer.body) ? undefined : 'not an error'));
      if (problem)
        wrong.push(
          `${label}: ${JSON.stringify(answer.head)} body ${JSON.stringify(truncate(answer.text, 100))} (${problem})`,
        );
    }
    console.log(
      `fuzz: ${MALFORMED_REQUESTS.length} requests the HTTP parser refuses; ${wrong.length} answered outside the one shape${wrong.length > 0 ? `:\n  ${wrong.join('\n  ')}` : ''}`,
    );
    expect((await sendRaw(url, { method: 'GET', path: '/healthz' })).status).toBe(200);
    expect(wrong).toEqual([]);
  });
});
