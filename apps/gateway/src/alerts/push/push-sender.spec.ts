import { Agent } from 'node:https';
import type { PushPayload } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPushService, type PushServiceStandIn } from '../../../test/support/push-service.js';
import {
  PushEndpointRefused,
  PushSendFailed,
  PushSender,
  PushSubscriptionGone,
  pushTopic,
  type EndpointCheck,
  type PushSendOptions,
} from './push-sender.js';
import { generateVapidKeys, type VapidKeys } from './vapid-keys.js';

let service: PushServiceStandIn;
let agent: Agent;
const vapid = generateVapidKeys('ops@example.com');
const allowAll: EndpointCheck = () => Promise.resolve({ ok: true });
const options: PushSendOptions = { ttlSec: 30, urgency: 'high', timeoutMs: 3_000 };

const heldCall: PushPayload = {
  type: 'held-call',
  callId: 'call-17',
  queueId: 600,
  title: 'Held call from +46 70 123 45 67 (Acme AB) for Sales',
  body: 'Accept or refuse within 30 s — åäö ✓',
  actionToken: 'eyJ1c2VyIjoiYW5uIn0.c2lnbmF0dXJl',
  expiresAt: 1_700_000_030_000,
};

const sender = (keys: VapidKeys = vapid, checkEndpoint: EndpointCheck = allowAll) =>
  new PushSender({ vapid: keys, checkEndpoint, agent });

beforeAll(async () => {
  service = await startPushService();
  agent = new Agent({ ca: service.ca });
});

afterAll(async () => {
  agent.destroy();
  await service.close();
});

describe('PushSender against a push service', () => {
  it('delivers a message the browser decrypts to exactly what was sent, with its delivery headers', async () => {
    const { subscription, endpointId } = service.subscribe(vapid.publicKey);
    const topic = pushTopic(heldCall.callId);
    await expect(sender().send(subscription, heldCall, { ...options, topic })).resolves.toEqual({
      status: 201,
    });
    const push = await service.waitFor((p) => p.endpointId === endpointId, 2_000);
    expect(push).toEqual({
      endpointId,
      ttl: 30,
      urgency: 'high',
      topic,
      vapid: { subject: 'mailto:ops@example.com', publicKey: vapid.publicKey },
      payload: heldCall,
    });
  });

  it('sends a withdrawal under the offer’s topic, so an undelivered offer is replaced', async () => {
    const { subscription, endpointId } = service.subscribe(vapid.publicKey);
    const withdrawn: PushPayload = {
      type: 'held-call-withdrawn',
      callId: 'call-17',
      title: 'Taken',
      body: '',
    };
    await sender().send(subscription, withdrawn, {
      ...options,
      urgency: 'normal',
      topic: pushTopic('call-17'),
    });
    const push = await service.waitFor((p) => p.endpointId === endpointId, 2_000);
    expect(push.topic).toBe(pushTopic(heldCall.callId));
    expect(push.urgency).toBe('normal');
    expect(push.payload).toEqual(withdrawn);
  });

  it('is refused when the VAPID JWT is signed by a key other than the one it presents', async () => {
    const { subscription, endpointId } = service.subscribe();
    const mismatched = { ...vapid, privateKey: generateVapidKeys('ops@example.com').privateKey };
    const failure = await sender(mismatched)
      .send(subscription, heldCall, options)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PushSendFailed);
    expect(failure).toMatchObject({ status: 401, retryable: false });
    expect(service.refused).toContainEqual({
      endpointId,
      status: 401,
      reason: 'the JWT signature does not verify with k',
    });
    expect(service.received.some((p) => p.endpointId === endpointId)).toBe(false);
  });

  it('is refused by a subscription created for another application server key', async () => {
    const { subscription } = service.subscribe(generateVapidKeys('ops@example.com').publicKey);
    await expect(sender().send(subscription, heldCall, options)).rejects.toMatchObject({
      name: 'PushSendFailed',
      status: 403,
    });
  });

  it('signals a gone subscription on 410 and 404, so the caller deletes it', async () => {
    const { subscription, endpointId } = service.subscribe(vapid.publicKey);
    service.respondWith(endpointId, 410);
    const gone = await sender()
      .send(subscription, heldCall, options)
      .catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(PushSubscriptionGone);
    expect(gone).toMatchObject({ status: 410 });
    const unknown = { ...subscription, endpoint: `${service.url}/push/never-subscribed` };
    await expect(sender().send(unknown, heldCall, options)).rejects.toBeInstanceOf(PushSubscriptionGone);
  });

  it('reports other statuses without the endpoint’s path or keys', async () => {
    const { subscription, endpointId } = service.subscribe(vapid.publicKey);
    service.respondWith(endpointId, 503);
    const failure = await sender()
      .send(subscription, heldCall, options)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PushSendFailed);
    expect(failure).toMatchObject({ status: 503, retryable: true });
    const text = `${(failure as Error).message} ${JSON.stringify(failure)}`;
    expect(text).toContain('503');
    for (const secret of [endpointId, subscription.keys.auth, subscription.keys.p256dh, vapid.privateKey])
      expect(text).not.toContain(secret);
  });

  it('gives up after timeoutMs when the push service does not answer', async () => {
    const { subscription, endpointId } = service.subscribe(vapid.publicKey);
    service.respondWith(endpointId, 'hang');
    await expect(sender().send(subscription, heldCall, { ...options, timeoutMs: 300 })).rejects.toMatchObject(
      {
        name: 'PushSendFailed',
        status: null,
        retryable: true,
        message: expect.stringMatching(/did not answer within 300 ms/) as unknown,
      },
    );
  });

  it('names the failure, not the endpoint, when the push service cannot be reached safely', async () => {
    const { subscription, endpointId } = service.subscribe(vapid.publicKey);
    // No agent: the stand-in's self-signed certificate is not trusted.
    const untrusting = new PushSender({ vapid, checkEndpoint: allowAll });
    const failure = await untrusting.send(subscription, heldCall, options).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PushSendFailed);
    expect((failure as Error).message).toMatch(
      /^could not reach the push service 127\.0\.0\.1:\d+ \([A-Z_]+\)$/,
    );
    expect((failure as Error).message).not.toContain(endpointId);
  });
});

