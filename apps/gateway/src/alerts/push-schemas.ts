import type { SchemaObject } from '@nestjs/swagger';
import { text } from '../openapi/schema-builders.js';

// JSON Schemas of the web push routes (live-protocol alerts.ts).

const base64url = (description: string): SchemaObject => ({
  type: 'string',
  pattern: '^[A-Za-z0-9_-]+={0,2}$',
  description,
});

export const PUSH_SCHEMAS = {
  publicKey: {
    type: 'object',
    required: ['publicKey'],
    properties: { publicKey: text('VAPID public key, base64url') },
  } satisfies SchemaObject,
  subscription: {
    type: 'object',
    required: ['endpoint', 'keys'],
    description: 'PushSubscription.toJSON() of the browser',
    properties: {
      endpoint: text('the push service URL the browser gave'),
      keys: {
        type: 'object',
        required: ['p256dh', 'auth'],
        properties: { p256dh: base64url('the browser’s public key'), auth: base64url('the auth secret') },
      },
    },
  } satisfies SchemaObject,
  subscribed: {
    type: 'object',
    required: ['subscribed'],
    properties: { subscribed: { type: 'boolean' } },
  } satisfies SchemaObject,
  unsubscribe: {
    type: 'object',
    required: ['endpoint'],
    properties: { endpoint: text() },
  } satisfies SchemaObject,
  unsubscribed: {
    type: 'object',
    required: ['unsubscribed'],
    properties: { unsubscribed: { type: 'boolean' } },
  } satisfies SchemaObject,
  decision: {
    type: 'object',
    required: ['actionToken', 'action'],
    properties: {
      actionToken: text('the token the notification carried'),
      action: { type: 'string', enum: ['accept', 'refuse'] },
    },
  } satisfies SchemaObject,
  decided: {
    type: 'object',
    additionalProperties: true,
    description: 'the held call as every screen now shows it (HeldCallView): status, decidedBy, decidedAt',
  } satisfies SchemaObject,
};
