import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IncidentView } from '@switchboard/live-protocol';
import type { GatewayConfig } from '../config/gateway-config.js';
import { AuditService } from '../ports/audit.service.js';
import { InMemoryAlertStore, type StoredAlertChannel } from '../ports/alert-store.js';
import { FileAlertStore } from '../state/file-alert-store.js';
import { TokenSigner } from '../auth/token-signer.js';
import { AcknowledgeLinks } from './acknowledge-links.js';
import { AlertChannelsService } from './alert-channels.service.js';
import type { ChannelSenders } from './channel-senders.js';
import { DeliveryQueue } from './delivery/delivery-queue.js';
import { IncidentsService } from './incidents.service.js';

const incident = (id: string, queueId: number | null): IncidentView => ({
  id,
  key: `queue:${queueId}:critical`,
  kind: queueId === null ? 'pbx-down' : 'queue',
  level: 'critical',
  queueId,
  subject: queueId === null ? 'PBX link' : `Queue ${queueId}`,
  summary: '3 callers waiting',
  openedAt: 1,
  resolvedAt: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
});

const config = {
  alerts: { publicUrl: 'https://sb.example', targetsAllowed: [], smtp: null },
} as unknown as GatewayConfig;
const signer = new TokenSigner('alert-state-spec-secret-alert-state-spec');

