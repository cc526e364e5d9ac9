import type { AlertMessage, IncidentView } from '@switchboard/live-protocol';

/**
 * How an alert message reads in each place it goes. Pure functions: the same message gives the same words.
 * The wording is for supervisors (docs/alerting.md shows it); durations rather than clock times, because the
 * reader's time zone is not known here.
 */

const LEVEL_WORDS: Record<IncidentView['level'], string> = { warn: 'Warning', critical: 'Critical' };

/** What every format says, before it is dressed for Slack, Teams or email. */
interface Wording {
  title: string;
  lead: string;
  facts: Array<[string, string]>;
  acknowledgeUrl: string | null;
  footer: string;
}

/**
 * The one-line title: "[Critical] Sales (600): 12 callers waiting", "Reminder: [Warning] ...",
 * "Resolved: Sales (600)", or "Test message from Switchboard". Used as the email subject too.
 */
export function messageTitle(message: AlertMessage): string {
  const incident = message.incident;
  if (message.type === 'summary') return 'Yesterday at a glance';
  if (message.type === 'test' || !incident) return 'Test message from Switchboard';
  const opened = oneLine(`[${LEVEL_WORDS[incident.level]}] ${incident.subject}: ${incident.summary}`);
  if (message.type === 'incident.reminder') return `Reminder: ${opened}`;
  // The summary of a resolved incident describes the problem that was: the title must not repeat it as news.
  if (message.type === 'incident.resolved') return oneLine(`Resolved: ${incident.subject}`);
  return opened;
}

function wording(message: AlertMessage): Wording {
  const footer = `Sent by Switchboard to the contact point "${message.channel.name}".`;
  const incident = message.incident;
  if (message.type === 'test' || !incident) {
    const lead = 'This is a test. If you can read it, alerts of this contact point reach you here.';
    return { title: messageTitle(message), lead, facts: [], acknowledgeUrl: null, footer };
  }
  const resolved = message.type === 'incident.resolved';
  const facts: Array<[string, string]> = [
    ['Level', LEVEL_WORDS[incident.level]],
    ['About', incident.subject],
    resolved
      ? ['Lasted', duration((incident.resolvedAt ?? message.sentAt) - incident.openedAt)]
      : ['Open for', duration(message.sentAt - incident.openedAt)],
  ];
  if (incident.acknowledgedBy) facts.push(['Acknowledged by', incident.acknowledgedBy]);
  const leads: Record<AlertMessage['type'], string> = {
    'incident.opened': `${incident.summary}.`,
    'incident.reminder': `Still open: ${incident.summary}.${incident.acknowledgedBy ? '' : ' Nobody has acknowledged it yet.'}`,
    'incident.resolved': `Back to normal. Last seen: ${incident.summary}.`,
    test: '',
    summary: '',
  };
  // A resolved incident needs nobody; an acknowledged one already has someone.
  const acknowledgeUrl = resolved || incident.acknowledgedBy ? null : message.acknowledgeUrl;
  return { title: messageTitle(message), lead: leads[message.type], facts, acknowledgeUrl, footer };
}

/** The generic webhook's body: the message itself as JSON (its fields are documented in docs/alerting.md). */
export function webhookBody(message: AlertMessage): string {
  return JSON.stringify(message);
}

/** A Slack incoming-webhook body: `text` is what notifications show; `blocks` is the message. */
export interface SlackBody {
  text: string;
  blocks: Array<Record<string, unknown>>;
}

/** The message for a Slack incoming webhook: header, text with facts, an Acknowledge button when there is a link. */
export function slackBody(message: AlertMessage): SlackBody {
  const w = wording(message);
  const blocks: Array<Record<string, unknown>> = [
    // Slack caps a header at 150 characters of plain text.
    { type: 'header', text: { type: 'plain_text', text: clip(w.title, 150), emoji: false } },
    { type: 'section', text: { type: 'mrkdwn', text: clip(slackEscape(w.lead), 3000) } },
  ];
  if (w.facts.length > 0)
    blocks.push({
      type: 'section',
      fields: w.facts.map(([name, value]) => ({
        type: 'mrkdwn',
        text: clip(`*${name}*\n${slackEscape(value)}`, 2000),
      })),
    });
  if (w.acknowledgeUrl)
    blocks.push({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: 'Acknowledge' },
          url: w.acknowledgeUrl,
          style: 'primary',
        },
      ],
    });
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(w.footer) }] });
  return { text: slackEscape(w.title), blocks };
}

/** A Microsoft Teams incoming-webhook body: one message carrying an Adaptive Card. */
export interface TeamsBody {
  type: 'message';
  attachments: Array<{
    contentType: 'application/vnd.microsoft.card.adaptive';
    contentUrl: null;
    content: {
      $schema: string;
      type: 'AdaptiveCard';
      version: '1.4';
      body: Array<Record<string, unknown>>;
      actions: Array<{ type: 'Action.OpenUrl'; title: string; url: string }>;
    };
  }>;
}

/** The message for a Teams incoming webhook (or a Workflows "post to a channel" webhook) as an Adaptive Card. */
export function teamsBody(message: AlertMessage): TeamsBody {
  const w = wording(message);
  const color = titleColor(message);
  const body: Array<Record<string, unknown>> = [
    { type: 'TextBlock', text: w.title, size: 'Large', weight: 'Bolder', wrap: true, color },
    { type: 'TextBlock', text: w.lead, wrap: true },
  ];
  if (w.facts.length > 0)
    body.push({ type: 'FactSet', facts: w.facts.map(([title, value]) => ({ title, value })) });
  body.push({ type: 'TextBlock', text: w.footer, wrap: true, isSubtle: true, size: 'Small' });
  const actions = w.acknowledgeUrl
    ? [{ type: 'Action.OpenUrl' as const, title: 'Acknowledge', url: w.acknowledgeUrl }]
    : [];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions,
        },
      },
    ],
  };
}

function titleColor(message: AlertMessage): string {
  if (message.type === 'incident.resolved') return 'Good';
  if (!message.incident || message.type === 'test') return 'Default';
  return message.incident.level === 'critical' ? 'Attention' : 'Warning';
}

/** An email's subject and bodies. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** The message as an email: the title as subject, a plain text body and the same in simple, escaped HTML. */
export function emailContent(message: AlertMessage): EmailContent {
  const w = wording(message);
  const factLines = w.facts.map(([name, value]) => `${name}: ${value}`);
  const ackLine = w.acknowledgeUrl ? [`Acknowledge: ${w.acknowledgeUrl}`] : [];
  const text = [
    w.title,
    '',
    w.lead,
    '',
    ...factLines,
    ...(factLines.length ? [''] : []),
    ...ackLine,
    w.footer,
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n');
  const rows = w.facts
    .map(([name, value]) => `<tr><th align="left">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2>${escapeHtml(w.title)}</h2>`,
    `<p>${escapeHtml(w.lead)}</p>`,
    rows ? `<table cellpadding="4">${rows}</table>` : '',
    w.acknowledgeUrl ? `<p><a href="${escapeHtml(w.acknowledgeUrl)}">Acknowledge</a></p>` : '',
    `<p style="color:#666;font-size:small">${escapeHtml(w.footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: w.title, text, html };
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Slack reads `<...>` as links and mentions (`<!channel>`): text from elsewhere must not be able to ping. */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** "less than a minute", "12 min", "2 h 5 min", "3 d 4 h". */
function duration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}
