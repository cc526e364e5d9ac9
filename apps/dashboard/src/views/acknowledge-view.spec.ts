import type { IncidentView } from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { freshAppPageEachTest, mountApp } from '../../test/support/mount-app.js';

const incident: IncidentView = {
  id: 'inc_1',
  key: 'queue:1',
  kind: 'queue',
  level: 'critical',
  queueId: 1,
  subject: 'Sales (600)',
  summary: '12 callers waiting, longest 4:10',
  openedAt: Date.now() - 300_000,
  resolvedAt: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** The gateway's two link routes; a token other than `good.token` is refused as expired. */
function fakeGateway() {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body ?? 'null')) as { token: string; name?: string } | null;
      sent.push({ url, body });
      if (body?.token !== 'good.token')
        return Promise.resolve(
          json(404, {
            ok: false,
            error: {
              code: 'not_found',
              message: 'This acknowledge link cannot be used: the link has expired.',
            },
          }),
        );
      if (url === '/api/acknowledge-link')
        return Promise.resolve(json(200, { ok: true, data: { incident, channel: 'Night phone' } }));
      const by = `${body.name} (link in “Night phone”)`;
      return Promise.resolve(
        json(200, { ok: true, data: { ...incident, acknowledgedBy: by, acknowledgedAt: Date.now() } }),
      );
    }),
  );
  return sent;
}

freshAppPageEachTest();

describe('acknowledge page', () => {
  it('shows the alert without acknowledging it on load (link previews open it too)', async () => {
    const sent = fakeGateway();
    const { wrapper } = await mountApp('/acknowledge#good.token');
    await flushPromises();
    expect(sent).toEqual([{ url: '/api/acknowledge-link', body: { token: 'good.token' } }]);
    const card = wrapper.get('[data-testid="acknowledge-incident"]');
    expect(card.text()).toContain('Sales (600)');
    expect(card.text()).toContain('12 callers waiting, longest 4:10');
    expect(card.get('[data-testid="alert-badge"]').text()).toBe('Critical');
    expect(wrapper.get('[data-testid="acknowledge-channel"]').text()).toBe('Night phone');
    expect(wrapper.find('[data-testid="acknowledge-done"]').exists()).toBe(false);
  });

  it('acknowledges when the button is pressed, with the name given', async () => {
    const sent = fakeGateway();
    const { wrapper } = await mountApp('/acknowledge#good.token');
    await flushPromises();
    await wrapper.get('[data-testid="acknowledge-name"]').setValue('  Ann  ');
    await wrapper.get('[data-testid="acknowledge-submit"]').trigger('submit');
    await flushPromises();
    expect(sent.at(-1)).toEqual({
      url: '/api/acknowledge-link/acknowledge',
      body: { token: 'good.token', name: 'Ann' },
    });
    expect(wrapper.get('[data-testid="acknowledge-done"]').text()).toMatch(
      /^Acknowledged by Ann \(link in “Night phone”\) at \d\d:\d\d\./,
    );
  });

  it('says clearly when a link is expired or missing, and never acknowledges', async () => {
    const sent = fakeGateway();
    const { wrapper } = await mountApp('/acknowledge#old.token');
    await flushPromises();
    expect(wrapper.get('[data-testid="acknowledge-error"]').text()).toContain(
      'This acknowledge link cannot be used: the link has expired.',
    );
    expect(wrapper.find('[data-testid="acknowledge-submit"]').exists()).toBe(false);
    wrapper.unmount();
    const bare = await mountApp('/acknowledge');
    await flushPromises();
    expect(bare.wrapper.get('[data-testid="acknowledge-error"]').text()).toContain(
      'This address has no alert in it.',
    );
    expect(sent.map((s) => s.url)).toEqual(['/api/acknowledge-link']);
  });
});
