import { writeFileSync } from 'node:fs';
import { globalAgent } from 'node:https';
import { join } from 'node:path';
import type {
  AlertChannelCreated,
  AlertChannelView,
  AlertMessage,
  AlertRule,
  IncidentsAnswer,
  QueueView,
  RestResult,
} from '@switchboard/live-protocol';
import { queueStream } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../src/alerts/delivery/webhook-sender.js';
import type { RunningGateway } from '../src/create-app.js';
import { StreamHub } from '../src/live/stream-hub.service.js';
import {
  ONE_CALLER_CRITICAL,
  startHookReceiver,
  startMailbox,
  type HookReceiver,
  type Mailbox,
} from './support/alert-receivers.js';
import { tokenFor } from './support/auth-fixtures.js';
import { rest, waitFor } from './support/command-client.js';
import { startPushService, type PushServiceStandIn } from './support/push-service.js';
import { queues1And2Polled, startStack, stopStack, ROOMY_BUDGETS } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';
import { freshDataDir } from './support/test-config.js';
import { TEST_TLS_CERT } from './support/test-tls.js';

/** The rule every contact point here follows: queue 1 critical for DWELL_SEC, no repeats. */
const DWELL_SEC = 2;
const RULES: AlertRule[] = [
  { kind: 'queue', level: 'critical', dwellSec: DWELL_SEC, cooldownSec: 0, repeatSec: 0 },
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Alerts away from the screen, end to end: the simulator's traffic pushes queue 1 to critical (one caller
 * waiting is critical here), and every kind of contact point hears of it once, from real local receivers (an
 * HTTP server that checks the webhook's signature, an SMTP server with STARTTLS, a push service stand-in that
 * checks VAPID and decrypts like a browser's); one inside its quiet hours hears nothing; each hears "resolved"
 * once the traffic stops.
 */
describe('alerts from queue to contact points', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let hooks: HookReceiver;
  let mailbox: Mailbox;
  let pushService: PushServiceStandIn;
  let admin: string;
  const secrets: string[] = [];
  const channels = new Map<string, AlertChannelView>();

  const call = async <T>(method: string, path: string, body?: unknown, token = admin) => {
    const answer = await rest<RestResult<T>>(gateway.url, method, path, token, body);
    if (!answer.body.ok)
      throw new Error(`${method} ${path}: HTTP ${answer.status} ${answer.body.error.message}`);
    return answer.body.data;
  };
  const queue1 = () => gateway.app.get(StreamHub).current(queueStream(1), 'queue') as QueueView | undefined;

  beforeAll(async () => {
    [hooks, mailbox, pushService] = await Promise.all([
      startHookReceiver(),
      startMailbox(),
      startPushService(),
    ]);
    // The push service stand-in serves the test certificate: this process's https agent trusts it.
    globalAgent.options.ca = TEST_TLS_CERT;
    const caFile = join(freshDataDir() + '-ca.pem');
    writeFileSync(caFile, TEST_TLS_CERT);
    ({ sim, gateway } = await startStack(
      { scenario: 'contact-center', seed: 5, trafficRate: 0, speed: 10 },
      {
        ...ROOMY_BUDGETS,
        QUEUES: '1,2',
        POLL_QUEUES_MS: '500',
        QUEUE_THRESHOLDS: ONE_CALLER_CRITICAL,
        ALERT_TARGETS_ALLOWED: '127.0.0.1',
        ALERT_SMTP_URL: `smtp://${encodeURIComponent(mailbox.user)}:${mailbox.password}@127.0.0.1:${mailbox.port}`,
        ALERT_EMAIL_FROM: 'Switchboard <alerts@example.com>',
        ALERT_SMTP_CA_FILE: caFile,
        PUBLIC_URL: 'https://switchboard.example',
      },
    ));
    await queues1And2Polled(gateway, 15_000);
    admin = tokenFor(gateway, 'admin');
    const add = async (name: string, body: Record<string, unknown>) => {
      const created = await call<AlertChannelCreated>('POST', '/api/alert-channels', {
        name,
        queues: [1],
        rules: RULES,
        ...body,
      });
      channels.set(name, created.channel);
      if (created.signingSecret) secrets.push(created.signingSecret);
      return created;
    };
    await add('hook', { kind: 'webhook', url: `${hooks.url}/hook?token=hook-path-secret` });
    await add('slack', { kind: 'slack', url: `${hooks.url}/slack/T000/B000/slack-path-secret` });
    await add('teams', { kind: 'teams', url: `${hooks.url}/teams/teams-path-secret` });
    await add('mail', { kind: 'email', address: 'duty@example.com' });
    await add('phones', { kind: 'webpush' });
    // Quiet around the clock now (site time is UTC here): from an hour ago to an hour ahead.
    const hhmm = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(11, 16);
    await add('quiet', {
      kind: 'webhook',
      url: `${hooks.url}/quiet`,
      quietHours: { from: hhmm(-3_600_000), to: hhmm(3_600_000) },
    });
    const { publicKey } = await call<{ publicKey: string }>(
      'GET',
      '/api/push/vapid-public-key',
      undefined,
      tokenFor(gateway, 'sup'),
    );
    const phone = pushService.subscribe(publicKey);
    await call('POST', '/api/push/subscriptions', phone.subscription, tokenFor(gateway, 'sup'));
  }, 60_000);

  afterAll(async () => {
    await stopStack(gateway, sim);
    await Promise.all([hooks?.close(), mailbox?.close(), pushService?.close()]);
  });

  it('tells each contact point once, within the dwell + 2 s of the queue going critical, and the quiet one nothing', async () => {
    await sim.post('/sim/traffic', { rate: 30 });
    const critical = await waitFor(
      () => (queue1()?.alert.level === 'critical' ? queue1()?.alert.since : undefined),
      'queue 1 critical',
      60_000,
    );
    const opened = (path: string) => hooks.messages(path).filter((m) => m.type === 'incident.opened');
    const deadline = critical + (DWELL_SEC + 2) * 1000;
    await waitFor(
      () =>
        opened('/hook?token=hook-path-secret').length > 0 &&
        hooks.received.some((h) => h.path.startsWith('/slack')) &&
        hooks.received.some((h) => h.path.startsWith('/teams')) &&
        mailbox.mails.length > 0 &&
        pushService.received.some((p) => (p.payload as { type?: string }).type === 'incident'),
      'every contact point told',
      (DWELL_SEC + 8) * 1000,
    ).catch(async (error: unknown) => {
      // Which ones were told, and how each contact point's deliveries stand: what a failure needs to be read.
      const list = await call<AlertChannelView[]>('GET', '/api/alert-channels');
      const states = list.map((c) => `${c.name}: ${c.delivery.state} ${c.delivery.lastError ?? ''}`);
      throw new Error(
        `${String(error)}; told: ${hooks.received.map((h) => h.path.split('/')[1]).join(', ')}, mails ${mailbox.mails.length}; ${states.join('; ')}`,
      );
    });
    const firstAt = Math.max(...hooks.received.filter((h) => !h.path.startsWith('/quiet')).map((h) => h.at));
    console.log(
      `alerts: every contact point told ${firstAt - critical} ms after queue 1 went critical (rule dwell ${DWELL_SEC * 1000} ms, limit dwell + 2 s)`,
    );
    expect(firstAt).toBeLessThanOrEqual(deadline);
    await sim.post('/sim/traffic', { rate: 0 });
    // Long enough for a second message to have come, had one been due.
    await sleep(3_000);
    const hook = hooks.received.filter((h) => h.path.startsWith('/hook'));
    expect(hook).toHaveLength(1);
    expect(hooks.received.filter((h) => h.path.startsWith('/slack'))).toHaveLength(1);
    expect(hooks.received.filter((h) => h.path.startsWith('/teams'))).toHaveLength(1);
    expect(hooks.received.filter((h) => h.path.startsWith('/quiet'))).toHaveLength(0);
    expect(mailbox.mails).toHaveLength(1);
    expect(
      pushService.received.filter((p) => (p.payload as { type?: string }).type === 'incident'),
    ).toHaveLength(1);

    // The webhook is signed with the secret shown once; its body is the documented message.
    const [message] = hook;
    expect(
      verifySignature(
        secrets[0] ?? '',
        message?.body ?? '',
        String(message?.headers['x-switchboard-signature']),
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);
    const body = message?.json as AlertMessage;
    expect(body).toMatchObject({
      type: 'incident.opened',
      incident: { kind: 'queue', level: 'critical', queueId: 1 },
    });
    expect(body.acknowledgeUrl).toMatch(/^https:\/\/switchboard\.example\/acknowledge#/);
    expect(message?.headers['x-switchboard-event']).toBe('incident.opened');
    // Slack's and Teams' own formats; the mail went over STARTTLS to the address.
    expect(JSON.parse(hooks.received.find((h) => h.path.startsWith('/slack'))?.body ?? '{}')).toHaveProperty(
      'blocks',
    );
    expect(JSON.parse(hooks.received.find((h) => h.path.startsWith('/teams'))?.body ?? '{}')).toMatchObject({
      type: 'message',
    });
    expect(mailbox.mails[0]).toMatchObject({ to: ['duty@example.com'], secure: true });
    expect(mailbox.mails[0]?.raw).toContain('Subject: [Critical]');
  }, 120_000);

  it('says "resolved" once after the queue recovers, and lists the incident with who acknowledged it', async () => {
    await sim.post('/sim/traffic', { rate: 0 });
    await waitFor(() => queue1()?.alert.level === 'ok', 'queue 1 back to ok', 120_000);
    const resolved = (prefix: string) =>
      hooks.received.filter(
        (h) =>
          h.path.startsWith(prefix) && (h.json as { type?: string } | null)?.type === 'incident.resolved',
      );
    await waitFor(
      () => resolved('/hook').length > 0 && mailbox.mails.length > 1,
      'the resolved messages',
      10_000,
    );
    await sleep(2_000);
    expect(resolved('/hook')).toHaveLength(1);
    expect(hooks.received.filter((h) => h.path.startsWith('/slack'))).toHaveLength(2);
    expect(hooks.received.filter((h) => h.path.startsWith('/quiet'))).toHaveLength(0);
    expect(mailbox.mails).toHaveLength(2);

    const sup = tokenFor(gateway, 'sup');
    const { recent } = await call<IncidentsAnswer>('GET', '/api/incidents', undefined, sup);
    const incident = recent.find((i) => i.key === 'queue:1:critical');
    expect(incident?.resolvedAt).toBeGreaterThan(incident?.openedAt ?? Infinity);
    const acknowledged = await call<{ acknowledgedBy: string }>(
      'POST',
      `/api/incidents/${incident?.id}/acknowledge`,
      {},
      sup,
    );
    expect(acknowledged.acknowledgedBy).toBe('sup');
    const again = await call<{ acknowledgedBy: string }>(
      'POST',
      `/api/incidents/${incident?.id}/acknowledge`,
      {},
      admin,
    );
    expect(again.acknowledgedBy).toBe('sup');
    // A supervisor of queue 1 sees it too.
    const own = await call<IncidentsAnswer>('GET', '/api/incidents', undefined, tokenFor(gateway, 'supq'));
    expect(own.recent.find((i) => i.id === incident?.id)?.acknowledgedBy).toBe('sup');
  }, 180_000);

  it('shows contact points without their secrets, with how their deliveries stand', async () => {
    const listed = await call<AlertChannelView[]>('GET', '/api/alert-channels');
    const text = JSON.stringify(listed);
    for (const secret of [
      ...secrets,
      'hook-path-secret',
      'slack-path-secret',
      'teams-path-secret',
      mailbox.password,
    ])
      expect(text).not.toContain(secret);
    expect(listed.find((c) => c.name === 'hook')).toMatchObject({
      target: new URL(hooks.url).host,
      delivery: { state: 'ok' },
    });
    expect(listed.find((c) => c.name === 'quiet')?.delivery.state).toBe('never');
  });
});
