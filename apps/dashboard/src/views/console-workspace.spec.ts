import type { QueueView } from '@switchboard/live-protocol';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionInfo, type FakeSocket } from '../../test/support/fake-socket.js';
import { agent, queueView } from '../../test/support/fixtures.js';
import { freshAppPageEachTest, mountApp } from '../../test/support/mount-app.js';
import { SILENCE_STORAGE_KEY } from '../stores/queue-alerts.store.js';
import { TOKEN_STORAGE_KEY } from '../stores/session.store.js';

/**
 * Queue `id` with `waiting` callers (critical from 6 with the fixture's thresholds), the oldest waiting
 * for `oldestSec` (critical from 120 s).
 */
function busy(id: number, waiting: number, oldestSec: number | null = null): QueueView {
  const agents = [
    agent(`${id}001`, 'available', { name: 'Ana Berg' }),
    agent(`${id}002`, 'paused', { name: 'Bo Holm' }),
    agent(`${id}003`, 'on_call', { name: 'Cy Anh' }),
  ];
  const base = queueView(id, { agents });
  const oldestWaitingSince = oldestSec === null ? null : Date.now() - oldestSec * 1000;
  const today = { ...base.stats.today, serviceLevel: 90 };
  // The fixture's alert is the gateway's after a long spell at these figures: up for a while, not flashing.
  return queueView(id, { agents, stats: { ...base.stats, waiting, oldestWaitingSince, today } });
}

async function workspace(role: 'supervisor' | 'viewer' = 'supervisor', path = '/console') {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, 'sup-token');
  const app = await mountApp(path);
  app.socket.open(sessionInfo({ role, queues: [1, 2, 3] }));
  await flushPromises();
  // Queue 3 is in trouble (one caller waiting for 5 minutes); queue 1 has more callers, within limits.
  for (const data of [busy(1, 2), busy(2, 0), busy(3, 1, 300)])
    app.socket.fire('snapshot', { stream: `queue:${data.id}`, kind: 'queue', seq: 1, data });
  await flushPromises();
  return app;
}

async function seconds(n: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(n * 1000);
  await flushPromises();
}

const order = (wrapper: VueWrapper) =>
  wrapper.findAll('[data-testid="overview-row"]').map((row) => row.attributes('data-queue-id'));
const detail = (wrapper: VueWrapper) =>
  wrapper.findAll('[data-testid="queue-panel"]').map((panel) => panel.attributes('data-queue-id'));
const badge = (wrapper: VueWrapper, id: number) =>
  wrapper.get(`[data-testid="overview-row"][data-queue-id="${id}"] [data-testid="alert-badge"]`);

// Empty storage before each test; every app mounted is unmounted after it.
freshAppPageEachTest();

