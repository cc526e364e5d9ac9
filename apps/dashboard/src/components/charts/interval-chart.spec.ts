import type { QueueDayIntervals, QueueIntervalsAnswer } from '@switchboard/live-protocol';
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import IntervalChart from './IntervalChart.vue';

// happy-dom has no canvas: these tests read what the chart says and tables (the words, the series it was
// given, its table); e2e/test/interval-chart.e2e.spec.ts checks the drawing in Chromium.

const MIN = 60_000;
const TODAY = Date.UTC(2025, 0, 6);

function dayOf(dayStart: number, count: number, offered: (i: number) => number): QueueDayIntervals {
  return {
    dayStart,
    intervals: Array.from({ length: count }, (_, i) => ({
      start: dayStart + i * 15 * MIN,
      offered: offered(i),
      answered: offered(i),
      abandoned: 0,
      shortAbandoned: 0,
      serviceLevel: offered(i) > 0 ? 90 : null,
      avgWaitSec: offered(i) > 0 ? 12 : null,
      longestWaitSec: offered(i) > 0 ? 30 : null,
    })),
  };
}

const withLastWeek: QueueIntervalsAnswer = {
  queueId: 1,
  timeZone: 'UTC',
  intervalMin: 15,
  today: dayOf(TODAY, 40, (i) => (i >= 32 ? 2 : 0)),
  lastWeek: dayOf(TODAY - 7 * 86_400_000, 96, (i) => (i >= 32 ? 1 : 0)),
};

describe('IntervalChart', () => {
  it('summarises the day for screen readers and tables every interval in the console', async () => {
    const wrapper = mount(IntervalChart, { props: { answer: withLastWeek }, attachTo: document.body });
    const chart = wrapper.get('[data-testid="interval-chart"]');
    expect(chart.attributes('data-series-count')).toBe('6');
    expect(chart.attributes('data-today-points')).toBe('40');
    expect(chart.attributes('data-last-week-points')).toBe('96');
    expect(chart.attributes('data-last-week')).toBe('available');
    // No canvas in this DOM: nothing drawn, and nothing breaks.
    expect(chart.attributes('data-drawn')).toBe('false');
    expect(wrapper.get('[data-testid="interval-caption"]').text()).toBe(
      'Calls per 15 minutes, and service level',
    );
    expect(wrapper.get('[data-series="today-offered"]').text()).toContain('16 so far');
    expect(wrapper.get('[data-series="lastWeek-offered"]').text()).toContain('8 by now');

    const table = wrapper.get('[data-testid="interval-table"]');
    expect(table.get('caption').text()).toBe(
      'Calls per 15 minutes today, 16 offered so far (16 answered, 0 abandoned); last week same time 8.',
    );
    const rows = table.findAll('tbody tr');
    expect(rows).toHaveLength(96);
    const cells = rows[32]?.findAll('td').map((cell) => cell.text());
    expect(cells).toEqual(['2', '2', '0', '90%', '0:12', '0:30', '1', '90%']);
    // After now: today's cells are dashes, last week's still there.
    expect(rows[50]?.findAll('td').map((cell) => cell.text())).toEqual([
      '–',
      '–',
      '–',
      '–',
      '–',
      '–',
      '1',
      '90%',
    ]);
    expect(wrapper.find('[data-testid="last-week-missing"]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('switches the console to a wait figure: today and last week of it', async () => {
    const wrapper = mount(IntervalChart, { props: { answer: withLastWeek } });
    await wrapper.get('[data-testid="interval-view"]').setValue('avgWaitSec');
    const chart = wrapper.get('[data-testid="interval-chart"]');
    expect(chart.attributes('data-view')).toBe('avgWaitSec');
    expect(chart.attributes('data-series-count')).toBe('2');
    expect(chart.attributes('data-today-points')).toBe('8');
    expect(wrapper.get('[data-testid="interval-caption"]').text()).toBe('Average wait per 15 minutes');
    wrapper.unmount();
  });

  it('says when last week is not available and still draws today', async () => {
    const wrapper = mount(IntervalChart, { props: { answer: { ...withLastWeek, lastWeek: null } } });
    expect(wrapper.get('[data-testid="last-week-missing"]').text()).toBe(
      "Last week's figures are not available",
    );
    const chart = wrapper.get('[data-testid="interval-chart"]');
    expect(chart.attributes('data-last-week')).toBe('missing');
    expect(chart.attributes('data-last-week-points')).toBe('0');
    expect(wrapper.get('[data-series="lastWeek-offered"]').text()).toContain('not available');
    expect(wrapper.findAll('[data-testid="interval-table"] tbody tr')).toHaveLength(40);
    wrapper.unmount();
  });

  it('shows on a TV only today and last week, with a big legend and no controls', () => {
    const wrapper = mount(IntervalChart, { props: { answer: withLastWeek, variant: 'tv' } });
    const chart = wrapper.get('[data-testid="interval-chart"]');
    expect(chart.attributes('data-series-count')).toBe('2');
    expect(wrapper.get('[data-testid="interval-caption"]').text()).toBe('Calls per 15 min');
    expect(wrapper.findAll('[data-testid="interval-legend"] li').map((li) => li.text())).toEqual([
      'Today 16',
      'Last week 8',
    ]);
    expect(wrapper.find('select').exists()).toBe(false);
    expect(wrapper.find('details').exists()).toBe(false);
    // The table is still there for screen readers, visually hidden.
    expect(wrapper.get('[data-testid="interval-table"]').element.parentElement?.className).toBe(
      'visually-hidden',
    );
    wrapper.unmount();
  });

  it('says it is loading, or why it cannot, before the first answer', async () => {
    const wrapper = mount(IntervalChart, { props: { answer: null } });
    expect(wrapper.text()).toContain('Loading the intervals…');
    await wrapper.setProps({ error: 'The gateway did not answer within 8 s.' });
    expect(wrapper.text()).toContain('Cannot load the intervals: The gateway did not answer within 8 s.');
    expect(wrapper.get('[data-testid="interval-chart"]').attributes('data-last-week')).toBe('loading');
    wrapper.unmount();
  });

  it('notes a failed refresh and a pending recount under the figures it keeps', () => {
    const wrapper = mount(IntervalChart, {
      props: {
        answer: { ...withLastWeek, recountPendingSince: new Date(2025, 0, 6, 14, 2).getTime() },
        error: 'Cannot reach the gateway (network error).',
      },
    });
    expect(wrapper.text()).toContain("Recounting since 14:02:00: today's figures may be short");
    expect(wrapper.text()).toContain('Not updated: Cannot reach the gateway (network error).');
    wrapper.unmount();
  });
});
