import type { CallSearchAnswer } from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callSummary,
  fakeCallsGateway,
  paramsOf,
  type SentRequest,
} from '../../test/support/fake-calls-gateway.js';
import { sessionInfo } from '../../test/support/fake-socket.js';
import { freshAppPageEachTest, mountApp } from '../../test/support/mount-app.js';
import { TOKEN_STORAGE_KEY } from '../stores/session.store.js';

function page(count: number, total = count, pageNo = 1, pageSize = 10_000): CallSearchAnswer {
  return {
    total,
    page: pageNo,
    pageSize,
    calls: Array.from({ length: count }, (_, i) => callSummary(i + (pageNo - 1) * pageSize)),
  };
}

async function open(
  search: (request: SentRequest) => [number, unknown],
  path = '/console/calls',
  extra = {},
) {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, 'sup-token');
  const sent = fakeCallsGateway('supervisor', { 'GET /api/calls': search, ...extra });
  const app = await mountApp(path);
  await flushPromises();
  return { ...app, sent };
}

const searches = (sent: SentRequest[]) =>
  sent.filter((s) => s.url.startsWith('/api/calls?')).map((s) => paramsOf(s.url));

// Empty storage before each test; every app mounted is unmounted after it.
freshAppPageEachTest();

describe('Calls page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("searches today in the site's zone by default and says which zone the times are in", async () => {
    // 23:30 UTC is already tomorrow in Berlin: the default range is Berlin's day, not the browser's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 24, 23, 30));
    const { wrapper, sent } = await open(() => [200, { ok: true, data: page(3) }]);
    expect(wrapper.get('[data-testid="call-zone"]').text()).toBe('(times in Europe/Berlin)');
    expect(searches(sent)).toEqual([{ from: '2026-11-25T00:00:00', to: '2026-11-25T23:59:59', page: '1' }]);
    expect(wrapper.get('[data-testid="call-count"]').text()).toContain('3 calls, newest first by start time');
    // 08:00 UTC shown on Berlin's clock.
    expect(wrapper.findAll('[data-testid="call-row"]')[0]?.text()).toContain('2026-11-24 09:00:00');
  });

  it('sends every filter the form has and keeps the search in the address', async () => {
    const { wrapper, sent, router } = await open(() => [200, { ok: true, data: page(1) }]);
    await wrapper.get('[data-testid="call-from"]').setValue('2026-11-20T08:00');
    await wrapper.get('[data-testid="call-to"]').setValue('2026-11-20T18:30:15');
    await wrapper.get('[data-testid="call-caller"]').setValue(' 5550100001 ');
    await wrapper.get('[data-testid="call-callee"]').setValue('1001');
    await wrapper.get('[data-testid="call-status"]').setValue('ANSWERED');
    await wrapper.get('[data-testid="call-did"]').setValue('5550100:carrier-b');
    await wrapper.get('[data-testid="call-remark"]').setValue('invoice');
    await wrapper.get('input[type="checkbox"][value="4"]').setValue(true);
    await wrapper.get('[data-testid="call-page-size"]').setValue('1000');
    await wrapper.get('[data-testid="call-search"]').trigger('submit');
    await flushPromises();
    const wanted = {
      from: '2026-11-20T08:00:00',
      to: '2026-11-20T18:30:15',
      caller: '5550100001',
      callee: '1001',
      status: 'ANSWERED',
      did: '5550100:carrier-b',
      dispositionCodes: '4',
      noteRemark: 'invoice',
      page: '1',
      pageSize: '1000',
    };
    expect(searches(sent).at(-1)).toEqual(wanted);
    expect(router.currentRoute.value.query).toEqual(wanted);
  });

  it('renders only the rows on screen of 10,000, as a grid that counts them all, and pages through the PBX', async () => {
    const { wrapper, sent } = await open((request) => {
      const pageNo = Number(paramsOf(request.url)['page'] ?? 1);
      return [200, { ok: true, data: page(pageNo === 1 ? 10_000 : 2_345, 12_345, pageNo) }];
    });
    const grid = wrapper.get('[role="grid"]');
    expect(grid.attributes('aria-rowcount')).toBe('12346');
    const rows = wrapper.findAll('[data-testid="call-row"]');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(60);
    // jsdom lays nothing out (a list 0 px high): one row on screen, one of slack and a single overscan row below.
    // Every extra row rendered is laid out again on each scrolled frame (BENCHMARKS.md, part 7).
    expect(rows.length).toBe(3);
    expect(rows[0]?.attributes('aria-rowindex')).toBe('2');
    expect(wrapper.get('[data-testid="call-count"]').text()).toContain('showing 1–10,000 of 12,345');
    expect(wrapper.get('[data-testid="call-prev"]').attributes('disabled')).toBeDefined();
    await wrapper.get('[data-testid="call-next"]').trigger('click');
    await flushPromises();
    expect(searches(sent).at(-1)?.['page']).toBe('2');
    expect(wrapper.get('[data-testid="call-count"]').text()).toContain('showing 10,001–12,345 of 12,345');
    // Row numbers continue across pages for screen readers.
    expect(wrapper.findAll('[data-testid="call-row"]')[0]?.attributes('aria-rowindex')).toBe('10002');
  });

  it('moves through rows with the keyboard and opens the active one with Enter', async () => {
    const { wrapper, router } = await open(() => [200, { ok: true, data: page(50) }]);
    const grid = wrapper.get('[role="grid"]');
    expect(grid.attributes('aria-activedescendant')).toBe('call-row-0');
    await grid.trigger('keydown', { key: 'ArrowDown' });
    await grid.trigger('keydown', { key: 'ArrowDown' });
    expect(grid.attributes('aria-activedescendant')).toBe('call-row-2');
    await grid.trigger('keydown', { key: 'Enter' });
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/console/calls/c2'));
  });

  it("says what was wrong in the gateway's words, naming the field", async () => {
    const { wrapper } = await open(() => [
      400,
      {
        ok: false,
        error: {
          code: 'invalid_payload',
          message: 'Invalid search',
          fields: [{ field: 'to', message: 'must not be before from' }],
        },
      },
    ]);
    const state = wrapper.get('[data-testid="call-search-state"]');
    expect(state.attributes('role')).toBe('alert');
    expect(state.text()).toContain('Invalid search (to must not be before from)');
    expect(wrapper.find('[data-testid="call-list"]').exists()).toBe(false);
  });

  it('says so when the PBX is unreachable, and when nothing matches', async () => {
    let answer: [number, unknown] = [
      503,
      { ok: false, error: { code: 'pbx_unavailable', message: 'The PBX does not answer.' } },
    ];
    const { wrapper } = await open(() => answer);
    const state = wrapper.get('[data-testid="call-search-state"]');
    expect(state.attributes('data-kind')).toBe('pbx-unavailable');
    expect(state.text()).toContain('The PBX cannot be reached right now. The PBX does not answer.');
    answer = [200, { ok: true, data: page(0) }];
    await wrapper.get('[data-testid="call-search"]').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid="call-search-state"]').text()).toBe(
      'No calls match these filters in this time range.',
    );
  });

  it('exports the current search: asks for a link without paging and hands it to the browser', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const { wrapper, sent } = await open(() => [200, { ok: true, data: page(5) }], '/console/calls', {
      'POST /api/calls/export-link': () => [
        200,
        { ok: true, data: { url: '/api/calls/export?ticket=t1', expiresAt: Date.now() + 60_000 } },
      ],
    });
    await wrapper.get('[data-testid="call-export"]').trigger('click');
    await flushPromises();
    const request = sent.find((s) => s.url === '/api/calls/export-link');
    expect(request?.body).toEqual({ from: expect.any(String), to: expect.any(String) });
    expect(clicked).toEqual(['/api/calls/export?ticket=t1 calls.csv']);
    expect(wrapper.get('[data-testid="call-export-note"]').text()).toContain('Export of 5 calls started');
  });

  it('is linked from the console header for supervisors and admins; a viewer is refused at its address', async () => {
    for (const role of ['supervisor', 'admin', 'viewer'] as const) {
      sessionStorage.setItem(TOKEN_STORAGE_KEY, `${role}-token`);
      fakeCallsGateway(role);
      const app = await mountApp('/console');
      app.socket.open(sessionInfo({ user: role, role }));
      await flushPromises();
      expect(app.wrapper.find('[data-testid="calls-link"]').exists()).toBe(role !== 'viewer');
      app.wrapper.unmount();
    }
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'viewer-token');
    const sent = fakeCallsGateway('viewer');
    const app = await mountApp('/console/calls/c1');
    expect(app.router.currentRoute.value.name).toBe('not-allowed');
    expect(sent.some((s) => s.url.startsWith('/api/calls'))).toBe(false);
  });
});
