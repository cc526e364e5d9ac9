import { queueStream } from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionInfo } from '../../test/support/fake-socket.js';
import { agent, health, queueView } from '../../test/support/fixtures.js';
import { freshAppPageEachTest, mountApp } from '../../test/support/mount-app.js';

const display = sessionInfo({ user: 'display:lobby', role: 'viewer', display: true, queues: [1, 2] });

async function wallboard(path = '/wallboard?display=tv-token&queues=1') {
  const app = await mountApp(path);
  app.socket.open(display);
  await flushPromises();
  return app;
}

// Empty storage before each test; every app mounted is unmounted after it.
freshAppPageEachTest();

describe('wallboard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens with the display token, shows the queue and has no controls at all', async () => {
    const { wrapper, socket } = await wallboard();
    expect(socket.auth()).toEqual({ token: 'tv-token' });
    expect(socket.sentOf('subscribe')).toEqual([{ streams: ['health', queueStream(1)] }]);
    socket.snapshot('queue:1', queueView(1, { name: 'Sales' }));
    await flushPromises();
    expect(wrapper.get('[data-testid="board-title"]').text()).toBe('Sales');
    expect(
      wrapper.findAll('[data-testid="agent-card"]').map((c) => c.attributes('data-agent-number')),
    ).toEqual(['1001', '1002']);
    expect(wrapper.findAll('button, input, select, textarea, a')).toHaveLength(0);
  });

  it('shows an agent’s state change as soon as the delta arrives', async () => {
    const { wrapper, socket } = await wallboard();
    socket.snapshot('queue:1', queueView(1));
    socket.delta(
      'queue:1',
      { agents: { upsert: [agent('1001', 'paused', { pauseReason: 'Break' })], remove: [] } },
      2,
    );
    await flushPromises();
    const card = wrapper.get('[data-agent-number="1001"]');
    expect(card.attributes('data-state')).toBe('paused');
    expect(card.attributes('aria-label')).toContain('Paused (Break)');
  });

  it('covers the board when the gateway link drops and recovers from a fresh snapshot', async () => {
    const { wrapper, socket } = await wallboard();
    socket.snapshot('queue:1', queueView(1), 5);
    await flushPromises();
    expect(wrapper.find('[data-testid="stale-banner"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="gateway-link"]').attributes('data-status')).toBe('connected');

    socket.drop();
    await flushPromises();
    expect(wrapper.get('[data-testid="stale-banner"]').text()).toContain('Connection to the gateway lost');
    expect(wrapper.get('[data-testid="tile-waiting"]').attributes('data-stale')).toBe('true');
    expect(wrapper.get('[data-testid="pbx-link"]').attributes('data-status')).toBe('unknown');

    socket.open(display);
    await flushPromises();
    expect(wrapper.find('[data-testid="stale-banner"]').exists()).toBe(false);
    expect(socket.sentOf('subscribe')).toHaveLength(2);
    // Still marked until the new snapshot replaces the old data.
    expect(wrapper.get('[data-testid="tile-waiting"]').attributes('data-stale')).toBe('true');
    socket.snapshot('queue:1', queueView(1, { agents: [agent('1009', 'ringing')] }));
    await flushPromises();
    expect(wrapper.get('[data-testid="tile-waiting"]').attributes('data-stale')).toBe('false');
    expect(
      wrapper.findAll('[data-testid="agent-card"]').map((c) => c.attributes('data-agent-number')),
    ).toEqual(['1009']);
  });

  it('says how old the data is and marks it stale past 2.5 poll intervals', async () => {
    vi.useFakeTimers();
    const { wrapper, socket } = await wallboard();
    socket.snapshot('queue:1', queueView(1, { confirmedAt: Date.now(), pollIntervalMs: 2000 }));
    await vi.advanceTimersByTimeAsync(3000);
    const label = () => wrapper.get('[data-testid="freshness"]');
    expect(label().text()).toContain('updated 3 s ago');
    expect(label().attributes('data-stale')).toBe('false');
    await vi.advanceTimersByTimeAsync(3000);
    expect(label().text()).toContain('STALE · 6 s ago');
    expect(label().attributes('data-stale')).toBe('true');
    expect(wrapper.get('[data-testid="queue-board"]').attributes('data-stale')).toBe('true');
  });

  it('freezes and marks agent cards, timers and waiting callers while the PBX link is down', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 14, 0, 0) });
    const { wrapper, socket } = await wallboard();
    const now = Date.now();
    const base = queueView(1);
    socket.snapshot(
      'queue:1',
      queueView(1, {
        agents: [agent('1001', 'on_call', { since: now - 60_000 })],
        waiting: [{ callId: 'w1', number: '5550100', name: '', since: now - 30_000 }],
        stats: { ...base.stats, waiting: 1, oldestWaitingSince: now - 30_000 },
      }),
    );
    socket.snapshot('health', health());
    await flushPromises();
    const card = () => wrapper.get('[data-agent-number="1001"]');
    const waitOf = () => wrapper.get('[data-testid="waiting-caller"]').text();
    expect(card().attributes('data-stale')).toBe('false');

    socket.delta('health', health({ pbx: 'down', pbxSince: Date.now() }), 2);
    await flushPromises();
    expect(card().attributes('data-stale')).toBe('true');
    expect(card().text()).toContain('1:00');
    expect(wrapper.get('[data-testid="agents-stale"]').text()).toBe(
      'Not live · agent states as of 14:00:00, PBX link down',
    );
    expect(wrapper.get('[data-testid="waiting-list"]').attributes('data-stale')).toBe('true');
    expect(waitOf()).toContain('0:30');
    expect(wrapper.get('[data-testid="tile-longestWait"]').text()).toContain('0:30');
    expect(wrapper.get('[data-testid="pbx-banner"]').text()).toContain('PBX link down since 14:00:00');
    await vi.advanceTimersByTimeAsync(20_000);
    // Nothing counts on as if live.
    expect(card().text()).toContain('1:00');
    expect(waitOf()).toContain('0:30');
    expect(wrapper.get('[data-testid="tile-longestWait"]').text()).toContain('0:30');

    socket.delta('health', health(), 3);
    socket.delta('queue:1', { confirmedAt: Date.now() }, 2);
    await flushPromises();
    expect(card().attributes('data-stale')).toBe('false');
    expect(card().text()).toContain('1:20');
    expect(wrapper.find('[data-testid="agents-stale"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="pbx-banner"]').exists()).toBe(false);
  });

  it('says the same "as of" time on the banner and the agent grid of the all-queues board', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 14, 0, 0) });
    const { wrapper, socket } = await wallboard('/wallboard?display=tv-token&queues=1,2');
    socket.snapshot('queue:1', queueView(1));
    await vi.advanceTimersByTimeAsync(1000);
    socket.snapshot('queue:2', queueView(2));
    socket.snapshot('health', health({ pbx: 'down', pbxSince: Date.now() }));
    await flushPromises();
    expect(wrapper.get('[data-testid="pbx-banner"]').text()).toContain('frozen at 14:00:00');
    expect(wrapper.get('[data-testid="agents-stale"]').text()).toContain('as of 14:00:00');
    expect(wrapper.findAll('[data-testid="queue-row"]').map((row) => row.attributes('data-stale'))).toEqual([
      'true',
      'true',
    ]);
  });

  it('says since when the gateway link is lost on the full-screen banner', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 9, 30, 0) });
    const { wrapper, socket } = await wallboard();
    socket.snapshot('queue:1', queueView(1));
    await flushPromises();
    await vi.advanceTimersByTimeAsync(5000);
    socket.drop();
    await vi.advanceTimersByTimeAsync(65_000);
    const banner = wrapper.get('[data-testid="stale-banner"]');
    expect(banner.classes()).toContain('overlay');
    expect(banner.text()).toContain('Connection to the gateway lost at 09:30:05 (65 s ago)');
    expect(banner.text()).toContain('Figures and agent states are frozen at 09:30:00');
  });

  it('rotates between the all-queues board and one board per queue', async () => {
    vi.useFakeTimers();
    const { wrapper, socket } = await wallboard('/wallboard?display=tv-token&queues=1,2&rotate=10');
    socket.snapshot('queue:1', queueView(1, { name: 'Sales' }));
    socket.snapshot('queue:2', queueView(2, { name: 'Support' }));
    await flushPromises();
    const title = () => wrapper.get('[data-testid="board-title"]').text();
    expect(title()).toBe('All queues');
    expect(wrapper.findAll('[data-testid="queue-row"]')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(title()).toBe('Sales');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(title()).toBe('Support');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(title()).toBe('All queues');
  });

  it('names bad URL options on screen', async () => {
    const { wrapper } = await wallboard('/wallboard?display=tv-token&queues=1&theme=pink');
    expect(wrapper.get('[data-testid="url-problems"]').text()).toContain('?theme must be dark or light');
    expect(document.documentElement.dataset['theme']).toBe('dark');
  });

  it('applies the light theme from the URL', async () => {
    await wallboard('/wallboard?display=tv-token&queues=1&theme=light');
    expect(document.documentElement.dataset['theme']).toBe('light');
  });

  it('says so in place when the display link is revoked, without sending the TV to a login page', async () => {
    const { wrapper, socket, router } = await wallboard();
    socket.fire('session:expired', { reason: 'display link revoked' });
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('wallboard');
    expect(wrapper.get('[data-testid="session-ended"]').text()).toContain('display link no longer works');
  });

  it('sends someone without a display link or a session to sign in', async () => {
    const { router } = await mountApp('/wallboard?queues=1');
    expect(router.currentRoute.value.name).toBe('login');
    expect(router.currentRoute.value.query['redirect']).toBe('/wallboard?queues=1');
  });
});
