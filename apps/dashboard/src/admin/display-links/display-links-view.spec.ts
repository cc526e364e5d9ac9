import type { DisplayTokenView, Role } from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { sessionInfo } from '../../../test/support/fake-socket.js';
import { freshAppPageEachTest, mountApp } from '../../../test/support/mount-app.js';
import { TOKEN_STORAGE_KEY } from '../../stores/session.store.js';

const link = (id: string, overrides: Partial<DisplayTokenView> = {}): DisplayTokenView => ({
  id,
  name: `TV ${id}`,
  queues: [1],
  board: { theme: 'dark', rotateSec: null, sound: false },
  createdBy: 'admin',
  createdAt: Date.now() - 3_600_000,
  lastUsedAt: null,
  ...overrides,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A gateway answering the REST calls of the screen, recording what was sent. */
function fakeGateway(role: Role, links: DisplayTokenView[]) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn((url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url === '/api/auth/session')
      return Promise.resolve(
        json(200, { ok: true, data: { session: sessionInfo({ user: role, role }), expiresAt: 1 } }),
      );
    if (url === '/api/queues')
      return Promise.resolve(
        json(200, {
          ok: true,
          data: [
            { id: 2, number: '602', name: 'Support' },
            { id: 1, number: '601', name: 'Sales' },
          ],
        }),
      );
    if (url === '/api/display-tokens' && method === 'GET')
      return Promise.resolve(json(200, { ok: true, data: links }));
    if (url === '/api/display-tokens' && method === 'POST') {
      const request = body as { name: string; queues: number[]; board: DisplayTokenView['board'] };
      const made = link('d_new', { name: request.name, queues: request.queues, board: request.board });
      links.push(made);
      return Promise.resolve(
        json(201, { ok: true, data: { token: 'tok.en', path: '/wallboard?display=tok.en', display: made } }),
      );
    }
    const revoke = /^\/api\/display-tokens\/(.+)$/.exec(url);
    if (revoke && method === 'DELETE') {
      links.splice(
        links.findIndex((l) => l.id === revoke[1]),
        1,
      );
      return Promise.resolve(json(200, { ok: true, data: { revoked: revoke[1] } }));
    }
    return Promise.resolve(json(404, { ok: false, error: { code: 'not_found', message: 'no route' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

async function open(role: Role, links: DisplayTokenView[] = []) {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, `${role}-token`);
  const sent = fakeGateway(role, links);
  const app = await mountApp('/console/display-links');
  await flushPromises();
  return { ...app, sent };
}

// Empty storage before each test; every app mounted is unmounted after it.
freshAppPageEachTest();

describe('display links screen', () => {
  it('refuses a supervisor clearly, naming the role needed and theirs', async () => {
    const { wrapper, router, sent } = await open('supervisor');
    expect(router.currentRoute.value.name).toBe('not-allowed');
    expect(wrapper.get('[data-testid="not-allowed"]').text()).toMatch(
      /\/console\/display-links is for administrators only\.\s+You are signed in as supervisor, a supervisor\./,
    );
    expect(sent.map((s) => s.url)).not.toContain('/api/display-tokens');
  });

  it('is linked from the console header for admins only', async () => {
    for (const role of ['admin', 'supervisor'] as const) {
      sessionStorage.setItem(TOKEN_STORAGE_KEY, `${role}-token`);
      fakeGateway(role, []);
      const app = await mountApp('/console');
      app.socket.open(sessionInfo({ user: role, role }));
      await flushPromises();
      expect(app.wrapper.find('[data-testid="display-links-link"]').exists()).toBe(role === 'admin');
      app.wrapper.unmount();
    }
  });

  it('sends someone without a session to sign in', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const app = await mountApp('/console/display-links');
    expect(app.router.currentRoute.value.fullPath).toBe('/login?redirect=/console/display-links');
  });

  it('lists links with their queues, board and last use', async () => {
    const { wrapper } = await open('admin', [
      link('d_1', {
        name: 'Lobby',
        queues: [1, 2],
        board: { theme: 'light', rotateSec: 30, sound: true },
        lastUsedAt: Date.now() - 200_000,
      }),
      link('d_2', { name: 'Spare' }),
    ]);
    const rows = wrapper.findAll('[data-testid="display-link"]');
    expect(rows.map((row) => row.attributes('data-link-id'))).toEqual(['d_1', 'd_2']);
    expect(rows[0]?.text()).toContain('Sales, Support');
    expect(rows[0]?.text()).toContain('Light · rotates every 30 s · sound');
    expect(rows[0]?.get('[data-testid="link-last-used"]').text()).toBe('3 min ago');
    expect(rows[1]?.get('[data-testid="link-last-used"]').text()).toBe('never');
  });

  it('creates a link with the chosen queues and board, and shows its URL once', async () => {
    const { wrapper, sent } = await open('admin');
    await wrapper.get('[data-testid="link-create"]').trigger('submit');
    expect(wrapper.get('[data-testid="link-form-error"]').text()).toContain('name');
    await wrapper.get('[data-testid="link-name"]').setValue('  Lobby TV ');
    await wrapper.get('[data-testid="link-queue-2"]').setValue(true);
    await wrapper.get('[data-testid="link-theme-light"]').setValue(true);
    await wrapper.get('[data-testid="link-rotate"]').setValue('20');
    await wrapper.get('[data-testid="link-sound"]').setValue(true);
    await wrapper.get('[data-testid="display-link-form"]').trigger('submit');
    await flushPromises();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([
      { name: 'Lobby TV', queues: [2], board: { theme: 'light', rotateSec: 20, sound: true } },
    ]);
    const url = wrapper.get<HTMLInputElement>('[data-testid="new-link-url"]').element.value;
    expect(url).toBe(`${location.origin}/wallboard?display=tok.en`);
    expect(wrapper.findAll('[data-testid="display-link"]')).toHaveLength(1);
    // The form is empty again; the URL goes once the admin says done.
    expect(wrapper.get<HTMLInputElement>('[data-testid="link-name"]').element.value).toBe('');
    await wrapper.get('[data-testid="new-link-done"]').trigger('click');
    expect(wrapper.find('[data-testid="new-display-link"]').exists()).toBe(false);
  });

  it('revokes a link only after confirmation', async () => {
    const { wrapper, sent } = await open('admin', [link('d_1', { name: 'Lobby' })]);
    await wrapper.get('[data-testid="link-revoke"]').trigger('click');
    expect(wrapper.get('[data-testid="confirm-dialog"]').text()).toContain('Revoke “Lobby”?');
    await wrapper.get('[data-testid="cancel"]').trigger('click');
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    await wrapper.get('[data-testid="link-revoke"]').trigger('click');
    await wrapper.get('[data-testid="confirm"]').trigger('click');
    await flushPromises();
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual(['/api/display-tokens/d_1']);
    expect(wrapper.find('[data-testid="display-link"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="links-notice"]').text()).toContain('“Lobby” is revoked');
  });
});
