import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueRow } from '../../../test/support/fixtures.js';
import QueueSummaryTable from './QueueSummaryTable.vue';

/**
 * Layout stand-in: odd queues' rows are 100 px tall (a "recounting" line), even ones 50 px, heads 40 px.
 * Which rows a page shows then changes the heights measured, which changes how many rows a page holds.
 */
function fakeLayout(): void {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const height = (() => {
      if (this.tagName === 'TR' && this.dataset['queueId'])
        return Number(this.dataset['queueId']) % 2 === 1 ? 100 : 50;
      if (this.classList.contains('page-note')) return 20;
      if (this.tagName === 'TBODY')
        return [...this.querySelectorAll('tr')].reduce(
          (sum, row) => sum + row.getBoundingClientRect().height,
          0,
        );
      if (this.classList.contains('summary-box')) {
        const body = this.querySelector('tbody')?.getBoundingClientRect().height ?? 0;
        return 40 + body + (this.querySelector('.page-note') ? 20 : 0);
      }
      return 0;
    })();
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 100,
      bottom: height,
      width: 100,
      height,
      toJSON: () => ({}),
    };
  });
}

describe('QueueSummaryTable paging', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 9, 0, 0) });
    fakeLayout();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('pages the queues that do not fit, and settles while row heights differ from page to page', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => queueRow(i + 1, 0));
    const updates = vi.fn();
    const wrapper = mount(QueueSummaryTable, {
      props: { rows, now: Date.now(), maxHeight: 400, pageSec: 8 },
      attrs: { onVnodeUpdated: updates },
    });
    await flushPromises();
    await vi.advanceTimersByTimeAsync(2_000);
    const note = () => wrapper.find('[data-testid="queue-page"]');
    expect(note().exists()).toBe(true);
    // Rows average 75 px: 400 - 40 heads - 45 note reserve = 315, four rows a page.
    expect(note().text()).toContain('Queues 1–4 of 12');
    expect(note().attributes('data-pages')).toBe('3');
    // Measuring on a timer, not after each render: the pages turn every 8 s and nothing renders in between.
    updates.mockClear();
    await vi.advanceTimersByTimeAsync(7_900);
    expect(updates.mock.calls.length).toBeLessThanOrEqual(4);
    await vi.advanceTimersByTimeAsync(100);
    expect(note().text()).toContain('page 2/');
    // Page 2 starts with a short row: the rows shown must not flip between two page sizes, render after render.
    updates.mockClear();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(updates.mock.calls.length).toBeLessThanOrEqual(4);
    expect(note().text()).toContain('page 2/');
    wrapper.unmount();
  });

  it('shows every queue on one page without a height limit', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => queueRow(i + 1, 0));
    const wrapper = mount(QueueSummaryTable, { props: { rows, now: Date.now(), maxHeight: null } });
    await flushPromises();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(wrapper.findAll('[data-testid="queue-row"]')).toHaveLength(12);
    expect(wrapper.find('[data-testid="queue-page"]').exists()).toBe(false);
    wrapper.unmount();
  });
});
