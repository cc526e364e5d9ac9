/**
 * Message channels in words for the health board and the channel detail (docs/pbx/configuration.md#message-channels).
 * Pure. Provider secrets never reach the page: the gateway strips them, and `looksSecret` keeps any field whose
 * name suggests one off the screen as a second guard.
 */

/** Periods the PBX counts messages for, in its spelling. */
export const CHANNEL_TIME_RANGES = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last_7_days', label: 'Last 7 days' },
  { value: 'last_30_days', label: 'Last 30 days' },
  { value: 'this_month', label: 'This month' },
  { value: 'all', label: 'All time' },
] as const;

export type ChannelTimeRange = (typeof CHANNEL_TIME_RANGES)[number]['value'];

/** A channel of message_channel/list, as far as the board reads it. */
export interface ChannelSummary {
  id: number;
  name: string;
  status: string;
  reason?: string;
  channel: string;
  type: string;
  number?: string[];
  sent?: number;
  delivered?: number;
  failed?: number;
  received?: number;
}

/** How a channel is doing. */
export type ChannelHealthLevel = 'ok' | 'warning' | 'failed';

/** A channel's row on the health board. */
export interface ChannelHealth {
  id: number;
  name: string;
  kind: string;
  numbers: string;
  level: ChannelHealthLevel;
  status: string;
  /** Why it fails, in words; empty when it works. */
  problem: string;
  sent: number;
  delivered: number;
  failed: number;
  received: number;
  /** Delivered / sent as a whole percentage; null when nothing was sent. */
  deliveredPercent: number | null;
}

const STATUS: Readonly<Record<string, { level: ChannelHealthLevel; words: string }>> = {
  status_connect_succ: { level: 'ok', words: 'Connected' },
  status_connect_fail: { level: 'failed', words: 'Connection failed' },
  status_sub_invalid: { level: 'warning', words: 'Subscription invalid' },
};

const REASONS: Readonly<Record<string, string>> = {
  reason_unauthorized: 'The provider refused the credentials (unauthorized).',
};

const KINDS: Readonly<Record<string, string>> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook Messenger',
  livechat: 'Live chat',
};

/** The channel type in words (`sms` -> "SMS"). */
export function channelKind(type: string): string {
  return KINDS[type] ?? type;
}

/** A failure reason code in words; an unknown code is shown readable rather than hidden. */
export function reasonWords(reason: string | undefined): string {
  const code = (reason ?? '').trim();
  if (code === '') return '';
  return REASONS[code] ?? `${code.replace(/^reason_/, '').replace(/_/g, ' ')}.`;
}

const count = (value: number | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;

/** One channel's row: status and problem in words, counters (missing ones as 0) and the delivered share. */
export function channelHealth(channel: ChannelSummary): ChannelHealth {
  const status = STATUS[channel.status] ?? { level: 'warning' as const, words: channel.status || 'Unknown' };
  const sent = count(channel.sent);
  const delivered = count(channel.delivered);
  const problem =
    reasonWords(channel.reason) ||
    (channel.status === 'status_sub_invalid'
      ? 'The PBX subscription does not cover this channel.'
      : status.level === 'ok'
        ? ''
        : 'The PBX gave no reason.');
  return {
    id: channel.id,
    name: channel.name,
    kind: channelKind(channel.type),
    numbers: (channel.number ?? []).join(', '),
    level: status.level,
    status: status.words,
    problem,
    sent,
    delivered,
    failed: count(channel.failed),
    received: count(channel.received),
    deliveredPercent: sent === 0 ? null : Math.round((delivered / sent) * 100),
  };
}

/** The board's headline: how many channels work, and the most severe first. */
export function healthBoard(channels: readonly ChannelSummary[]): { rows: ChannelHealth[]; failing: number } {
  const order: Record<ChannelHealthLevel, number> = { failed: 0, warning: 1, ok: 2 };
  const rows = channels.map(channelHealth).sort((a, b) => order[a.level] - order[b.level] || a.id - b.id);
  return { rows, failing: rows.filter((row) => row.level !== 'ok').length };
}

const SECRET_NAME = /secret|token|passw|pwd|key|auth|credential|signature|cert|gid|webhook|account_data/i;

/** True for a field name that may hold a secret (`verify_token`, `api_key`, `webhook_url`...). */
export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** Labels of the channel detail fields shown; anything else is listed under its own name if not secret. */
const DETAIL_LABELS: Readonly<Record<string, string>> = {
  channel: 'Provider',
  domain_type: 'Webhook domain',
  send_rate: 'Messages per second',
  auto_close_session: 'Close inactive sessions',
  session_expired_time: 'Days before closing',
  enb_duplicate_active_session: 'Duplicate active sessions',
  phone_number_id: 'Phone number ID',
  business_account_id: 'Business account ID',
  accompanying_msg: 'Text with files',
};

const HIDDEN_DETAIL = new Set(['id', 'name', 'type', 'dids']);

const FLAGS = new Set(['auto_close_session', 'enb_duplicate_active_session']);

const yesNo = (value: unknown): string => (value === 1 || value === '1' ? 'Yes' : 'No');

/** The detail's settings as label/value pairs: scalars only, secrets never, flags in words. */
export function channelSettings(detail: Record<string, unknown>): { label: string; value: string }[] {
  return Object.entries(detail)
    .filter(([name]) => !HIDDEN_DETAIL.has(name) && !looksSecret(name))
    .filter(
      ([, value]) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean',
    )
    .map(([name, value]) => ({
      label: DETAIL_LABELS[name] ?? name.replace(/_/g, ' '),
      value: FLAGS.has(name) ? yesNo(value) : String(value),
    }));
}

/** Names of the provider credentials the channel has, never their values. */
export function credentialNames(detail: Record<string, unknown>): string[] {
  const data = detail['account_data'];
  if (!Array.isArray(data)) return [];
  return data
    .map((item) => (item && typeof item === 'object' ? (item as { k?: unknown }).k : undefined))
    .filter((k): k is string => typeof k === 'string' && k.trim() !== '');
}

/** A routing rule of a channel (Msg_Routing), as far as the detail reads it. */
export interface ChannelRoute {
  did_number?: string;
  destination_type?: string;
  destination_number?: string;
  destination_name?: string;
  members?: { text?: string; text2?: string; type?: string }[];
}

/** Where a channel's DID sends new sessions, in words. */
export function routeWords(route: ChannelRoute): string {
  const who = [route.destination_number, route.destination_name && `(${route.destination_name})`]
    .filter(Boolean)
    .join(' ');
  switch (route.destination_type) {
    case 'extension':
      return who ? `extension ${who}` : 'an extension';
    case 'queue':
      return who ? `message queue ${who}` : 'a message queue';
    case 'api':
      return 'the third-party platform (API)';
    default:
      return route.destination_type ? route.destination_type.replace(/_/g, ' ') : 'nowhere set';
  }
}
