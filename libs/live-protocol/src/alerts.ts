import { PayloadReader, isPlainObject } from './reader.js';
import type { Result } from './result.js';
import type { AlertLevel } from './views.js';

/**
 * Alerts that reach people away from the screen: contact points (where messages go), the rules each contact
 * point follows, and incidents (one per condition, from trigger to resolve). The gateway's leader judges the
 * conditions once for the whole cluster; docs/alerting.md describes the behaviour in supervisor words.
 */

/** Where a contact point delivers. */
export const ALERT_CHANNEL_KINDS = ['webhook', 'slack', 'teams', 'email', 'webpush'] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];

/** Kinds addressed by an https URL (the URL is a secret: it is never shown back). */
export const URL_CHANNEL_KINDS: readonly AlertChannelKind[] = ['webhook', 'slack', 'teams'];

/**
 * The conditions alerts watch.
 * - `queue`: the queue's alert (the one every screen shows) is at `level` or worse.
 * - `no-agents`: no agent of the queue is logged in.
 * - `agent-paused`: an agent of the queue has been paused longer than `limitSec` (or the queue's limit).
 * - `pbx-down`: the PBX link has been down longer than `limitSec`.
 */
export const ALERT_RULE_KINDS = ['queue', 'no-agents', 'agent-paused', 'pbx-down'] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

/** One rule of a contact point: which condition it reports, and how patiently. */
export interface AlertRule {
  kind: AlertRuleKind;
  /** `queue` rules: the level that opens an incident (warn includes critical). */
  level?: Exclude<AlertLevel, 'ok'>;
  /**
   * `pbx-down`: seconds the link must be down (default 60). `agent-paused`: seconds of pause; absent = the
   * queue's own pause limit (`maxPauseSec`, the one that turns an agent's card red).
   */
  limitSec?: number;
  /** Seconds an incident must stay open before this contact point hears of it (a blip never reaches a phone). */
  dwellSec: number;
  /** After a message about a subject, no new "opened" message about the same subject for this long. */
  cooldownSec: number;
  /** While an incident is open and nobody acknowledged it, it is repeated this often; 0 = never. */
  repeatSec: number;
}

/** Limits of each number of a rule. */
export const ALERT_RULE_LIMITS = {
  limitSec: { min: 5, max: 86_400 },
  dwellSec: { min: 0, max: 3_600 },
  cooldownSec: { min: 0, max: 86_400 },
  repeatSec: { min: 0, max: 86_400 },
} as const;

/** The rules a new contact point gets unless told otherwise: a queue reaching critical, the PBX link down. */
export const DEFAULT_CHANNEL_RULES: readonly AlertRule[] = [
  { kind: 'queue', level: 'critical', dwellSec: 30, cooldownSec: 600, repeatSec: 900 },
  { kind: 'pbx-down', limitSec: 60, dwellSec: 0, cooldownSec: 600, repeatSec: 900 },
];

/** Hours in the site's time zone when a contact point receives nothing ("HH:MM"; `from` after `to` spans midnight). */
export interface QuietHours {
  from: string;
  to: string;
}

/** Body of POST /api/alert-channels. */
export interface AlertChannelRequest {
  kind: AlertChannelKind;
  name: string;
  /** webhook, slack, teams: the https URL to post to. */
  url?: string;
  /** email: where the messages go. */
  address?: string;
  queues: 'all' | number[];
  rules: AlertRule[];
  quietHours: QuietHours | null;
  /** email: also a summary of yesterday's figures each morning. */
  dailySummary: boolean;
}

/** How a contact point's deliveries stand. */
export type DeliveryState = 'never' | 'ok' | 'retrying' | 'failing';

/** A contact point as GET /api/alert-channels shows it: never its URL's path, token or any secret. */
export interface AlertChannelView {
  id: string;
  kind: AlertChannelKind;
  name: string;
  /** What it is addressed to, safe to show: the URL's host, the email address, or "opted-in supervisors". */
  target: string;
  queues: 'all' | number[];
  rules: AlertRule[];
  quietHours: QuietHours | null;
  dailySummary: boolean;
  createdBy: string;
  createdAt: number;
  delivery: {
    state: DeliveryState;
    lastAttemptAt: number | null;
    lastSuccessAt: number | null;
    /** The last failure, in words (status, timeout...), never the URL. */
    lastError: string | null;
    /** Messages waiting to be (re)sent. */
    pending: number;
  };
}