function services(store = new InMemoryAlertStore()) {
  const senders = {
    mailConfigured: false,
    checkTarget: (url: string) =>
      Promise.resolve(
        url.includes('10.0.0.1')
          ? { ok: false, reason: '10.0.0.1 is a private address', retryable: false }
          : { ok: true },
      ),
    senderFor: () => ({ send: () => Promise.resolve({ status: 200 }) }),
  } as unknown as ChannelSenders;
  const links = new AcknowledgeLinks(config, signer);
  const channels = new AlertChannelsService(senders, new DeliveryQueue(), links, store);
  const audit = new AuditService();
  return { store, channels, audit, links, incidents: new IncidentsService(audit, links, channels, store) };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('contact points', () => {
  it('never shows a URL’s path or the signing secret, and refuses a target the allow-list refuses, naming url', async () => {
    const { channels } = services();
    const created = await channels.create(
      {
        kind: 'webhook',
        name: 'Desk',
        url: 'https://hooks.example.com/T0/secret-path?key=k1',
        queues: 'all',
        rules: [],
        quietHours: null,
        dailySummary: false,
      },
      'admin',
    );
    expect(created.signingSecret).toMatch(/^[\w-]{40,}$/);
    const listed = JSON.stringify(await channels.list());
    expect(listed).toContain('hooks.example.com');
    for (const secret of ['secret-path', 'key=k1', created.signingSecret ?? ''])
      expect(listed).not.toContain(secret);
    await expect(
      channels.create(
        {
          kind: 'slack',
          name: 'x',
          url: 'https://10.0.0.1/hook',
          queues: 'all',
          rules: [],
          quietHours: null,
          dailySummary: false,
        },
        'admin',
      ),
    ).rejects.toMatchObject({ field: 'url', message: '10.0.0.1 is a private address' });
    await expect(
      channels.create(
        {
          kind: 'email',
          name: 'x',
          address: 'a@b.example',
          queues: 'all',
          rules: [],
          quietHours: null,
          dailySummary: false,
        },
        'admin',
      ),
    ).rejects.toMatchObject({ field: 'kind' });
  });
});

describe('incidents as people read them', () => {
  it('shows each reader the incidents of their queues and of the whole PBX, and keeps the first acknowledgement', async () => {
    const { store, incidents, audit } = services();
    await store.writeState({
      open: [incident('i1', 1), incident('i2', 2), incident('i3', null)],
      recent: [],
      told: {},
      lastOpened: {},
      deliveries: {},
    });
    const ids = async (queues: 'all' | number[]) => (await incidents.list({ queues })).open.map((i) => i.id);
    expect(await ids('all')).toEqual(['i1', 'i2', 'i3']);
    expect(await ids([1])).toEqual(['i1', 'i3']);
    expect(await incidents.acknowledge('i2', { user: 'ann', queues: [1] })).toEqual({
      ok: false,
      refusal: 'not_found',
    });
    expect(await incidents.acknowledge('i1', { user: 'ann', queues: [1] }, 5)).toMatchObject({
      ok: true,
      incident: { acknowledgedBy: 'ann', acknowledgedAt: 5 },
    });
    expect(await incidents.acknowledge('i1', { user: 'bo', queues: 'all' }, 6)).toMatchObject({
      ok: true,
      incident: { acknowledgedBy: 'ann' },
    });
    expect(
      audit
        .recent(10)
        .filter((e) => e.action === 'incident:acknowledge')
        .map((e) => e.user),
    ).toEqual(['ann']);
  });

  it('acknowledges through a link signed for the incident and a contact point that still exists', async () => {
    const { store, incidents, links, channels } = services();
    const { channel } = await channels.create(
      { kind: 'webpush', name: 'Phones', queues: 'all', rules: [], quietHours: null, dailySummary: false },
      'admin',
    );
    await store.writeState({
      open: [incident('i1', 1)],
      recent: [],
      told: {},
      lastOpened: {},
      deliveries: {},
    });
    const url = links.urlFor('i1', channel.id) ?? '';
    expect(url).toMatch(/^https:\/\/sb\.example\/acknowledge#sb1\./);
    const token = url.split('#')[1] ?? '';
    expect(await incidents.acknowledgeByLink(token, 'Maria')).toMatchObject({
      ok: true,
      incident: { acknowledgedBy: 'Maria (link in “Phones”)' },
    });
    expect(await incidents.byLink(`${token}x`)).toEqual({ ok: false, reason: 'the link is not valid' });
    await channels.remove(channel.id);
    expect(await incidents.byLink(token)).toEqual({
      ok: false,
      reason: 'the alert or its contact point is gone',
    });
  });
});

describe('FileAlertStore', () => {
  it('keeps contact points, acknowledgements, subscriptions, keys and incidents across a restart, in a 0600 file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'alerts-'));
    dirs.push(dir);
    const path = join(dir, 'alerts.json');
    const first = new FileAlertStore(path, () => undefined);
    await first.load();
    const channel: StoredAlertChannel = {
      id: 'c1',
      kind: 'webhook',
      name: 'Desk',
      url: 'https://h.example/x',
      signingSecret: 's',
      queues: [1],
      rules: [],
      quietHours: null,
      dailySummary: false,
      createdBy: 'admin',
      createdAt: 1,
    };
    await first.addChannel(channel);
    await first.acknowledge('i1', { by: 'ann', at: 2 });
    await first.addPushSubscription({
      endpoint: 'https://push.example/1',
      keys: { p256dh: 'p', auth: 'a' },
      user: 'ann',
      role: 'supervisor',
      queues: [1],
      createdAt: 3,
    });
    await first.vapidKeys(() => ({ publicKey: 'pub', privateKey: 'priv' }));
    await first.writeState({
      open: [incident('i1', 1)],
      recent: [],
      told: {},
      lastOpened: {},
      deliveries: {},
    });
    expect(await first.claimSummary('2026-11-28')).toBe(true);
    await first.file.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ version: 1 });

    const second = new FileAlertStore(path, () => undefined);
    expect(await second.load()).toBe(1);
    expect(await second.listChannels()).toEqual([channel]);
    expect((await second.acks()).get('i1')).toEqual({ by: 'ann', at: 2 });
    expect(await second.acknowledge('i1', { by: 'bo', at: 9 })).toEqual({ by: 'ann', at: 2 });
    expect((await second.listPushSubscriptions()).map((s) => s.user)).toEqual(['ann']);
    expect(await second.vapidKeys(() => ({ publicKey: 'other', privateKey: 'other' }))).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
    });
    expect((await second.readState())?.open.map((i) => i.id)).toEqual(['i1']);
    expect(await second.claimSummary('2026-11-28')).toBe(false);
    await second.file.close();
  });
});
