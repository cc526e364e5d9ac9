import { ok } from '@switchboard/live-protocol';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionInfo } from '../../test/support/fake-socket.js';
import { agent, conference, heldCall, queueView } from '../../test/support/fixtures.js';
import { mountApp } from '../../test/support/mount-app.js';
import { TOKEN_STORAGE_KEY } from '../stores/session.store.js';

let mounted: VueWrapper | undefined;

async function console_(session = sessionInfo({ queues: [1] })) {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, 'sup-token');
  const app = await mountApp('/console');
  mounted = app.wrapper;
  app.socket.open(session);
  await flushPromises();
  app.socket.fire('snapshot', {
    stream: 'queue:1',
    kind: 'queue',
    seq: 1,
    data: queueView(1, {
      agents: [agent('1001', 'on_call'), agent('1002', 'available', { kind: 'dynamic' })],
    }),
  });
  app.socket.fire('snapshot', {
    stream: 'conferences',
    kind: 'conferences',
    seq: 1,
    data: [conference('801', 2)],
  });
  if (session.role !== 'viewer')
    app.socket.fire('snapshot', { stream: 'inbound', kind: 'inbound', seq: 1, data: [heldCall('c1')] });
  await flushPromises();
  return app;
}

const ACTIONS =
  '[data-testid="accept"], [data-testid="refuse"], [data-testid="block"], [data-testid="kick"], [data-testid="kick-all"], [data-testid="listen"], [data-testid="agent-logout"]';

describe('supervisor console', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    vi.unstubAllGlobals();
  });

  it('subscribes to what a supervisor needs and shows prompts, queues, conferences and actions', async () => {
    const { wrapper, socket } = await console_();
    expect(socket.auth()).toEqual({ token: 'sup-token' });
    const subscribed = socket.sentOf('subscribe').flatMap((s) => s.streams);
    expect(subscribed).toEqual(
      expect.arrayContaining(['health', 'conferences', 'inbound', 'uacsta', 'queue:1']),
    );
    expect(wrapper.get('[data-testid="prompt-card"]').attributes('data-call-id')).toBe('c1');
    expect(wrapper.findAll('[data-testid="agent-row"]')).toHaveLength(2);
    expect(wrapper.find('[data-testid="listen"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="agent-logout"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="kick"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="monitor-extension"]').exists()).toBe(true);
    expect(wrapper.get('[data-testid="current-user"]').text()).toBe('sup1 · supervisor');
  });

  it('hides listen buttons when the gateway does not offer them', async () => {
    const { wrapper } = await console_(
      sessionInfo({ queues: [1], features: { listen: false, agentLogin: true, uacsta: false } }),
    );
    expect(wrapper.find('[data-testid="listen"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="monitor-extension"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="uacsta-panel"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="agent-logout"]').exists()).toBe(true);
  });

  it('gives a viewer the same live data without a single action button', async () => {
    const { wrapper, socket } = await console_(sessionInfo({ role: 'viewer', queues: [1] }));
    expect(socket.sentOf('subscribe').flatMap((s) => s.streams)).not.toContain('inbound');
    expect(wrapper.find('[data-testid="prompts-panel"]').exists()).toBe(false);
    expect(wrapper.findAll('[data-testid="agent-row"]')).toHaveLength(2);
    expect(wrapper.findAll('[data-testid="conference-member"]')).toHaveLength(2);
    expect(wrapper.findAll(ACTIONS)).toHaveLength(0);
  });

  it('sends an expired session to the sign-in page, which says why', async () => {
    const { socket, router, wrapper } = await console_();
    socket.fire('session:expired', { reason: 'Your session expired after 8 hours.' });
    // The sign-in page is a lazy chunk: wait (bounded) for it to load.
    await vi.waitFor(() => expect(wrapper.find('[data-testid="login-form"]').exists()).toBe(true), {
      timeout: 3000,
    });
    expect(router.currentRoute.value.name).toBe('login');
    expect(router.currentRoute.value.query['redirect']).toBe('/console');
    expect(wrapper.get('[data-testid="session-ended"]').text()).toBe('Your session expired after 8 hours.');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs out to the sign-in page', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(ok({ signedOut: true })))));
    const { router, wrapper, socket } = await console_();
    await wrapper.get('[data-testid="logout"]').trigger('click');
    await vi.waitFor(() => expect(wrapper.find('[data-testid="login-form"]').exists()).toBe(true), {
      timeout: 3000,
    });
    expect(router.currentRoute.value.name).toBe('login');
    expect(socket.connected).toBe(false);
    expect(wrapper.find('[data-testid="session-ended"]').exists()).toBe(false);
  });
});

describe('sign-in', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });
  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    vi.unstubAllGlobals();
  });

  it('sends a visitor to sign in and back to the page asked for', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response(JSON.stringify(ok({ token: 'new', expiresAt: 1, session: sessionInfo() }))),
        ),
    );
    const { wrapper, router } = await mountApp('/console');
    mounted = wrapper;
    expect(router.currentRoute.value.fullPath).toBe('/login?redirect=/console');
    await wrapper.get('[data-testid="login-username"]').setValue('supervisor');
    await wrapper.get('[data-testid="login-password"]').setValue('supervisor');
    await wrapper.get('[data-testid="login-form"]').trigger('submit');
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('console'), { timeout: 3000 });
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new');
  });

  it('shows why a sign-in failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(
          JSON.stringify({
            ok: false,
            error: { code: 'unauthorized', message: 'Wrong user name or password.' },
          }),
          {
            status: 401,
          },
        ),
      ),
    );
    const { wrapper, router } = await mountApp('/login');
    mounted = wrapper;
    await wrapper.get('[data-testid="login-username"]').setValue('x');
    await wrapper.get('[data-testid="login-password"]').setValue('y');
    await wrapper.get('[data-testid="login-form"]').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid="login-error"]').text()).toBe('Wrong user name or password.');
    expect(router.currentRoute.value.name).toBe('login');
  });
});
