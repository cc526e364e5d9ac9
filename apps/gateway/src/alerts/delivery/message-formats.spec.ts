import type { AlertMessage, IncidentView } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { emailContent, messageTitle, slackBody, teamsBody, webhookBody } from './message-formats.js';

const OPENED_AT = Date.UTC(2026, 0, 5, 9, 0, 0);
const ACK_URL = 'https://switchboard.example.com/ack/abc123';

function incident(patch: Partial<IncidentView> = {}): IncidentView {
  return {
    id: 'inc-1',
    key: 'queue:600',
    kind: 'queue',
    level: 'critical',
    queueId: 600,
    subject: 'Sales (600)',
    summary: '12 callers waiting',
    openedAt: OPENED_AT,
    resolvedAt: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
    ...patch,
  };
}

function message(patch: Partial<AlertMessage> = {}): AlertMessage {
  return {
    type: 'incident.opened',
    sentAt: OPENED_AT + 12 * 60_000,
    channel: { id: 'ch-1', name: 'Floor managers' },
    incident: incident(),
    acknowledgeUrl: ACK_URL,
    ...patch,
  };
}

const opened = message();
const reminder = message({ type: 'incident.reminder', sentAt: OPENED_AT + 75 * 60_000 });
const resolved = message({
  type: 'incident.resolved',
  incident: incident({ resolvedAt: OPENED_AT + 14 * 60_000 }),
});
const test = message({ type: 'test', incident: null, acknowledgeUrl: null });

describe('messageTitle', () => {
  it.each([
    [opened, '[Critical] Sales (600): 12 callers waiting'],
    [message({ incident: incident({ level: 'warn' }) }), '[Warning] Sales (600): 12 callers waiting'],
    [reminder, 'Reminder: [Critical] Sales (600): 12 callers waiting'],
    [resolved, 'Resolved: Sales (600)'],
    [test, 'Test message from Switchboard'],
  ])('titles %#', (m, title) => {
    expect(messageTitle(m)).toBe(title);
  });

  it('keeps a title on one line', () => {
    expect(messageTitle(message({ incident: incident({ summary: 'two\r\nlines' }) }))).toBe(
      '[Critical] Sales (600): two lines',
    );
  });
});

describe('webhookBody', () => {
  it('is the message itself as JSON', () => {
    expect(JSON.parse(webhookBody(opened))).toEqual(opened);
    expect(JSON.parse(webhookBody(test))).toEqual(test);
  });
});

describe('slackBody', () => {
  it('opens with a header, says how long, and offers an Acknowledge button', () => {
    const body = slackBody(opened);
    expect(body.text).toBe('[Critical] Sales (600): 12 callers waiting');
    expect(body.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: '[Critical] Sales (600): 12 callers waiting', emoji: false },
    });
    expect(JSON.stringify(body.blocks)).toContain('*Open for*\\n12 min');
    expect(body.blocks).toContainEqual({
      type: 'actions',
      elements: [
        { type: 'button', text: { type: 'plain_text', text: 'Acknowledge' }, url: ACK_URL, style: 'primary' },
      ],
    });
  });

  it('has no button for a resolved incident, and says how long it lasted', () => {
    const body = slackBody(resolved);
    expect(body.text).toBe('Resolved: Sales (600)');
    expect(body.blocks.some((b) => b['type'] === 'actions')).toBe(false);
    expect(JSON.stringify(body.blocks)).toContain('*Lasted*\\n14 min');
  });

  it('has no button for a test message', () => {
    const body = slackBody(test);
    expect(body.text).toBe('Test message from Switchboard');
    expect(body.blocks.some((b) => b['type'] === 'actions')).toBe(false);
  });

  it('escapes what Slack would read as a mention or link', () => {
    const body = slackBody(message({ incident: incident({ subject: '<!channel> & co' }) }));
    expect(body.text).toBe('[Critical] &lt;!channel&gt; &amp; co: 12 callers waiting');
    // Plain-text header is shown as written; every mrkdwn text is escaped.
    const mrkdwn = JSON.stringify(body.blocks.slice(1));
    expect(mrkdwn).not.toContain('<!channel>');
    expect(mrkdwn).toContain('&lt;!channel&gt; &amp; co');
  });
});

describe('teamsBody', () => {
  it('is a message with one Adaptive Card and an Acknowledge action', () => {
    const body = teamsBody(opened);
    expect(body.type).toBe('message');
    expect(body.attachments).toHaveLength(1);
    const card = body.attachments[0]?.content;
    expect(body.attachments[0]?.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card?.body[0]).toMatchObject({
      type: 'TextBlock',
      text: '[Critical] Sales (600): 12 callers waiting',
      color: 'Attention',
    });
    expect(card?.body).toContainEqual({
      type: 'FactSet',
      facts: [
        { title: 'Level', value: 'Critical' },
        { title: 'About', value: 'Sales (600)' },
        { title: 'Open for', value: '12 min' },
      ],
    });
    expect(card?.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Acknowledge', url: ACK_URL }]);
  });

  it('shows a resolved incident in green without an action', () => {
    const card = teamsBody(resolved).attachments[0]?.content;
    expect(card?.body[0]).toMatchObject({ text: 'Resolved: Sales (600)', color: 'Good' });
    expect(card?.actions).toEqual([]);
  });

  it('says what a test message is', () => {
    const card = teamsBody(test).attachments[0]?.content;
    expect(card?.body[0]).toMatchObject({ text: 'Test message from Switchboard' });
    expect(JSON.stringify(card)).toContain('This is a test');
  });
});

describe('emailContent', () => {
  it('writes an opened incident with its facts and the acknowledge link', () => {
    const mail = emailContent(opened);
    expect(mail.subject).toBe('[Critical] Sales (600): 12 callers waiting');
    expect(mail.text).toContain('12 callers waiting.');
    expect(mail.text).toContain('Open for: 12 min');
    expect(mail.text).toContain(`Acknowledge: ${ACK_URL}`);
    expect(mail.text).toContain('Sent by Switchboard to the contact point "Floor managers".');
    expect(mail.html).toContain(`<a href="${ACK_URL}">Acknowledge</a>`);
  });

  it('writes a reminder and a resolved incident', () => {
    expect(emailContent(reminder).subject).toBe('Reminder: [Critical] Sales (600): 12 callers waiting');
    expect(emailContent(reminder).text).toContain('Open for: 1 h 15 min');
    expect(emailContent(reminder).text).toContain('Nobody has acknowledged it yet.');
    const mail = emailContent(resolved);
    expect(mail.subject).toBe('Resolved: Sales (600)');
    expect(mail.text).toContain('Back to normal. Last seen: 12 callers waiting.');
    expect(mail.text).not.toContain('Acknowledge:');
  });

  it('names who acknowledged and offers no link then', () => {
    const mail = emailContent(
      message({ incident: incident({ acknowledgedBy: 'ann', acknowledgedAt: OPENED_AT }) }),
    );
    expect(mail.text).toContain('Acknowledged by: ann');
    expect(mail.text).not.toContain('Acknowledge:');
  });

  it('writes a test message', () => {
    const mail = emailContent(test);
    expect(mail.subject).toBe('Test message from Switchboard');
    expect(mail.text).toContain('This is a test.');
  });

  it('escapes HTML from the subject in the HTML body', () => {
    const mail = emailContent(message({ incident: incident({ subject: '<script>alert(1)</script> "Q"' }) }));
    expect(mail.subject).toBe('[Critical] <script>alert(1)</script> "Q": 12 callers waiting');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#34;Q&#34;');
  });
});
