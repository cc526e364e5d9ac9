import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';
import {
  DISPLAY_ROTATE_SEC,
  ERROR_CODES,
  type AuditChange,
  type AuditEntryView,
  type AuthOptionsAnswer,
  type DemoAccount,
  type DisplayBoardOptions,
  type ClusterStatusView,
  type DisplayTokenCreated,
  type DisplayTokenRequest,
  type DisplayTokenRevoked,
  type DisplayTokenView,
  type HealthView,
  type InboundRoutesAnswer,
  type InboundRouteView,
  type LivenessAnswer,
  type LoginAnswer,
  type LoginRequest,
  type LogoutAnswer,
  type QueueRef,
  type ReadinessAnswer,
  type SocketWorkersView,
  type RestError,
  type SessionAnswer,
  type SessionInfo,
} from '@switchboard/live-protocol';
import { epochMs, integer, listOf, objectOf, oneOf, orNull, text } from './schema-builders.js';

// JSON Schemas of the live-protocol REST types, built with schema-builders.ts (objectOf<T> holds each to its
// type's keys); the OpenAPI completeness test holds real answers to these schemas.

const queueIds: SchemaObject = listOf({ type: 'integer', minimum: 1 });

/** Named schemas, under components.schemas of the document. */
export const COMPONENT_SCHEMAS = {
  RestError: objectOf<RestError>(
    {
      code: oneOf(...ERROR_CODES),
      message: text('a sentence a person can read; never internal error text'),
      fields: listOf(objectOf<{ field: string; message: string }>({ field: text(), message: text() })),
      retryAfterSec: integer('rate_limited: seconds until a retry can succeed'),
      errcode: integer('pbx_error: the PBX’s errcode'),
      errmsg: text('pbx_error: the PBX’s message'),
      invalidParams: listOf({ type: 'object', additionalProperties: true }),
    },
    ['fields', 'retryAfterSec', 'errcode', 'errmsg', 'invalidParams'],
  ),
  SessionInfo: objectOf<SessionInfo>(
    {
      user: text(),
      role: oneOf('viewer', 'supervisor', 'admin'),
      queues: { oneOf: [queueIds, oneOf('all')] },
      display: { type: 'boolean', description: 'a read-only display link' },
      features: objectOf<SessionInfo['features']>({
        listen: { type: 'boolean' },
        agentLogin: { type: 'boolean' },
        uacsta: { type: 'boolean' },
      }),
      holdWindowMs: integer('the PBX’s hold window for inbound decisions'),
      extension: text('the user’s own extension from the profile; absent when none is set'),
    },
    ['extension'],
  ),
  QueueRef: objectOf<QueueRef>({ id: integer(), number: text('empty until the first poll'), name: text() }),
  DisplayBoardOptions: objectOf<DisplayBoardOptions>({
    theme: oneOf('dark', 'light'),
    rotateSec: orNull({
      type: 'integer',
      minimum: DISPLAY_ROTATE_SEC.min,
      maximum: DISPLAY_ROTATE_SEC.max,
      description: 'seconds between boards; null = no rotation',
    }),
    sound: { type: 'boolean', description: 'beep when a figure turns critical' },
  }),
  DisplayTokenView: objectOf<DisplayTokenView>({
    id: text(),
    name: text(),
    queues: queueIds,
    board: { $ref: '#/components/schemas/DisplayBoardOptions' },
    createdBy: text(),
    createdAt: epochMs,
    lastUsedAt: orNull(integer('epoch ms of the last use (recorded at most once a minute); null = never')),
  }),
  AuditEntryView: objectOf<AuditEntryView>(
    {
      id: integer(),
      at: epochMs,
      user: text(),
      action: text(),
      target: text(),
      result: oneOf('ok', 'error'),
      detail: text(),
      queues: { ...queueIds, description: 'the queues the target belonged to; absent for none' },
      facts: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'names and numbers the entry is about, for its sentence (caller, line, agentName, ...)',
      },
      changes: listOf(
        objectOf<AuditChange>(
          {
            field: text(),
            before: text('absent for a create, or a field that was not set'),
            after: text('absent for a delete, or a field that was cleared'),
            secret: { type: 'boolean', description: 'a PIN, password or secret: no value is recorded' },
          },
          ['before', 'after', 'secret'],
        ),
      ),
    },
    ['queues', 'facts', 'changes'],
  ),
  HealthView: objectOf<HealthView>({
    pbx: oneOf('connected', 'degraded', 'down'),
    lastSuccessAt: orNull(epochMs),
    lastError: orNull(text()),
    eventStream: oneOf('connecting', 'open', 'reconnecting', 'closed', 'idle', 'subscribing'),
    pbxSince: epochMs,
    eventStreamSince: epochMs,
    serverTime: epochMs,
  }),
  ClusterStatusView: objectOf<ClusterStatusView>({
    replica: text(),
    role: oneOf('leader', 'follower'),
    leader: orNull(text()),
    token: orNull(integer()),
    redis: oneOf('up', 'down'),
  }),
} satisfies Record<string, SchemaObject>;