/** Data of POST /api/alert-channels: a webhook's signing secret is shown this once. */
export interface AlertChannelCreated {
  channel: AlertChannelView;
  /** webhook: the key of the `X-Switchboard-Signature` HMAC-SHA256 header; absent for other kinds. */
  signingSecret?: string;
}

/** One attempt at delivering a message, as the delivery log lists it (newest first). */
export interface DeliveryView {
  at: number;
  /** What was sent. */
  message: AlertMessageType;
  incidentId: string | null;
  attempt: number;
  result: 'ok' | 'retrying' | 'gave-up' | 'skipped';
  /** The receiver's HTTP status or SMTP reply code; null when none came. */
  status: number | null;
  /** Why it failed or was skipped, in words; null when it went through. */
  error: string | null;
  /** How long the attempt took (ms). */
  durationMs: number;
}

/** What a message is; `summary` is an email contact point's morning summary of yesterday. */
export type AlertMessageType =
  'incident.opened' | 'incident.reminder' | 'incident.resolved' | 'test' | 'summary';

/** One incident: a condition from trigger to resolve. */
export interface IncidentView {
  /** Stable per occurrence. */
  id: string;
  /** The condition's key: the same condition keeps its key across occurrences. */
  key: string;
  kind: AlertRuleKind;
  level: Exclude<AlertLevel, 'ok'>;
  /** The queue it is about; null for the PBX link. */
  queueId: number | null;
  /** What it is about, in words: "Sales (600)", "Agent 1001 Ann in Sales", "PBX link". */
  subject: string;
  /** What is wrong, in words, as of the last evaluation. */
  summary: string;
  openedAt: number;
  resolvedAt: number | null;
  acknowledgedBy: string | null;
  acknowledgedAt: number | null;
}

/** The JSON body of a generic webhook message (documented in docs/alerting.md). */
export interface AlertMessage {
  type: AlertMessageType;
  /** Epoch ms when the gateway sent it (the first attempt). */
  sentAt: number;
  /** The contact point, by name and id. */
  channel: { id: string; name: string };
  /** Null for a test message. */
  incident: IncidentView | null;
  /** A link that acknowledges the incident (asks once more before doing so); null when there is none. */
  acknowledgeUrl: string | null;
}

