import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
  type KeyObject,
} from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionRequest } from '@switchboard/live-protocol';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './test-tls.js';

/**
 * A browser's push service for tests: a real https server that accepts web push requests the way one does
 * (RFC 8030 delivery, RFC 8292 VAPID, RFC 8291/8188 aes128gcm encryption), decrypts each message with the
 * subscription's private key, and records it. What the gateway sends is thereby checked end to end: a
 * message that a browser could not decrypt, or a request a push service would refuse, fails here too.
 */

/** A subscription as a browser would create it, with the secrets only the browser holds. */
export interface StandInSubscription {
  endpointId: string;
  /** What the browser hands the page (PushSubscription.toJSON()). */
  subscription: PushSubscriptionRequest;
  /** The user agent's P-256 key pair; its public half is `keys.p256dh`. */
  ecdhKeys: ECDH;
  /** The 16-byte auth secret; `keys.auth`. */
  authSecret: Buffer;
}

/** One message the stand-in accepted and decrypted. */
export interface ReceivedPush {
  endpointId: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID `sub` and public key (`k`) the request was signed with. */
  vapid: { subject: string; publicKey: string };
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
}

/** A request the stand-in turned away, and why (for assertions and failure messages). */
export interface RefusedPush {
  endpointId: string;
  status: number;
  reason: string;
}

/** What a subscription's endpoint answers instead of accepting: a status, or no answer at all. */
export type ForcedAnswer = number | 'hang';

/** A running stand-in. */
export interface PushServiceStandIn {
  /** `https://127.0.0.1:<port>`, the push service's origin (the VAPID `aud`). */
  url: string;
  /** The stand-in's self-signed certificate (PEM): trust it through an https.Agent's `ca`. */
  ca: string;
  /**
   * A new subscription. With `applicationServerKey` (base64url) it is restricted to that VAPID key, as
   * browsers make them: a request signed with another key is refused with 403 (RFC 8292 section 4.2).
   */
  subscribe(applicationServerKey?: string): StandInSubscription;
  /** Accepted messages, oldest first. */
  received: ReceivedPush[];
  /** Refused requests, oldest first. */
  refused: RefusedPush[];
  /** Every request that reached the server, accepted or not. */
  readonly requestCount: number;
  /** Resolves with the first received message (past or future) matching `pred`; fails after `timeoutMs`. */
  waitFor(pred: (push: ReceivedPush) => boolean, timeoutMs: number): Promise<ReceivedPush>;
  /** From now on, authenticated requests to this endpoint get `answer` (e.g. 410 once unsubscribed). */
  respondWith(endpointId: string, answer: ForcedAnswer): void;
  close(): Promise<void>;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];
/** RFC 8030 section 7.2: a push service must accept 4096 bytes; more may be refused with 413. */
const MAX_BODY_BYTES = 4096;
const MAX_JWT_LIFETIME_SEC = 24 * 60 * 60;
const TAG_BYTES = 16;

