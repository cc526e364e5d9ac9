import {
  parseAlertChannelRequest,
  type AlertChannelView,
  type DeliveryView,
} from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { sessionInfo } from '../../../test/support/fake-socket.js';
import { freshAppPageEachTest, mountApp } from '../../../test/support/mount-app.js';
import { TOKEN_STORAGE_KEY } from '../../stores/session.store.js';

const channel = (id: string, overrides: Partial<AlertChannelView> = {}): AlertChannelView => ({
  id,
  kind: 'webhook',
  name: `Hook ${id}`,
  target: 'hooks.example.com',
  queues: 'all',
  rules: [{ kind: 'queue', level: 'critical', dwellSec: 30, cooldownSec: 600, repeatSec: 900 }],
  quietHours: null,
  dailySummary: false,
  createdBy: 'admin',
  createdAt: Date.now() - 3_600_000,
  delivery: { state: 'never', lastAttemptAt: null, lastSuccessAt: null, lastError: null, pending: 0 },
  ...overrides,
});

const attempt: DeliveryView = {
  at: Date.now(),
  message: 'test',
  incidentId: null,
  attempt: 1,
  result: 'ok',
  status: 204,
  error: null,
  durationMs: 12,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A gateway answering the screen's REST calls, recording what was sent; a URL on 127.0.0.1 is refused. */
function fakeGateway(channels: AlertChannelView[]) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url, body });
      if (url === '/api/auth/session')
        return Promise.resolve(
          json(200, {
            ok: true,
            data: { session: sessionInfo({ user: 'admin', role: 'admin' }), expiresAt: 1 },
          }),
        );
      if (url === '/api/queues')
        return Promise.resolve(
          json(200, {
            ok: true,
            data: [
              { id: 1, number: '601', name: 'Sales' },
              { id: 2, number: '602', name: 'Support' },
            ],
          }),
        );
      if (url === '/api/alert-channels' && method === 'GET')
        return Promise.resolve(json(200, { ok: true, data: channels }));
      if (url === '/api/alert-channels' && method === 'POST') {
        const parsed = parseAlertChannelRequest(body);
        if (!parsed.ok) return Promise.resolve(json(400, parsed));
        if (parsed.data.url?.includes('127.0.0.1')) {
          const message = '127.0.0.1 is a loopback address: list it in ALERT_TARGETS_ALLOWED to allow it';
          return Promise.resolve(
            json(400, {
              ok: false,
              error: {
                code: 'invalid_payload',
                message: `Invalid request: url ${message}`,
                fields: [{ field: 'url', message }],
              },
            }),
          );
        }
        const made = channel('ch_new', {
          name: parsed.data.name,
          queues: parsed.data.queues,
          rules: parsed.data.rules,
        });
        channels.push(made);
        return Promise.resolve(json(201, { ok: true, data: { channel: made, signingSecret: 'sec-ret' } }));
      }
      if (url === '/api/alert-channels/ch_1/test')
        return Promise.resolve(json(200, { ok: true, data: attempt }));
      if (url === '/api/alert-channels/ch_1/deliveries')
        return Promise.resolve(json(200, { ok: true, data: [attempt] }));
      if (url === '/api/alert-channels/ch_1' && method === 'DELETE') {
        channels.splice(0, 1);
        return Promise.resolve(json(200, { ok: true, data: { deleted: 'ch_1' } }));
      }
      return Promise.resolve(json(404, { ok: false, error: { code: 'not_found', message: 'no route' } }));
    }),
  );
  return sent;
}

async function open(channels: AlertChannelView[] = []) {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, 'admin-token');
  const sent = fakeGateway(channels);
  const app = await mountApp('/console/admin/contact-points');
  await flushPromises();
  return { ...app, sent };
}

freshAppPageEachTest();

