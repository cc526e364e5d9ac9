import type { IncidentView } from '@switchboard/live-protocol';
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshStores } from '../../../test/support/setup.js';
import IncidentsPanel from './IncidentsPanel.vue';

const incident = (id: string, overrides: Partial<IncidentView> = {}): IncidentView => ({
  id,
  key: `queue:${id}`,
  kind: 'queue',
  level: 'warn',
  queueId: 1,
  subject: `Queue ${id}`,
  summary: '4 callers waiting',
  // A whole second, as the console's clock counts.
  openedAt: Math.floor(Date.now() / 1000) * 1000 - 125_000,
  resolvedAt: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
  ...overrides,
});

/** Answers GET /api/incidents with what `answer` holds at the time, and acknowledges as `sup2`. */
function gateway(answer: { open: IncidentView[]; recent: IncidentView[] }) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') {
        const id = /\/api\/incidents\/(.+)\/acknowledge/.exec(url)?.[1];
        answer.open = answer.open.map((i) =>
          i.id === id ? { ...i, acknowledgedBy: 'sup2', acknowledgedAt: Date.now() } : i,
        );
        return Promise.resolve(new Response(JSON.stringify({ ok: true, data: answer.open[0] })));
      }
      return Promise.resolve(new Response(JSON.stringify({ ok: true, data: answer })));
    }),
  );
}

describe('incidents panel', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is one line while nothing is open, with the resolved ones under Recent', async () => {
    const { pinia } = freshStores();
    gateway({
      open: [],
      recent: [incident('r1', { resolvedAt: Date.now(), acknowledgedBy: 'ann' })],
    });
    const wrapper = mount(IncidentsPanel, { global: { plugins: [pinia] } });
    await flushPromises();
    expect(wrapper.get('[data-testid="no-incidents"]').text()).toBe('No open alerts');
    expect(wrapper.find('[data-testid="incident-row"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="incidents-recent"] summary').text()).toBe('Recent (1)');
    expect(wrapper.get('[data-testid="incident-resolved"]').text()).toContain('acknowledged by ann');
    wrapper.unmount();
  });

  it('shows each open alert with its level and age, acknowledges it, and announces new ones politely', async () => {
    vi.useFakeTimers();
    const { pinia } = freshStores();
    const answer = { open: [incident('a')], recent: [] as IncidentView[] };
    gateway(answer);
    const wrapper = mount(IncidentsPanel, { global: { plugins: [pinia] } });
    await vi.advanceTimersByTimeAsync(0);
    const row = wrapper.get('[data-testid="incident-row"]');
    expect(row.get('[data-testid="alert-badge"]').text()).toBe('Warning');
    expect(row.text()).toContain('open 2:05');
    // Open when the console opened: not announced.
    expect(wrapper.get('[data-testid="incidents-announcer"]').text()).toBe('');
    await row.get('[data-testid="incident-ack"]').trigger('click');
    await vi.advanceTimersByTimeAsync(0);
    expect(wrapper.get('[data-testid="incident-acknowledged"]').text()).toMatch(
      /^Acknowledged by sup2 at \d\d:\d\d$/,
    );
    expect(wrapper.find('[data-testid="incident-ack"]').exists()).toBe(false);
    answer.open = [...answer.open, incident('b', { level: 'critical', subject: 'Support (601)' })];
    await vi.advanceTimersByTimeAsync(5_000);
    expect(wrapper.findAll('[data-testid="incident-row"]')).toHaveLength(2);
    expect(wrapper.get('[data-testid="incidents-announcer"]').text()).toBe(
      'New alert: Critical, Support (601): 4 callers waiting',
    );
    expect(wrapper.get('[data-testid="incidents-announcer"]').attributes('aria-live')).toBe('polite');
    wrapper.unmount();
  });
});
