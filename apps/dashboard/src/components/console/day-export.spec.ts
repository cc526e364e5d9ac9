import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshStores } from '../../../test/support/setup.js';
import { dayReportUrl, reportFileName } from '../../lib/day-report.js';
import { TOKEN_STORAGE_KEY } from '../../stores/session.store.js';
import DayExport from './DayExport.vue';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

/** What the page handed to the browser to save: the link's address and file name. */
const saved: { href: string; download: string }[] = [];

function exporter() {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  const { pinia } = freshStores();
  return mount(DayExport, { global: { plugins: [pinia] }, attachTo: document.body });
}

const csv = (text: string, disposition?: string) =>
  new Response(text, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      ...(disposition ? { 'content-disposition': disposition } : {}),
    },
  });

describe('DayExport', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    sessionStorage.clear();
    saved.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('builds the report address: the day, and the queues only when named', () => {
    expect(dayReportUrl('agents', { date: '2026-11-24' })).toBe('/api/reports/agents.csv?date=2026-11-24');
    expect(dayReportUrl('intervals', { date: '2026-11-24', queues: [1, 2] })).toBe(
      '/api/reports/intervals.csv?date=2026-11-24&queues=1,2',
    );
    expect(reportFileName('agents', '2026-11-24', 'attachment; filename="agents-sales.csv"')).toBe(
      'agents-sales.csv',
    );
    expect(reportFileName('agents', '2026-11-24', null)).toBe('agents-2026-11-24.csv');
  });

  it('offers today (at the latest, 62 days back at the earliest) and saves the agents CSV of every queue in scope', async () => {
    let finish: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (finish = resolve)));
    vi.stubGlobal('fetch', fetch);
    const wrapper = exporter();
    const date = wrapper.get<HTMLInputElement>('[data-testid="day-export-date"]');
    expect(date.element.value).toBe('2026-11-24');
    expect(date.attributes('max')).toBe('2026-11-24');
    expect(date.attributes('min')).toBe('2026-09-23');

    await wrapper.get('[data-testid="day-export-agents"]').trigger('click');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reports/agents.csv?date=2026-11-24');
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok');
    // Both buttons wait while one report is on its way.
    expect(wrapper.get('[data-testid="day-export-agents"]').text()).toBe('Preparing…');
    expect(wrapper.get('[data-testid="day-export-agents"]').attributes('disabled')).toBeDefined();
    expect(wrapper.get('[data-testid="day-export-intervals"]').attributes('disabled')).toBeDefined();

    finish(csv('number,name,answered\n1001,Ann,4\n'));
    await flushPromises();
    expect(saved).toEqual([{ href: 'blob:report-1', download: 'agents-2026-11-24.csv' }]);
    expect(wrapper.get('[data-testid="day-export-agents"]').attributes('disabled')).toBeUndefined();
    const note = wrapper.get('[data-testid="day-export-note"]');
    expect(note.text()).toBe('Agents CSV of 2026-11-24: your browser saves agents-2026-11-24.csv.');
    expect(note.attributes('role')).toBe('status');
    wrapper.unmount();
  });

  it('asks for the day chosen, and names the file as the gateway does', async () => {
    const fetch = vi.fn(async (_url: string) =>
      csv('start,offered\n', 'attachment; filename="intervals-2026-11-20.csv"'),
    );
    vi.stubGlobal('fetch', fetch);
    const wrapper = exporter();
    await wrapper.get('[data-testid="day-export-date"]').setValue('2026-11-20');
    await wrapper.get('[data-testid="day-export-intervals"]').trigger('click');
    await flushPromises();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/reports/intervals.csv?date=2026-11-20');
    expect(saved[0]?.download).toBe('intervals-2026-11-20.csv');
    wrapper.unmount();
  });

  it('says in words what the gateway refused, and saves nothing', async () => {
    const refusal = {
      ok: false,
      error: {
        code: 'invalid_payload',
        message: 'The report query is not valid.',
        fields: [{ field: 'date', message: 'is more than 62 days back' }],
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(refusal, { status: 400, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const wrapper = exporter();
    await wrapper.get('[data-testid="day-export-agents"]').trigger('click');
    await flushPromises();
    const note = wrapper.get('[data-testid="day-export-note"]');
    expect(note.text()).toBe(
      'Agents CSV of 2026-11-24 failed: The report query is not valid. (date is more than 62 days back)',
    );
    expect(note.attributes('role')).toBe('alert');
    expect(note.classes()).toContain('error-text');
    expect(saved).toEqual([]);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await wrapper.get('[data-testid="day-export-intervals"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="day-export-note"]').text()).toBe(
      'Intervals CSV of 2026-11-24 failed: The gateway answered HTTP 502 to the report.',
    );
    wrapper.unmount();
  });

  it('refuses a day after today before asking', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const wrapper = exporter();
    await wrapper.get('[data-testid="day-export-date"]').setValue('2026-11-25');
    await wrapper.get('[data-testid="day-export-agents"]').trigger('click');
    expect(fetch).not.toHaveBeenCalled();
    expect(wrapper.get('[data-testid="day-export-note"]').text()).toContain('no figures for 2026-11-25 yet');
    wrapper.unmount();
  });
});