describe('PushSender before any request', () => {
  it('asks the host check and stops at its refusal', async () => {
    const { subscription } = service.subscribe(vapid.publicKey);
    const checkEndpoint = vi.fn<EndpointCheck>(() =>
      Promise.resolve({ ok: false, reason: 'host 127.0.0.1 is not on the allow-list' }),
    );
    const requestsBefore = service.requestCount;
    const failure = await sender(vapid, checkEndpoint)
      .send(subscription, heldCall, options)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PushEndpointRefused);
    expect(failure).toMatchObject({ reason: 'host 127.0.0.1 is not on the allow-list' });
    expect(checkEndpoint).toHaveBeenCalledWith(subscription.endpoint);
    expect(service.requestCount).toBe(requestsBefore);
  });

  it('refuses an endpoint that is not https without asking', async () => {
    const { subscription } = service.subscribe(vapid.publicKey);
    const checkEndpoint = vi.fn(allowAll);
    const plain = { ...subscription, endpoint: subscription.endpoint.replace('https:', 'http:') };
    await expect(sender(vapid, checkEndpoint).send(plain, heldCall, options)).rejects.toBeInstanceOf(
      PushEndpointRefused,
    );
    expect(checkEndpoint).not.toHaveBeenCalled();
  });

  it('refuses a message too large for one push, and a topic a push service would refuse', async () => {
    const { subscription } = service.subscribe(vapid.publicKey);
    const requestsBefore = service.requestCount;
    const large: PushPayload = { ...heldCall, body: 'x'.repeat(4_000) };
    await expect(sender().send(subscription, large, options)).rejects.toThrow(/bytes; a push carries 3993/);
    await expect(sender().send(subscription, heldCall, { ...options, topic: 'call 17' })).rejects.toThrow(
      /topic/,
    );
    expect(service.requestCount).toBe(requestsBefore);
  });
});

describe('pushTopic', () => {
  it('is a stable base64url string of at most 32 characters, distinct per subject', () => {
    expect(pushTopic('call-17')).toBe(pushTopic('call-17'));
    expect(pushTopic('call-17')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic('call-18')).not.toBe(pushTopic('call-17'));
    expect(pushTopic('call-17')).not.toContain('call');
  });
});