describe('contact points screen', () => {
  it('lists each contact point with its queues, rules, quiet hours and delivery state in words', async () => {
    const { wrapper } = await open([
      channel('ch_1', {
        queues: [2],
        quietHours: { from: '22:00', to: '07:00' },
        delivery: {
          state: 'failing',
          lastAttemptAt: Date.now(),
          lastSuccessAt: Date.now() - 630_000,
          lastError: 'HTTP 500 from the receiver',
          pending: 2,
        },
      }),
    ]);
    const row = wrapper.get('[data-testid="contact-point-row"]');
    expect(row.text()).toContain('Webhook (signed JSON)');
    expect(row.get('[data-testid="contact-point-queues"]').text()).toBe('Support');
    expect(row.get('[data-testid="contact-point-rules"]').text()).toContain('Queue critical for 30 s');
    expect(row.text()).toContain('22:00–07:00 (site time)');
    expect(row.get('[data-testid="delivery-badge"]').text()).toBe('✖ Failing');
    expect(row.get('[data-testid="delivery-error"]').text()).toBe('HTTP 500 from the receiver');
    expect(row.get('[data-testid="delivery-last-success"]').text()).toContain('(10 min ago)');
  });

  it('creates a webhook from the form and shows its signing secret once', async () => {
    const { wrapper, sent } = await open();
    await wrapper.get('[data-testid="contact-point-new"]').trigger('click');
    await wrapper.get('[data-testid="input-name"]').setValue('On call');
    await wrapper.get('[data-testid="input-url"]').setValue('https://hooks.example.com/in');
    await wrapper.get('[data-testid="queues-chosen"]').setValue(true);
    await wrapper.findAll('[data-testid="choice-queues"]')[0]?.setValue(true);
    await wrapper.get('[data-testid="rule-no-agents"]').setValue(true);
    await wrapper.get('[data-testid="rule-no-agents-repeat"]').setValue('0');
    await wrapper.get('[data-testid="resource-form"] form').trigger('submit');
    await flushPromises();
    const posted = sent.filter((s) => s.method === 'POST').map((s) => s.body);
    expect(posted).toEqual([
      {
        kind: 'webhook',
        name: 'On call',
        url: 'https://hooks.example.com/in',
        queues: [1],
        rules: [
          { kind: 'queue', level: 'critical', dwellSec: 30, cooldownSec: 600, repeatSec: 900 },
          { kind: 'no-agents', dwellSec: 30, cooldownSec: 600, repeatSec: 0 },
          { kind: 'pbx-down', limitSec: 60, dwellSec: 0, cooldownSec: 600, repeatSec: 900 },
        ],
        quietHours: null,
        dailySummary: false,
      },
    ]);
    expect(wrapper.get<HTMLInputElement>('[data-testid="signing-secret"]').element.value).toBe('sec-ret');
    expect(wrapper.get('[data-testid="new-signing-secret"]').text()).toContain('X-Switchboard-Signature');
    expect(wrapper.find('[data-testid="resource-form"]').exists()).toBe(false);
    expect(wrapper.findAll('[data-testid="contact-point-row"]')).toHaveLength(1);
    await wrapper.get('[data-testid="secret-done"]').trigger('click');
    expect(wrapper.find('[data-testid="signing-secret"]').exists()).toBe(false);
  });

  it('shows the gateway’s refusal of a host next to the URL', async () => {
    const { wrapper } = await open();
    await wrapper.get('[data-testid="contact-point-new"]').trigger('click');
    await wrapper.get('[data-testid="input-name"]').setValue('Local');
    await wrapper.get('[data-testid="input-url"]').setValue('http://127.0.0.1:9/x');
    await wrapper.get('[data-testid="resource-form"] form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid="field-error-url"]').text()).toContain(
      '127.0.0.1 is a loopback address: list it in ALERT_TARGETS_ALLOWED to allow it',
    );
    expect(wrapper.get('[data-testid="form-error"]').text()).toContain('One field needs a change');
    expect(wrapper.find('[data-testid="signing-secret"]').exists()).toBe(false);
  });

  it('explains phone notifications instead of asking for an address', async () => {
    const { wrapper } = await open();
    await wrapper.get('[data-testid="contact-point-new"]').trigger('click');
    await wrapper.get('[data-testid="kind-webpush"]').setValue(true);
    expect(wrapper.find('[data-testid="input-url"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="webpush-note"]').text()).toBe(
      'Supervisors who turn on phone notifications in their console receive these.',
    );
  });

  it('tests a contact point in place, lists its deliveries, and deletes it only after asking', async () => {
    const { wrapper, sent } = await open([channel('ch_1')]);
    await wrapper.get('[data-testid="contact-point-test"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="contact-point-test-outcome"]').text()).toBe(
      'Test delivered (HTTP 204, 12 ms).',
    );
    await wrapper.get('[data-testid="contact-point-log"]').trigger('click');
    await flushPromises();
    const rows = wrapper.findAll('[data-testid="delivery-row"]');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text()).toContain('Delivered');
    await wrapper.get('[data-testid="contact-point-delete"]').trigger('click');
    expect(wrapper.get('[data-testid="confirm-dialog"]').text()).toContain(
      'Delete the contact point “Hook ch_1”?',
    );
    await wrapper.get('[data-testid="cancel"]').trigger('click');
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    await wrapper.get('[data-testid="contact-point-delete"]').trigger('click');
    await wrapper.get('[data-testid="confirm"]').trigger('click');
    await flushPromises();
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual(['/api/alert-channels/ch_1']);
    expect(wrapper.find('[data-testid="contact-point-row"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="contact-points-notice"]').text()).toBe('“Hook ch_1” is deleted.');
  });
});