/** A reference to one of {@link COMPONENT_SCHEMAS}. */
export function ref(name: keyof typeof COMPONENT_SCHEMAS): ReferenceObject {
  return { $ref: `#/components/schemas/${name}` };
}

/** Bodies and answers of the gateway's routes, by live-protocol type. */
export const REST_SCHEMAS = {
  loginRequest: objectOf<LoginRequest>({
    username: text(),
    password: { type: 'string', format: 'password' },
  }),
  loginAnswer: objectOf<LoginAnswer>({ token: text(), expiresAt: epochMs, session: ref('SessionInfo') }),
  sessionAnswer: objectOf<SessionAnswer>({
    session: ref('SessionInfo'),
    expiresAt: orNull(integer('epoch ms; null for display links and proxy identities')),
  }),
  authOptions: objectOf<AuthOptionsAnswer>({
    demoAccounts: listOf(
      objectOf<DemoAccount>({
        username: text('also the password: demo passwords are public by design'),
        role: oneOf('viewer', 'supervisor', 'admin'),
      }),
    ),
  }),
  logoutAnswer: objectOf<LogoutAnswer>({ signedOut: { type: 'boolean', enum: [true] } }),
  queues: listOf(ref('QueueRef')),
  displayTokenRequest: objectOf<DisplayTokenRequest>(
    {
      name: { type: 'string', minLength: 1, maxLength: 64 },
      queues: { ...queueIds, minItems: 1, maxItems: 200 },
      board: ref('DisplayBoardOptions'),
    },
    ['board'],
  ),
  displayTokenCreated: objectOf<DisplayTokenCreated>({
    token: text('shown this once'),
    path: text('the wallboard path to open on the TV: token and board options'),
    display: ref('DisplayTokenView'),
  }),
  displayTokens: listOf(ref('DisplayTokenView')),
  displayTokenRevoked: objectOf<DisplayTokenRevoked>({ revoked: text('the id of the revoked link') }),
  auditEntries: listOf(ref('AuditEntryView')),
  pbxAnswer: { type: 'object', additionalProperties: true, description: 'the PBX’s answer' },
  inboundRoutes: objectOf<InboundRoutesAnswer>({
    routes: listOf(
      objectOf<InboundRouteView>({
        id: integer(),
        position: integer('place in the PBX’s route table, 1 first; the gateway tries routes in this order'),
        name: text(),
        didPatterns: listOf(text('a DID, a pattern such as _X., or a range start-end')),
        callerIdPatterns: listOf(text()),
        callerIdPhonebooks: listOf(integer('phonebook id')),
        trunks: listOf(text()),
        defaultDestination: text(
          'the route’s default destination in words; a time condition of the route may send calls elsewhere',
        ),
      }),
    ),
    readAt: orNull(epochMs),
  }),
  liveness: objectOf<LivenessAnswer>({ status: oneOf('ok'), uptimeSec: integer() }),
  readiness: objectOf<ReadinessAnswer>(
    {
      status: oneOf('ready', 'unavailable'),
      pbx: ref('HealthView'),
      cluster: ref('ClusterStatusView'),
      workers: objectOf<SocketWorkersView>({
        configured: integer('SOCKET_WORKERS'),
        ready: integer('workers taking sockets now'),
      }),
    },
    ['cluster', 'workers'],
  ),
  metrics: { type: 'string', description: 'Prometheus text exposition format' },
} satisfies Record<string, SchemaObject>;