describe('console workspace', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 9, 0, 0) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at once the alert the gateway judged, most severe first, and flashes a rise it announces', async () => {
    const { wrapper, socket } = await workspace();
    // Queue 3 was critical before the page opened: said at once, with no dwell counted from page load.
    expect(order(wrapper)).toEqual(['3', '1', '2']);
    expect(badge(wrapper, 3).attributes('data-level')).toBe('critical');
    expect(badge(wrapper, 3).attributes('data-flashing')).toBe('false');
    // Until the supervisor picks a queue, the detail follows the most severe one, and says so.
    expect(detail(wrapper)).toEqual(['3']);
    expect(wrapper.get('[data-testid="detail-follows"]').text()).toContain('Follows the most severe queue');
    rise(socket, 1);
    await seconds(1);
    expect(order(wrapper)).toEqual(['1', '3', '2']);
    expect(badge(wrapper, 1).attributes('data-flashing')).toBe('true');
    await seconds(10);
    expect(badge(wrapper, 1).attributes('data-flashing')).toBe('false');
    expect(badge(wrapper, 1).text()).toBe('Critical');
  });

  it('holds the followed queue while the pointer is in the detail, and a click pins it', async () => {
    const { wrapper, socket } = await workspace();
    const area = wrapper.get('[data-testid="queue-detail"]');
    await area.trigger('pointerenter');
    rise(socket, 1);
    await seconds(30);
    expect(order(wrapper)[0]).toBe('1');
    expect(detail(wrapper)).toEqual(['3']);
    expect(area.text()).toContain('Held while you point or type here');
    await area.trigger('pointerleave');
    await flushPromises();
    expect(detail(wrapper)).toEqual(['1']);
    await area.trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="detail-follows"]').exists()).toBe(false);
    rise(socket, 2, 2, 12);
    await seconds(1);
    expect(order(wrapper)[0]).toBe('2');
    expect(detail(wrapper)).toEqual(['1']);
    await wrapper.get('[data-testid="detail-pinned"] button').trigger('click');
    await flushPromises();
    expect(detail(wrapper)).toEqual(['2']);
  });

  it('opens a queue from the overview, shows a few side by side, and stays put when severity changes', async () => {
    const { wrapper, socket } = await workspace();
    await wrapper.get('[data-queue-id="2"] [data-testid="overview-open"]').trigger('click');
    expect(detail(wrapper)).toEqual(['2']);
    await wrapper.get('[data-queue-id="1"] [data-testid="overview-add"]').trigger('click');
    expect(detail(wrapper)).toEqual(['2', '1']);
    rise(socket, 1);
    await seconds(1);
    expect(order(wrapper)[0]).toBe('1');
    expect(detail(wrapper)).toEqual(['2', '1']);
    await wrapper.get('[data-queue-id="2"] [data-testid="queue-close"]').trigger('click');
    expect(detail(wrapper)).toEqual(['1']);
  });

  it('keeps the open queues in the address, so a reload shows the same ones', async () => {
    const { wrapper, router } = await workspace('supervisor', '/console?open=2,1');
    await seconds(1);
    expect(detail(wrapper)).toEqual(['2', '1']);
    await wrapper.get('[data-queue-id="3"] [data-testid="overview-open"]').trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.query['open']).toBe('3');
  });

  it('acknowledging stops the flash, and the acknowledgement survives a reload until the queue recovers', async () => {
    const first = await workspace();
    await seconds(1);
    await first.wrapper.get('[data-queue-id="3"] [data-testid="alert-ack"]').trigger('click');
    expect(badge(first.wrapper, 3).attributes('data-flashing')).toBe('false');
    expect(badge(first.wrapper, 3).attributes('data-acknowledged')).toBe('true');
    expect(first.wrapper.get('[data-testid="queue-panel"] .tiles').classes()).toContain('quiet');
    first.wrapper.unmount();

    const again = await workspace();
    await seconds(1);
    expect(badge(again.wrapper, 3).attributes('data-acknowledged')).toBe('true');
    again.socket.fire('delta', {
      stream: 'queue:3',
      kind: 'queue',
      seq: 2,
      patch: { stats: busy(3, 0).stats, alert: busy(3, 0).alert, confirmedAt: Date.now() },
    });
    await seconds(1);
    expect(badge(again.wrapper, 3).attributes('data-level')).toBe('ok');
    expect(JSON.parse(localStorage.getItem(SILENCE_STORAGE_KEY) ?? '{}')).toEqual({});
  });

  it('mutes a queue until it is back to normal: it sinks below the loud ones', async () => {
    const { wrapper, socket } = await workspace();
    rise(socket, 1, 2, 4);
    await seconds(1);
    expect(badge(wrapper, 1).attributes('data-level')).toBe('warn');
    expect(order(wrapper)).toEqual(['3', '1', '2']);
    await wrapper.get('[data-queue-id="3"] [data-testid="alert-mute"]').trigger('click');
    expect(order(wrapper)).toEqual(['1', '3', '2']);
    expect(badge(wrapper, 3).text()).toBe('Critical, muted');
    await wrapper.get('[data-queue-id="3"] [data-testid="alert-unmute"]').trigger('click');
    expect(order(wrapper)).toEqual(['3', '1', '2']);
  });

  it('filters the agents of the open queue by state and by name', async () => {
    const { wrapper } = await workspace();
    expect(wrapper.findAll('[data-testid="agent-row"]')).toHaveLength(3);
    await wrapper.get('[data-testid="agent-filter-paused"]').trigger('click');
    expect(wrapper.findAll('[data-testid="agent-row"]').map((r) => r.text())).toEqual([
      expect.stringContaining('Bo Holm'),
    ]);
    await wrapper.get('[data-testid="agent-filter-paused"]').trigger('click');
    await wrapper.get('[data-testid="agent-filter-text"]').setValue('an');
    expect(wrapper.findAll('[data-testid="agent-row"]')).toHaveLength(2);
    expect(wrapper.get('[data-testid="agent-filter"]').text()).toContain('2 of 3 agents');
  });

  it('gives a supervisor skip links to held calls, queues and conferences, and a viewer no empty column', async () => {
    const supervisor = await workspace();
    expect(supervisor.wrapper.findAll('nav a').map((a) => a.attributes('href'))).toEqual([
      '#prompts',
      '#queues',
      '#conferences',
    ]);
    await supervisor.wrapper.get('[data-testid="skip-queues"]').trigger('click');
    expect(document.activeElement?.id).toBe('queues');
    supervisor.wrapper.unmount();

    const viewer = await workspace('viewer');
    expect(viewer.wrapper.find('#prompts').exists()).toBe(false);
    expect(viewer.wrapper.get('[data-testid="workspace"]').classes()).not.toContain('controller');
    expect(viewer.wrapper.findAll('nav a').map((a) => a.attributes('href'))).toEqual([
      '#queues',
      '#conferences',
    ]);
  });
});

/** The gateway's delta when queue `id` reaches `waiting` callers and its alert rises past its dwell time now. */
function rise(socket: FakeSocket, id: number, seq = 2, waiting = 9): void {
  const now = Date.now();
  const level = busy(id, waiting).alert.level;
  socket.fire('delta', {
    stream: `queue:${id}`,
    kind: 'queue',
    seq,
    patch: {
      stats: busy(id, waiting).stats,
      alert: { level, since: now, warnSince: now - 10_000, criticalSince: now - 10_000, announcedAt: now },
      confirmedAt: now,
    },
  });
}
