import type { IncidentView } from '@switchboard/live-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshStores } from '../../test/support/setup.js';
import { INCIDENTS_POLL_MS, useIncidentsStore } from './incidents.store.js';
import { TOKEN_STORAGE_KEY } from './session.store.js';

const incident = (id: string, overrides: Partial<IncidentView> = {}): IncidentView => ({
  id,
  key: `queue:${id}`,
  kind: 'queue',
  level: 'critical',
  queueId: 1,
  subject: 'Sales (600)',
  summary: '12 callers waiting',
  openedAt: Date.now() - 60_000,
  resolvedAt: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
  ...overrides,
});

/** A gateway whose open incidents the test changes; it records every request. */
function fakeGateway(open: IncidentView[]) {
  const sent: { method: string; url: string; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ method, url, auth: new Headers(init.headers).get('Authorization') });
      const ack = /^\/api\/incidents\/(.+)\/acknowledge$/.exec(url);
      if (ack && method === 'POST') {
        const index = open.findIndex((i) => i.id === ack[1]);
        const taken = {
          ...incident(ack[1] ?? ''),
          ...open[index],
          acknowledgedBy: 'sup1',
          acknowledgedAt: Date.now(),
        };
        open[index] = taken;
        return Promise.resolve(new Response(JSON.stringify({ ok: true, data: taken })));
      }
      return Promise.resolve(
        new Response(JSON.stringify({ ok: true, data: { open: [...open], recent: [] } })),
      );
    }),
  );
  return sent;
}

const reads = (sent: { method: string; url: string }[]) =>
  sent.filter((s) => s.method === 'GET' && s.url === '/api/incidents').length;

function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('incidents store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'sup-token');
    freshStores();
  });
  afterEach(() => {
    setVisibility('visible');
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('reads when the console opens, every 5 s while open, and stops when it closes', async () => {
    const open = [incident('i1')];
    const sent = fakeGateway(open);
    const store = useIncidentsStore();
    const stop = store.watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads(sent)).toBe(1);
    expect(sent[0]?.auth).toBe('Bearer sup-token');
    expect(store.open.map((i) => i.id)).toEqual(['i1']);
    open.push(incident('i2'));
    await vi.advanceTimersByTimeAsync(INCIDENTS_POLL_MS);
    expect(reads(sent)).toBe(2);
    expect(store.open.map((i) => i.id)).toEqual(['i1', 'i2']);
    stop();
    expect(store.running()).toBe(false);
    await vi.advanceTimersByTimeAsync(INCIDENTS_POLL_MS * 3);
    expect(reads(sent)).toBe(2);
  });

  it('pauses while the tab is hidden and reads at once when it is back', async () => {
    const sent = fakeGateway([]);
    const store = useIncidentsStore();
    const stop = store.watch();
    await vi.advanceTimersByTimeAsync(0);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(INCIDENTS_POLL_MS * 4);
    expect(reads(sent)).toBe(1);
    expect(store.running()).toBe(false);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads(sent)).toBe(2);
    await vi.advanceTimersByTimeAsync(INCIDENTS_POLL_MS);
    expect(reads(sent)).toBe(3);
    stop();
  });

  it('keeps one timer however many panels watch, until the last one stops', async () => {
    const sent = fakeGateway([]);
    const store = useIncidentsStore();
    const stopA = store.watch();
    const stopB = store.watch();
    await vi.advanceTimersByTimeAsync(INCIDENTS_POLL_MS);
    expect(reads(sent)).toBe(2);
    stopA();
    stopA();
    expect(store.running()).toBe(true);
    stopB();
    expect(store.running()).toBe(false);
  });

  it('acknowledges for everyone, shows who at once, and reads the list again', async () => {
    const sent = fakeGateway([incident('i1'), incident('i2')]);
    const store = useIncidentsStore();
    await store.load();
    const answer = await store.acknowledge('i1');
    expect(answer.ok).toBe(true);
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.url)).toEqual([
      '/api/incidents/i1/acknowledge',
    ]);
    expect(store.open.find((i) => i.id === 'i1')?.acknowledgedBy).toBe('sup1');
    expect(store.open.find((i) => i.id === 'i2')?.acknowledgedBy).toBeNull();
    expect(reads(sent)).toBe(2);
    expect(store.acknowledging.size).toBe(0);
  });

  it('keeps the last incidents and says why when a read fails', async () => {
    fakeGateway([incident('i1')]);
    const store = useIncidentsStore();
    await store.load();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new Error('connection refused')));
    await store.load();
    expect(store.open.map((i) => i.id)).toEqual(['i1']);
    expect(store.error).toBe('Cannot reach the gateway (connection refused).');
  });
});