/** Data of GET /api/incidents. */
export interface IncidentsAnswer {
  open: IncidentView[];
  /** Resolved ones, newest first (at most 100). */
  recent: IncidentView[];
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL =
  /^[^\s@<>()",;]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * Reads a POST /api/alert-channels body. Each bad field is named; `rules` absent gives DEFAULT_CHANNEL_RULES.
 * The URL's host is checked against the allow-list by the gateway, not here.
 */
export function parseAlertChannelRequest(body: unknown): Result<AlertChannelRequest> {
  const r = new PayloadReader(body);
  const kind = r.oneOf('kind', ALERT_CHANNEL_KINDS);
  const name = r.text('name', 64).trim();
  const known = ['kind', 'name', 'url', 'address', 'queues', 'rules', 'quietHours', 'dailySummary'];
  const unknown = Object.keys(r.input).filter((key) => !known.includes(key));
  if (unknown.length > 0) r.problem('(payload)', `has unknown fields: ${unknown.join(', ')}`);
  const url = readUrl(r, kind);
  const address = readAddress(r, kind);
  const queues = readQueues(r);
  const rules = readRules(r);
  const quietHours = readQuietHours(r);
  const dailySummary = r.flag('dailySummary') ?? false;
  if (dailySummary && kind !== 'email') r.problem('dailySummary', 'is for email contact points only');
  return r.result({
    kind,
    name,
    ...(url !== undefined ? { url } : {}),
    ...(address !== undefined ? { address } : {}),
    queues,
    rules,
    quietHours,
    dailySummary,
  });
}

function readUrl(r: PayloadReader, kind: AlertChannelKind): string | undefined {
  const value = r.input['url'];
  if (!URL_CHANNEL_KINDS.includes(kind)) {
    if (value !== undefined) r.problem('url', `is for ${URL_CHANNEL_KINDS.join(', ')} contact points only`);
    return undefined;
  }
  if (typeof value !== 'string' || value.length > 2_000) {
    r.problem('url', 'is required: an https URL of at most 2000 characters');
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    r.problem('url', 'must be an absolute URL');
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') r.problem('url', 'must be an http(s) URL');
  else if (parsed.username !== '' || parsed.password !== '')
    r.problem('url', 'must not carry a user name or password');
  return parsed.toString();
}

function readAddress(r: PayloadReader, kind: AlertChannelKind): string | undefined {
  const value = r.input['address'];
  if (kind !== 'email') {
    if (value !== undefined) r.problem('address', 'is for email contact points only');
    return undefined;
  }
  if (typeof value !== 'string' || value.length > 254 || !EMAIL.test(value.trim())) {
    r.problem('address', 'is required: one email address');
    return undefined;
  }
  return value.trim();
}

function readQueues(r: PayloadReader): 'all' | number[] {
  const value = r.input['queues'];
  if (value === 'all') return 'all';
  const valid =
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= 200 &&
    value.every((q) => typeof q === 'number' && Number.isSafeInteger(q) && q > 0);
  if (!valid) {
    r.problem('queues', 'must be "all" or a list of 1 to 200 queue ids (positive integers)');
    return [];
  }
  return [...new Set(value as number[])];
}

function readRules(r: PayloadReader): AlertRule[] {
  const value = r.input['rules'];
  if (value === undefined) return DEFAULT_CHANNEL_RULES.map((rule) => ({ ...rule }));
  if (!Array.isArray(value) || value.length === 0 || value.length > 20) {
    r.problem('rules', 'must be a list of 1 to 20 rules');
    return [];
  }
  return value.flatMap((item, i) => {
    const rule = readRule(r, item, `rules[${i}]`);
    return rule ? [rule] : [];
  });
}

function readRule(r: PayloadReader, item: unknown, at: string): AlertRule | undefined {
  if (!isPlainObject(item)) {
    r.problem(at, 'must be an object {kind, level or limitSec, dwellSec, cooldownSec, repeatSec}');
    return undefined;
  }
  const before = r.problems.length;
  const kind = item['kind'];
  if (typeof kind !== 'string' || !(ALERT_RULE_KINDS as readonly string[]).includes(kind))
    r.problem(`${at}.kind`, `must be one of ${ALERT_RULE_KINDS.join(', ')}`);
  const known = ['kind', 'level', 'limitSec', 'dwellSec', 'cooldownSec', 'repeatSec'];
  const unknown = Object.keys(item).filter((key) => !known.includes(key));
  if (unknown.length > 0) r.problem(at, `has unknown fields: ${unknown.join(', ')}`);
  const number = (field: keyof typeof ALERT_RULE_LIMITS, fallback: number | undefined) => {
    const value = item[field] ?? fallback;
    const { min, max } = ALERT_RULE_LIMITS[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      r.problem(`${at}.${field}`, `must be whole seconds from ${min} to ${max}`);
      return min;
    }
    return value;
  };
  const defaults = DEFAULT_CHANNEL_RULES.find((rule) => rule.kind === kind);
  const rule: AlertRule = {
    kind: kind as AlertRuleKind,
    dwellSec: number('dwellSec', defaults?.dwellSec ?? 30),
    cooldownSec: number('cooldownSec', defaults?.cooldownSec ?? 600),
    repeatSec: number('repeatSec', defaults?.repeatSec ?? 900),
  };
  if (kind === 'queue') {
    const level = item['level'] ?? 'critical';
    if (level !== 'warn' && level !== 'critical') r.problem(`${at}.level`, 'must be warn or critical');
    else rule.level = level;
  } else if (item['level'] !== undefined) r.problem(`${at}.level`, 'is for queue rules only');
  if (kind === 'pbx-down') rule.limitSec = number('limitSec', 60);
  else if (kind === 'agent-paused') {
    // Without a limit of its own, the queue's pause limit: the one that turns the agent's card red.
    if (item['limitSec'] !== undefined) rule.limitSec = number('limitSec', undefined);
  } else if (item['limitSec'] !== undefined)
    r.problem(`${at}.limitSec`, 'is for agent-paused and pbx-down rules only');
  return r.problems.length > before ? undefined : rule;
}

function readQuietHours(r: PayloadReader): QuietHours | null {
  const value = r.input['quietHours'];
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) {
    r.problem('quietHours', 'must be null or {from: "HH:MM", to: "HH:MM"} in the site time zone');
    return null;
  }
  const { from, to } = value;
  if (typeof from !== 'string' || !HH_MM.test(from)) r.problem('quietHours.from', 'must be "HH:MM" (24 h)');
  if (typeof to !== 'string' || !HH_MM.test(to)) r.problem('quietHours.to', 'must be "HH:MM" (24 h)');
  if (from === to) r.problem('quietHours', 'must not start and end at the same minute');
  return typeof from === 'string' && typeof to === 'string' ? { from, to } : null;
}

/** Minutes after midnight of "HH:MM". */
function minuteOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** Whether `minuteOfDay` (site time) falls in the quiet hours: from inclusive, to exclusive, across midnight too. */
export function inQuietHours(quiet: QuietHours | null, minuteOfDay: number): boolean {
  if (!quiet) return false;
  const from = minuteOf(quiet.from);
  const to = minuteOf(quiet.to);
  return from < to ? minuteOfDay >= from && minuteOfDay < to : minuteOfDay >= from || minuteOfDay < to;
}

/** Whether a contact point covering `queues` hears of an incident about `queueId` (null: the whole PBX). */
export function channelCovers(queues: 'all' | readonly number[], queueId: number | null): boolean {
  return queueId === null || queues === 'all' || queues.includes(queueId);
}

/** A web push subscription as a browser's PushManager gives it (PushSubscription.toJSON()). */
export interface PushSubscriptionRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Reads a POST /api/push/subscriptions body: an https endpoint and the two base64url keys. */
export function parsePushSubscription(body: unknown): Result<PushSubscriptionRequest> {
  const r = new PayloadReader(body);
  const endpoint = r.input['endpoint'];
  let valid = typeof endpoint === 'string' && endpoint.length <= 2_000;
  if (valid) {
    try {
      valid = ['https:', 'http:'].includes(new URL(endpoint as string).protocol);
    } catch {
      valid = false;
    }
  }
  if (!valid)
    r.problem('endpoint', 'must be the push service URL the browser gave (http(s), at most 2000 characters)');
  const keys = r.input['keys'];
  const key = (name: 'p256dh' | 'auth', max: number) => {
    const value = isPlainObject(keys) ? keys[name] : undefined;
    if (typeof value !== 'string' || value.length > max || !BASE64URL.test(value)) {
      r.problem(`keys.${name}`, 'must be the base64url key the browser gave');
      return '';
    }
    return value;
  };
  const p256dh = key('p256dh', 200);
  const auth = key('auth', 100);
  return r.result({ endpoint: endpoint as string, keys: { p256dh, auth } });
}

/**
 * What a web push carries (encrypted to the one browser). The console's service worker shows it; a held
 * call's Accept / Refuse post its `actionToken` (signed for this user, this call, until `expiresAt`) to
 * POST /api/push/held-call-decision, because a service worker holds no session.
 */
export type PushPayload =
  | {
      type: 'held-call';
      callId: string;
      queueId: number | null;
      /** "Held call from +46 70 123 45 67 (Acme AB) for Sales": the caller's context in one line. */
      title: string;
      body: string;
      actionToken: string;
      /** Epoch ms when the PBX's window ends: the notification is useless after. */
      expiresAt: number;
    }
  | { type: 'held-call-withdrawn'; callId: string; title: string; body: string }
  | { type: 'incident'; incident: IncidentView; title: string; body: string; acknowledgeUrl: string | null }
  | { type: 'test'; title: string; body: string };

/** Body of POST /api/push/held-call-decision. */
export interface PushDecisionRequest {
  actionToken: string;
  action: 'accept' | 'refuse';
}

/** Reads a POST /api/push/held-call-decision body. */
export function parsePushDecision(body: unknown): Result<PushDecisionRequest> {
  const r = new PayloadReader(body);
  const actionToken = r.text('actionToken', 2_000);
  const action = r.oneOf('action', ['accept', 'refuse'] as const);
  return r.result({ actionToken, action });
}

/** Body of the acknowledge page's POSTs: the link's token, and optionally who acknowledges. */
export interface AcknowledgeLinkRequest {
  token: string;
  name?: string;
}

/** Reads the body of POST /api/acknowledge-link and /api/acknowledge-link/acknowledge. */
export function parseAcknowledgeLink(body: unknown): Result<AcknowledgeLinkRequest> {
  const r = new PayloadReader(body);
  const token = r.text('token', 2_000);
  const raw = r.input['name'];
  let name: string | undefined;
  if (raw !== undefined && raw !== '') {
    if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 64)
      r.problem('name', 'must be text of 1 to 64 characters, or left out');
    else name = r.text('name', 64).trim();
  }
  return r.result({ token, ...(name !== undefined ? { name } : {}) });
}
