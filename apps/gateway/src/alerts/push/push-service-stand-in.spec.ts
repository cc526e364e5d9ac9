import { createPrivateKey, sign } from 'node:crypto';
import { Agent, request } from 'node:https';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushServiceStandIn } from '../../../test/support/push-service.js';
import { generateVapidKeys, type VapidKeys } from './vapid-keys.js';

// The stand-in is the judge of push-sender.spec.ts: these tests show that it refuses what a real push service
// refuses, so a pass there means something.

let service: PushServiceStandIn;
let agent: Agent;
const vapid = generateVapidKeys('ops@example.com');

beforeAll(async () => {
  service = await startPushService();
  agent = new Agent({ ca: service.ca });
});

afterAll(async () => {
  agent.destroy();
  await service.close();
});

/** A compact ES256 JWS of `claims`, signed with the pair's private key (raw r || s, as JWS wants). */
function jwt(claims: Record<string, unknown>, keys: VapidKeys): string {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
      d: keys.privateKey,
    },
    format: 'jwk',
  });
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

/** A valid request from web-push for a new subscription, then `change`d, then sent; resolves with the status. */
async function post(
  change: (headers: Record<string, string>, body: Buffer) => Buffer = (_headers, body) => body,
): Promise<{ status: number; endpointId: string }> {
  const { subscription, endpointId } = service.subscribe();
  const details = webPush.generateRequestDetails(subscription, JSON.stringify({ hello: 'push' }), {
    vapidDetails: vapid,
    TTL: 60,
  });
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  const body = change(headers, details.body);
  headers['Content-Length'] = String(body.length);
  const status = await new Promise<number>((resolve, reject) => {
    const outgoing = request(subscription.endpoint, { method: 'POST', headers, agent }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  return { status, endpointId };
}

const nowSec = () => Math.floor(Date.now() / 1000);
const vapidHeader = (claims: Record<string, unknown>, keys = vapid) =>
  `vapid t=${jwt(claims, keys)}, k=${keys.publicKey}`;
const reasonFor = (endpointId: string) => service.refused.find((r) => r.endpointId === endpointId)?.reason;

describe('the push service stand-in', () => {
  it('accepts web-push’s request and a hand-made JWT with the same claims', async () => {
    expect((await post()).status).toBe(201);
    const claims = { aud: service.url, exp: nowSec() + 3_600, sub: 'https://switchboard.example.com' };
    const handMade = await post((headers, body) => {
      headers['Authorization'] = vapidHeader(claims);
      return body;
    });
    expect(handMade.status).toBe(201);
    await expect(service.waitFor((p) => p.endpointId === handMade.endpointId, 1_000)).resolves.toMatchObject({
      ttl: 60,
      payload: { hello: 'push' },
    });
  });

  it('refuses a JWT for another audience, expired, too long-lived, or without a usable contact', async () => {
    const valid = { aud: service.url, exp: nowSec() + 3_600, sub: 'mailto:ops@example.com' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...valid, aud: 'https://push.example.net' }, /^aud/],
      [{ ...valid, exp: nowSec() - 1 }, /expired/],
      [{ ...valid, exp: nowSec() + 25 * 3_600 }, /24 hours/],
      [{ ...valid, sub: 'http://switchboard.example.com' }, /^sub/],
      [{ aud: valid.aud, exp: valid.exp }, /^sub/],
    ];
    for (const [claims, reason] of cases) {
      const { status, endpointId } = await post((headers, body) => {
        headers['Authorization'] = vapidHeader(claims);
        return body;
      });
      expect({ status, reason: reasonFor(endpointId) }).toEqual({
        status: 401,
        reason: expect.stringMatching(reason),
      });
    }
  });

  it('refuses a request without VAPID, without TTL, or in another encoding', async () => {
    const cases: [(headers: Record<string, string>) => void, number, RegExp][] = [
      [(h) => delete h['Authorization'], 401, /no VAPID/],
      [(h) => delete h['TTL'], 400, /TTL/],
      [(h) => (h['Content-Encoding'] = 'aesgcm'), 415, /aes128gcm/],
      [(h) => (h['Urgency'] = 'urgent'), 400, /Urgency/],
    ];
    for (const [change, expected, reason] of cases) {
      const { status, endpointId } = await post((headers, body) => {
        change(headers);
        return body;
      });
      expect({ status, reason: reasonFor(endpointId) }).toEqual({
        status: expected,
        reason: expect.stringMatching(reason),
      });
    }
  });

  it('refuses a body that does not decrypt with the subscription’s keys', async () => {
    const { status, endpointId } = await post((_headers, body) => {
      const tampered = Buffer.from(body);
      tampered[tampered.length - 20] = (tampered[tampered.length - 20] ?? 0) ^ 1;
      return tampered;
    });
    expect(status).toBe(400);
    expect(reasonFor(endpointId)).toMatch(/does not decrypt/);
  });
});
