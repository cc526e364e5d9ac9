import type { QueueIntervalsAnswer } from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { sessionInfo } from '../../../test/support/fake-socket.js';
import { queueView } from '../../../test/support/fixtures.js';
import { freshAppPageEachTest, mountApp } from '../../../test/support/mount-app.js';
import { TOKEN_STORAGE_KEY } from '../../stores/session.store.js';

// Where the chart shows: the console's "Today in intervals" section and the TV's tile (`?intervals=1`).

const TODAY = Date.UTC(2025, 0, 6);

function intervalsOf(queueId: number): QueueIntervalsAnswer {
  const day = (dayStart: number, count: number) => ({
    dayStart,
    intervals: Array.from({ length: count }, (_, i) => ({
      start: dayStart + i * 900_000,
      offered: 1,
      answered: 1,
      abandoned: 0,
      shortAbandoned: 0,
      serviceLevel: 100,
      avgWaitSec: 5,
      longestWaitSec: 9,
    })),
  });
  return {
    queueId,
    timeZone: 'UTC',
    intervalMin: 15,
    today: day(TODAY, 20),
    lastWeek: day(TODAY - 7 * 86_400_000, 96),
  };
}

/** A gateway answering the intervals of any queue; every request recorded. */
function intervalsGateway() {
  const fetchMock = vi.fn(async (url: string) => {
    const match = /^\/api\/queues\/(\d+)\/intervals$/.exec(url);
    const body = match
      ? { ok: true, data: intervalsOf(Number(match[1])) }
      : { ok: false, error: { code: 'not_found', message: 'no' } };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const asked = () => fetchMock.mock.calls.map((call) => call[0]).filter((url) => url.includes('/intervals'));
  return { fetchMock, asked };
}

freshAppPageEachTest();

describe('the interval chart on the wallboard', () => {
  async function board(query: string) {
    const gateway = intervalsGateway();
    const app = await mountApp(`/wallboard?display=tv-token&${query}`);
    app.socket.open(sessionInfo({ user: 'display:lobby', role: 'viewer', display: true, queues: [1, 2] }));
    await flushPromises();
    app.socket.snapshot('queue:1', queueView(1, { name: 'Sales' }));
    await flushPromises();
    return { ...app, ...gateway };
  }

  it('shows the tile on a queue board with ?intervals=1, fetched with the display token', async () => {
    const { wrapper, asked, fetchMock } = await board('queues=1&intervals=1');
    await vi.waitFor(() => expect(wrapper.find('[data-testid="interval-chart"]').exists()).toBe(true));
    await vi.waitFor(() =>
      expect(wrapper.get('[data-testid="interval-chart"]').attributes('data-today-points')).toBe('20'),
    );
    expect(asked()).toEqual(['/api/queues/1/intervals']);
    const init = fetchMock.mock.calls.find((call) => call[0].includes('/intervals'))?.[1 as never] as
      RequestInit | undefined;
    expect((init?.headers as Record<string, string>)['Authorization']).toBe('Bearer tv-token');
    const chart = wrapper.get('[data-testid="interval-chart"]');
    expect(chart.attributes('data-variant')).toBe('tv');
    expect(chart.attributes('data-last-week-points')).toBe('96');
    expect(wrapper.get('[data-testid="queue-board"]').classes()).toContain('with-intervals');
    // Still a kiosk: no controls.
    expect(wrapper.findAll('button, input, select, textarea, a, summary')).toHaveLength(0);
  });

  it('changes nothing without the option: no tile, no request', async () => {
    const { wrapper, asked } = await board('queues=1');
    await flushPromises();
    expect(wrapper.find('[data-testid="interval-tile"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="queue-board"]').classes()).not.toContain('with-intervals');
    expect(asked()).toEqual([]);
  });
});

describe('the interval chart in the console', () => {
  it('is collapsed until opened, then fetches and shows today against last week, and stays open', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'sup-token');
    const { asked } = intervalsGateway();
    const open = async () => {
      const app = await mountApp('/console?open=1');
      app.socket.open(sessionInfo({ role: 'supervisor', queues: [1] }));
      await flushPromises();
      app.socket.snapshot('queue:1', queueView(1, { name: 'Sales' }));
      await flushPromises();
      return app;
    };
    const first = await open();
    const section = first.wrapper.get('[data-testid="queue-intervals"]');
    expect(section.text()).toContain('Today in intervals');
    expect(section.attributes('open')).toBeUndefined();
    expect(asked()).toEqual([]);

    (section.element as HTMLDetailsElement).open = true;
    await section.trigger('toggle');
    await vi.waitFor(() =>
      expect(first.wrapper.get('[data-testid="interval-chart"]').attributes('data-today-points')).toBe('20'),
    );
    expect(asked()).toEqual(['/api/queues/1/intervals']);
    const chart = first.wrapper.get('[data-testid="interval-chart"]');
    expect(chart.attributes('data-series-count')).toBe('6');
    expect(chart.attributes('data-last-week-points')).toBe('96');
    first.wrapper.unmount();

    // Remembered on this device: the next console opens it at once.
    const second = await open();
    await vi.waitFor(() => expect(second.wrapper.find('[data-testid="interval-chart"]').exists()).toBe(true));
  });
});
