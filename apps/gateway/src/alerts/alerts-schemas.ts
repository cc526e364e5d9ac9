import type { SchemaObject } from '@nestjs/swagger';
import {
  ALERT_CHANNEL_KINDS,
  ALERT_RULE_KINDS,
  type AlertChannelCreated,
  type AlertChannelView,
  type AlertRule,
  type DeliveryView,
  type IncidentView,
  type IncidentsAnswer,
  type QuietHours,
} from '@switchboard/live-protocol';
import { epochMs, integer, listOf, objectOf, oneOf, orNull, text } from '../openapi/schema-builders.js';

// JSON Schemas of the alerting routes (live-protocol alerts.ts), held to their types by objectOf.

const queues: SchemaObject = {
  description: '"all", or queue ids',
  oneOf: [{ type: 'string', enum: ['all'] }, listOf(integer())],
};
const rule = objectOf<AlertRule>(
  {
    kind: oneOf(...ALERT_RULE_KINDS),
    level: oneOf('warn', 'critical'),
    limitSec: integer('pbx-down: seconds down; agent-paused: seconds paused (absent: the queue’s limit)'),
    dwellSec: integer('seconds an incident is open before this contact point hears of it'),
    cooldownSec: integer('no new “opened” about the same condition for this long after one'),
    repeatSec: integer('reminder interval until acknowledged; 0 = never'),
  },
  ['level', 'limitSec'],
);
const quietHours = objectOf<QuietHours>({ from: text('HH:MM, site time'), to: text('HH:MM, site time') });
const delivery = objectOf<AlertChannelView['delivery']>({
  state: oneOf('never', 'ok', 'retrying', 'failing'),
  lastAttemptAt: orNull(epochMs),
  lastSuccessAt: orNull(epochMs),
  lastError: orNull(text('in words; never the URL')),
  pending: integer('messages waiting to be (re)sent'),
});
const channel = objectOf<AlertChannelView>({
  id: text(),
  kind: oneOf(...ALERT_CHANNEL_KINDS),
  name: text(),
  target: text('the URL’s host, the email address, or “opted-in supervisors”: never a secret'),
  queues,
  rules: listOf(rule),
  quietHours: { ...quietHours, nullable: true },
  dailySummary: { type: 'boolean' },
  createdBy: text(),
  createdAt: epochMs,
  delivery,
});
const incident = objectOf<IncidentView>({
  id: text(),
  key: text('the condition: the same across occurrences'),
  kind: oneOf(...ALERT_RULE_KINDS),
  level: oneOf('warn', 'critical'),
  queueId: orNull(integer()),
  subject: text(),
  summary: text(),
  openedAt: epochMs,
  resolvedAt: orNull(epochMs),
  acknowledgedBy: orNull(text()),
  acknowledgedAt: orNull(epochMs),
});
const deliveryEntry = objectOf<DeliveryView>({
  at: epochMs,
  message: oneOf('incident.opened', 'incident.reminder', 'incident.resolved', 'test', 'summary'),
  incidentId: orNull(text()),
  attempt: integer(),
  result: oneOf('ok', 'retrying', 'gave-up', 'skipped'),
  status: orNull(integer('HTTP status or SMTP reply code')),
  error: orNull(text()),
  durationMs: integer(),
});

export const ALERT_SCHEMAS = {
  channelRequest: {
    type: 'object',
    required: ['kind', 'name', 'queues'],
    properties: {
      kind: oneOf(...ALERT_CHANNEL_KINDS),
      name: { type: 'string', minLength: 1, maxLength: 64 },
      url: text(
        'webhook, slack, teams: the http(s) URL (checked against ALERT_TARGETS_ALLOWED); never shown back',
      ),
      address: text('email: the address'),
      queues,
      rules: { ...listOf(rule), description: 'absent: a queue reaching critical, and the PBX link down' },
      quietHours: { ...quietHours, nullable: true },
      dailySummary: { type: 'boolean', description: 'email: a summary of yesterday each morning' },
    },
  } satisfies SchemaObject,
  channelCreated: objectOf<AlertChannelCreated>(
    { channel, signingSecret: text('webhook: the HMAC key of X-Switchboard-Signature, shown this once') },
    ['signingSecret'],
  ),
  channels: listOf(channel),
  channelDeleted: {
    type: 'object',
    properties: { deleted: text() },
    required: ['deleted'],
  } satisfies SchemaObject,
  delivery: deliveryEntry,
  deliveries: listOf(deliveryEntry),
  incident,
  incidents: objectOf<IncidentsAnswer>({ open: listOf(incident), recent: listOf(incident) }),
  incidentByLink: {
    type: 'object',
    properties: { incident, channel: text('the contact point the link was sent to') },
    required: ['incident', 'channel'],
  } satisfies SchemaObject,
  acknowledgeByLink: {
    type: 'object',
    required: ['token'],
    properties: {
      token: text('the token of the link'),
      name: { type: 'string', maxLength: 64, description: 'who acknowledges (optional)' },
    },
  } satisfies SchemaObject,
};
