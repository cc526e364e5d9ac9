import { ok } from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { sessionInfo } from '../../test/support/fake-socket.js';
import { agent, health, queueView } from '../../test/support/fixtures.js';
import { freshAppPageEachTest, mountApp } from '../../test/support/mount-app.js';
import { TOKEN_STORAGE_KEY } from '../stores/session.store.js';

const display = sessionInfo({ role: 'viewer', display: true, queues: [4] });
async function embed(path: string) {
  const app = await mountApp(path);
  return app;
}

// Empty storage before each test; every app mounted is unmounted after it.
freshAppPageEachTest();

describe('embeds', () => {
  it('shows one queue’s tiles only, themed and compact from the URL', async () => {
    const { wrapper, socket } = await embed('/embed/queue/4?display=d1&theme=light&compact=1');
    socket.open(display);
    await flushPromises();
    expect(socket.sentOf('subscribe')).toEqual([{ streams: ['health', 'queue:4'] }]);
    socket.snapshot('queue:4', queueView(4));
    await flushPromises();
    expect(wrapper.findAll('[data-testid^="tile-"]')).toHaveLength(14);
    expect(wrapper.get('[data-testid="embed-queue-name"]').text()).toBe('Queue 4 6404');
    expect(wrapper.find('[data-testid="agent-card"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="embed"]').classes()).toContain('compact');
    expect(wrapper.find('[data-testid="freshness"]').exists()).toBe(true);
    expect(document.documentElement.dataset['theme']).toBe('light');
    expect(wrapper.findAll('button, a')).toHaveLength(0);
  });

  it('shows the agent grid of a queue', async () => {
    const { wrapper, socket } = await embed('/embed/agents/4?display=d1');
    socket.open(display);
    await flushPromises();
    socket.snapshot('queue:4', queueView(4));
    await flushPromises();
    expect(wrapper.findAll('[data-testid="agent-card"]')).toHaveLength(2);
    expect(wrapper.find('[data-testid^="tile-"]').exists()).toBe(false);
  });

  it('marks an embedded queue and its agents stale while the PBX link is down', async () => {
    const base = queueView(4);
    const data = queueView(4, {
      agents: [agent('1001', 'on_call', { since: Date.now() - 5000 })],
      stats: { ...base.stats, today: { ...base.stats.today, recountPendingSince: Date.now() } },
    });
    for (const path of ['/embed/queue/4?display=d1', '/embed/agents/4?display=d1']) {
      const { wrapper, socket } = await embed(path);
      socket.open(display);
      await flushPromises();
      socket.fire('snapshot', { stream: 'queue:4', kind: 'queue', seq: 1, data });
      socket.snapshot('health', health({ pbx: 'down', pbxSince: Date.now() }));
      await flushPromises();
      expect(wrapper.get('[data-testid="freshness"]').attributes('data-stale')).toBe('true');
      expect(wrapper.get('[data-testid="pbx-banner"]').text()).toContain('PBX link down since');
      if (path.startsWith('/embed/queue')) {
        expect(wrapper.get('[data-testid="tile-waiting"]').attributes('data-stale')).toBe('true');
        expect(wrapper.get('[data-testid="tile-answered"]').attributes('data-provisional')).toBe('true');
        expect(wrapper.get('[data-testid="recount-note"]').text()).toContain('recounting since');
      } else {
        expect(wrapper.get('[data-testid="agent-card"]').attributes('data-stale')).toBe('true');
        expect(wrapper.get('[data-testid="agents-stale"]').text()).toContain('PBX link down');
      }
      wrapper.unmount();
    }
  });

  it('signs in inside the frame instead of navigating the page that holds it', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response(JSON.stringify(ok({ token: 'tok', expiresAt: 1, session: sessionInfo() }))),
        ),
    );
    const { wrapper, router, socket } = await embed('/embed/prompts');
    expect(router.currentRoute.value.name).toBe('embed-prompts');
    await wrapper.get('[data-testid="login-username"]').setValue('supervisor');
    await wrapper.get('[data-testid="login-password"]').setValue('supervisor');
    await wrapper.get('[data-testid="login-form"]').trigger('submit');
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('embed-prompts');
    socket.open(sessionInfo());
    await flushPromises();
    expect(socket.sentOf('subscribe').flatMap((s) => s.streams)).toContain('inbound');
    expect(wrapper.find('[data-testid="prompts-panel"]').exists()).toBe(true);
  });

  it('shows a calm empty state when no call is held, and the honest not-live state otherwise', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const { wrapper, socket } = await embed('/embed/prompts');
    socket.open(sessionInfo());
    await flushPromises();
    socket.snapshot('health', health());
    socket.snapshot('inbound', []);
    await flushPromises();
    expect(wrapper.get('[data-testid="no-prompts"]').text()).toBe('No calls waiting for a decision.');
    expect(wrapper.get('[data-testid="freshness"]').text()).toBe('live');
    expect(wrapper.text()).not.toContain('waiting for data');
    socket.snapshot('health', health({ pbx: 'degraded', eventStream: 'reconnecting' }), 2);
    await flushPromises();
    expect(wrapper.find('[data-testid="no-prompts"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="prompts-unavailable"]').text()).toContain(
      'event stream is interrupted',
    );
    expect(wrapper.get('[data-testid="freshness"]').text()).not.toBe('live');
  });

  it('tells a display link that prompts are for supervisors', async () => {
    const { wrapper, socket } = await embed('/embed/prompts?display=d1');
    socket.open(display);
    await flushPromises();
    expect(wrapper.find('[data-testid="prompts-panel"]').exists()).toBe(false);
    expect(wrapper.text()).toContain('Held-call prompts are for supervisors');
  });

  it('has a page for unknown addresses', async () => {
    const { wrapper } = await embed('/nowhere/at/all');
    await vi.waitFor(() => expect(wrapper.text()).toContain('Page not found'), { timeout: 3000 });
  });
});