/** Why a request is turned away: the HTTP status and the reason. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

interface Endpoint {
  ecdh: ECDH;
  authSecret: Buffer;
  /** Raw 65-byte point the subscription is restricted to, if any. */
  serverKey: Buffer | null;
  answer: ForcedAnswer | null;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startPushService(): Promise<PushServiceStandIn> {
  const key = TEST_TLS_KEY;
  const cert = TEST_TLS_CERT;
  const endpoints = new Map<string, Endpoint>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const waiters = new Set<(push: ReceivedPush) => void>();
  let requestCount = 0;
  let origin = '';

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    requestCount += 1;
    const path = new URL(request.url ?? '/', origin).pathname;
    const endpointId = /^\/push\/([\w-]{1,64})$/.exec(path)?.[1] ?? '';
    const body = await readBody(request);
    try {
      if (request.method !== 'POST') throw new Refusal(405, 'only POST delivers a message');
      const endpoint = endpoints.get(endpointId);
      if (!endpoint) throw new Refusal(404, 'no such subscription');
      const vapid = checkVapid(request.headers.authorization, origin, endpoint.serverKey);
      if (endpoint.answer === 'hang') return; // the socket stays open with no answer
      if (endpoint.answer !== null) throw new Refusal(endpoint.answer, 'answer forced by the test');
      const delivery = checkDeliveryHeaders(request, body);
      const plaintext = decryptAes128gcm(body, endpoint.ecdh, endpoint.authSecret);
      let payload: unknown;
      try {
        payload = JSON.parse(plaintext.toString('utf8'));
      } catch {
        throw new Refusal(400, 'the decrypted message is not JSON');
      }
      const push: ReceivedPush = { endpointId, ...delivery, vapid, payload };
      received.push(push);
      for (const waiter of waiters) waiter(push);
      response.writeHead(201, { Location: `/message/${randomBytes(8).toString('hex')}` }).end();
    } catch (error) {
      const status = error instanceof Refusal ? error.status : 500;
      const reason = error instanceof Error ? error.message : String(error);
      refused.push({ endpointId, status, reason });
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(reason);
    }
  };

  const server = createServer({ key, cert }, (request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    ca: cert,
    received,
    refused,
    get requestCount() {
      return requestCount;
    },
    subscribe(applicationServerKey) {
      const endpointId = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const serverKey =
        applicationServerKey === undefined ? null : Buffer.from(applicationServerKey, 'base64url');
      endpoints.set(endpointId, { ecdh, authSecret, serverKey, answer: null });
      return {
        endpointId,
        subscription: {
          endpoint: `${origin}/push/${endpointId}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        },
        ecdhKeys: ecdh,
        authSecret,
      };
    },
    waitFor(pred, timeoutMs) {
      const already = received.find(pred);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const refusals = refused.map((r) => `${r.status} ${r.reason}`).join('; ') || 'none';
          reject(new Error(`no matching push within ${timeoutMs} ms (refused: ${refusals})`));
        }, timeoutMs);
        const waiter = (push: ReceivedPush) => {
          if (!pred(push)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(push);
        };
        waiters.add(waiter);
      });
    },
    respondWith(endpointId, answer) {
      const endpoint = endpoints.get(endpointId);
      if (!endpoint) throw new Error(`no subscription ${endpointId}`);
      endpoint.answer = answer;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. The JWT must be ES256-signed by `k`, addressed to
 * this origin, expire within 24 hours and name a mailto: or https: contact. Returns the `sub` and `k`.
 */
function checkVapid(
  header: string | undefined,
  origin: string,
  serverKey: Buffer | null,
): { subject: string; publicKey: string } {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) throw new Refusal(401, 'no VAPID authorization');
  const params = new Map(
    match[1].split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const token = params.get('t') ?? '';
  const k = params.get('k') ?? '';
  const rawKey = BASE64URL.test(k) ? Buffer.from(k, 'base64url') : Buffer.alloc(0);
  if (rawKey.length !== 65 || rawKey[0] !== 0x04)
    throw new Refusal(401, 'k is not an uncompressed P-256 key');
  const publicKey = p256Key(rawKey);

  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part)))
    throw new Refusal(401, 't is not a compact JWS');
  const [head = '', claims = '', signature = ''] = parts;
  const jwtHeader = parseJson(head);
  if (jwtHeader?.['alg'] !== 'ES256') throw new Refusal(401, 'the JWT is not ES256');
  // A JWS carries ECDSA signatures as raw r || s (RFC 7518 section 3.4), not DER.
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Refusal(401, 'the JWT signature does not verify with k');

  const jwt = parseJson(claims);
  if (jwt?.['aud'] !== origin) throw new Refusal(401, `aud is not ${origin}`);
  const exp = jwt['exp'];
  const nowSec = Date.now() / 1000;
  if (typeof exp !== 'number' || exp <= nowSec) throw new Refusal(401, 'the JWT has expired');
  if (exp > nowSec + MAX_JWT_LIFETIME_SEC) throw new Refusal(401, 'exp is more than 24 hours ahead');
  const sub = jwt['sub'];
  if (typeof sub !== 'string' || !/^(mailto:.+@.+|https:\/\/.+)$/.test(sub))
    throw new Refusal(401, 'sub is not a mailto: or https: URL');
  if (serverKey !== null && !serverKey.equals(rawKey))
    throw new Refusal(403, 'k is not the key this subscription was created with');
  return { subject: sub, publicKey: k };
}

function p256Key(point: Buffer): KeyObject {
  try {
    return createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    throw new Refusal(401, 'k is not a point on P-256');
  }
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** RFC 8030 headers: TTL required, Urgency and Topic checked when present; the body encoded as RFC 8291 says. */
function checkDeliveryHeaders(
  request: IncomingMessage,
  body: Buffer,
): { ttl: number; urgency: string | null; topic: string | null } {
  const ttlHeader = request.headers['ttl'];
  if (typeof ttlHeader !== 'string' || !/^\d{1,10}$/.test(ttlHeader))
    throw new Refusal(400, 'TTL is required: whole seconds');
  const urgency = header(request, 'urgency');
  if (urgency !== null && !URGENCIES.includes(urgency)) throw new Refusal(400, `unknown Urgency ${urgency}`);
  const topic = header(request, 'topic');
  if (topic !== null && (topic.length > 32 || !BASE64URL.test(topic)))
    throw new Refusal(400, 'Topic must be at most 32 base64url characters');
  if (header(request, 'content-encoding') !== 'aes128gcm')
    throw new Refusal(415, 'Content-Encoding must be aes128gcm');
  if (body.length > MAX_BODY_BYTES) throw new Refusal(413, `the body is ${body.length} bytes`);
  return { ttl: Number(ttlHeader), urgency, topic };
}

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/**
 * Decrypts an aes128gcm body (RFC 8188) with keys derived as RFC 8291 section 3.4 says, as the browser does.
 * Header: salt (16) | record size (uint32) | key id length (1) | key id = the sender's public key (65).
 */
function decryptAes128gcm(body: Buffer, ua: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Refusal(400, 'the body is shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderKey.length !== 65)
    throw new Refusal(400, 'the key id is not a P-256 public key');
  if (recordSize < TAG_BYTES + 2) throw new Refusal(400, `record size ${recordSize} is too small`);

  let ecdhSecret: Buffer;
  try {
    ecdhSecret = ua.computeSecret(senderKey);
  } catch {
    throw new Refusal(400, 'the key id is not a point on P-256');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), senderKey]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const records = body.subarray(21 + idLength);
  if (records.length === 0) throw new Refusal(400, 'the body holds no record');
  const plain: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq += 1, at += recordSize) {
    const record = records.subarray(at, at + recordSize);
    const last = at + recordSize >= records.length;
    plain.push(unpad(decryptRecord(record, cek, recordNonce(baseNonce, seq)), last));
  }
  return Buffer.concat(plain);
}

/** RFC 8188 section 2.3: the sequence number, big-endian, XORed into the last bytes of the nonce. */
function recordNonce(base: Buffer, seq: number): Buffer {
  const nonce = Buffer.from(base);
  nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
  return nonce;
}

function decryptRecord(record: Buffer, cek: Buffer, nonce: Buffer): Buffer {
  if (record.length <= TAG_BYTES) throw new Refusal(400, 'a record is shorter than its tag');
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new Refusal(400, 'the record does not decrypt with this subscription’s keys');
  }
}

/** Strips the padding: zeros, then the delimiter (2 ends the last record, 1 any other; RFC 8188 section 2). */
function unpad(plain: Buffer, last: boolean): Buffer {
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== (last ? 2 : 1)) throw new Refusal(400, 'the record’s padding delimiter is wrong');
  return plain.subarray(0, end);
}
