import { callStreamsOf, ok } from '@switchboard/live-protocol';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionInfo } from '../../test/support/fake-socket.js';
import { agent, conference, health, heldCall, queueView } from '../../test/support/fixtures.js';
import { freshAppPageEachTest, mountApp } from '../../test/support/mount-app.js';
import { TOKEN_STORAGE_KEY } from '../stores/session.store.js';

async function console_(session = sessionInfo({ queues: [1] })) {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, 'sup-token');
  const app = await mountApp('/console');
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
  // A supervisor of queue 1 watches the held calls of queue 1 (inbound:1), not the whole PBX's.
  const [inbound] = callStreamsOf('inbound', session);
  if (session.role !== 'viewer' && inbound)
    app.socket.fire('snapshot', { stream: inbound, kind: 'inbound', seq: 1, data: [heldCall('c1')] });
  await flushPromises();
  return app;
}

const ACTIONS =
  '[data-testid="accept"], [data-testid="refuse"], [data-testid="block"], [data-testid="kick"], [data-testid="kick-all"], [data-testid="listen"], [data-testid="agent-logout"]';

// Empty storage before each test; every app mounted is unmounted after it.
freshAppPageEachTest();

describe('supervisor console', () => {
  it('subscribes to what a supervisor needs and shows prompts, queues, conferences and actions', async () => {
    const { wrapper, socket } = await console_();
    expect(socket.auth()).toEqual({ token: 'sup-token' });
    const subscribed = socket.sentOf('subscribe').flatMap((s) => s.streams);
    expect(subscribed).toEqual(
      expect.arrayContaining(['health', 'conferences', 'inbound:1', 'uacsta:1', 'queue:1']),
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
    const subscribed = socket.sentOf('subscribe').flatMap((s) => s.streams);
    expect(subscribed.filter((s) => s.startsWith('inbound') || s.startsWith('uacsta'))).toEqual([]);
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

describe('console during an outage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 14, 0, 0) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function live() {
    const app = await console_();
    app.socket.fire('snapshot', { stream: 'health', kind: 'health', seq: 1, data: health() });
    app.socket.fire('snapshot', { stream: 'uacsta:1', kind: 'uacsta', seq: 1, data: [] });
    await flushPromises();
    return app;
  }

  const stale = (wrapper: VueWrapper, selector: string) =>
    wrapper.findAll(selector).map((el) => el.attributes('data-stale'));

  it('says the PBX link is down and since when, marks every live figure, and recovers', async () => {
    const { wrapper, socket } = await live();
    expect(wrapper.find('[data-testid="pbx-banner"]').exists()).toBe(false);
    expect(stale(wrapper, '[data-testid="agent-row"]')).toEqual(['false', 'false']);
    const timeOf1001 = () => wrapper.get('[data-agent-number="1001"] td.num').text();

    await vi.advanceTimersByTimeAsync(2000);
    socket.fire('delta', {
      stream: 'health',
      kind: 'health',
      seq: 2,
      patch: health({ pbx: 'down', pbxSince: Date.now() - 1000, eventStream: 'reconnecting' }),
    });
    await flushPromises();
    const banner = wrapper.get('[data-testid="pbx-banner"]');
    expect(banner.attributes('data-kind')).toBe('pbx');
    expect(banner.get('[data-testid="outage-since"]').text()).toBe('since 14:00:01');
    expect(banner.text()).toContain('Figures and agent states are frozen at 14:00:00');
    expect(stale(wrapper, '[data-testid="agent-row"]')).toEqual(['true', 'true']);
    expect(wrapper.get('[data-testid="agents-stale"]').text()).toContain('PBX link down');
    expect(wrapper.get('[data-testid="tile-waiting"]').attributes('data-stale')).toBe('true');
    expect(wrapper.get('[data-testid="conferences-panel"]').attributes('data-stale')).toBe('true');
    expect(wrapper.get('[data-testid="uacsta-panel"]').attributes('data-stale')).toBe('true');
    expect(wrapper.find('[data-testid="no-prompts"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="prompts-unavailable"]').text()).toContain('the PBX link is down');
    const frozen = timeOf1001();
    await vi.advanceTimersByTimeAsync(5000);
    expect(timeOf1001()).toBe(frozen);

    socket.fire('delta', { stream: 'health', kind: 'health', seq: 3, patch: health() });
    socket.fire('delta', {
      stream: 'queue:1',
      kind: 'queue',
      seq: 2,
      patch: { confirmedAt: Date.now() },
    });
    await flushPromises();
    expect(wrapper.find('[data-testid="pbx-banner"]').exists()).toBe(false);
    expect(stale(wrapper, '[data-testid="agent-row"]')).toEqual(['false', 'false']);
    expect(wrapper.get('[data-testid="conferences-panel"]').attributes('data-stale')).toBe('false');
    expect(wrapper.find('[data-testid="prompts-unavailable"]').exists()).toBe(false);
    expect(timeOf1001()).not.toBe(frozen);
  });

  it('shows a softer banner while only the PBX event stream is interrupted', async () => {
    const { wrapper, socket } = await live();
    socket.fire('delta', {
      stream: 'health',
      kind: 'health',
      seq: 2,
      patch: health({ pbx: 'degraded', eventStream: 'reconnecting', eventStreamSince: Date.now() }),
    });
    await flushPromises();
    const banner = wrapper.get('[data-testid="pbx-banner"]');
    expect(banner.attributes('data-kind')).toBe('events');
    expect(banner.text()).toContain('PBX events interrupted since 14:00:00');
    // Polled figures are still live; what arrives only as events is not.
    expect(stale(wrapper, '[data-testid="agent-row"]')).toEqual(['false', 'false']);
    expect(wrapper.get('[data-testid="uacsta-panel"]').attributes('data-stale')).toBe('true');
    expect(wrapper.get('[data-testid="conferences-panel"]').attributes('data-stale')).toBe('false');
    expect(wrapper.find('[data-testid="prompts-unavailable"]').exists()).toBe(true);
  });

  it('says since when the gateway link is lost and up to when the figures are true', async () => {
    const { wrapper, socket } = await live();
    await vi.advanceTimersByTimeAsync(3000);
    socket.drop();
    await flushPromises();
    const banner = wrapper.get('[data-testid="stale-banner"]');
    expect(banner.text()).toContain('Connection to the gateway lost at 14:00:03');
    expect(banner.text()).toContain('Figures and agent states are frozen at 14:00:00');
    expect(wrapper.find('[data-testid="pbx-banner"]').exists()).toBe(false);
    expect(stale(wrapper, '[data-testid="agent-row"]')).toEqual(['true', 'true']);
    expect(wrapper.get('[data-testid="conferences-panel"]').attributes('data-stale')).toBe('true');
    expect(wrapper.get('[data-testid="prompts-unavailable"]').text()).toContain('gateway');
  });
});

describe('sign-in', () => {
  it('sends a visitor to sign in and back to the page asked for', async () => {
    vi.stubGlobal(
      'fetch',
      // A new Response per call: the login page also asks for its options.
      vi
        .fn()
        .mockImplementation(() =>
          Promise.resolve(
            new Response(JSON.stringify(ok({ token: 'new', expiresAt: 1, session: sessionInfo() }))),
          ),
        ),
    );
    const { wrapper, router } = await mountApp('/console');
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
      vi.fn().mockImplementation(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              ok: false,
              error: { code: 'unauthorized', message: 'Wrong user name or password.' },
            }),
            { status: 401 },
          ),
        ),
      ),
    );
    const { wrapper, router } = await mountApp('/login');
    await wrapper.get('[data-testid="login-username"]').setValue('x');
    await wrapper.get('[data-testid="login-password"]').setValue('y');
    await wrapper.get('[data-testid="login-form"]').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid="login-error"]').text()).toBe('Wrong user name or password.');
    expect(router.currentRoute.value.name).toBe('login');
  });
});
