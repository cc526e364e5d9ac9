import { describe, expect, it, vi } from 'vitest';
import workerSource from '../../public/sw.js?raw';

/**
 * public/sw.js run against a fake ServiceWorkerGlobalScope: the worker's own code, with the browser's
 * notification and window APIs recorded.
 */

interface Shown {
  title: string;
  options: { tag?: string; body?: string; actions?: { action: string }[]; data?: unknown } & Record<
    string,
    unknown
  >;
  close: () => void;
}

type Listener = (event: Record<string, unknown>) => void;

function startWorker(
  fetchImpl: (url: string, init: RequestInit) => Promise<Response> = () => Promise.reject(),
) {
  const listeners = new Map<string, Listener>();
  const open: Shown[] = [];
  const shown: Shown[] = [];
  const windows: { url: string; focus: ReturnType<typeof vi.fn> }[] = [];
  const registration = {
    showNotification: vi.fn((title: string, options: Shown['options']) => {
      const notification: Shown = {
        title,
        options,
        close: () => {
          if (open.includes(notification)) open.splice(open.indexOf(notification), 1);
        },
      };
      for (const same of open.filter((n) => n.options.tag === options.tag)) same.close();
      open.push(notification);
      shown.push(notification);
      return Promise.resolve();
    }),
    getNotifications: vi.fn(({ tag }: { tag: string }) =>
      Promise.resolve(open.filter((n) => n.options.tag === tag)),
    ),
  };
  const clients = {
    claim: vi.fn(() => Promise.resolve()),
    matchAll: vi.fn(() => Promise.resolve(windows)),
    openWindow: vi.fn(() => Promise.resolve(null)),
  };
  const fetchMock = vi.fn(fetchImpl);
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration,
    clients,
    location: { href: 'https://switchboard.example.com/sw.js' },
  };
  // The worker is a classic script for a global scope; here its globals are parameters.
  new Function('self', 'fetch', workerSource)(self, fetchMock);

  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  };
  return {
    open,
    shown,
    windows,
    clients,
    fetchMock,
    push: (payload: unknown) =>
      dispatch('push', {
        data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) },
      }),
    click: (notification: Shown, action = '') =>
      dispatch('notificationclick', {
        action,
        notification: { data: notification.options.data, close: notification.close },
      }),
  };
}

const offer = {
  type: 'held-call',
  callId: 'call-17',
  queueId: 600,
  title: 'Held call from +46 70 123 45 67 for Sales',
  body: 'Accept or refuse',
  actionToken: 'tok.sig',
  expiresAt: Date.now() + 30_000,
};

const answer = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('the service worker', () => {
  it('shows a held call with Accept and Refuse until someone acts', async () => {
    const worker = startWorker();
    await worker.push(offer);
    expect(worker.open).toHaveLength(1);
    expect(worker.open[0]?.title).toBe(offer.title);
    expect(worker.open[0]?.options).toMatchObject({
      body: offer.body,
      tag: 'held-call:call-17',
      requireInteraction: true,
      actions: [
        { action: 'accept', title: 'Accept' },
        { action: 'refuse', title: 'Refuse' },
      ],
      data: offer,
    });
  });

  it('shows nothing for a held call whose window has ended, or for a push it does not know', async () => {
    const worker = startWorker();
    await worker.push({ ...offer, expiresAt: Date.now() - 1 });
    await worker.push({ type: 'mystery', title: 'x' });
    await worker.push('not json');
    expect(worker.shown).toEqual([]);
  });

  it('withdraws an offer it showed, quietly saying why, and stays silent about one it never showed', async () => {
    const worker = startWorker();
    await worker.push(offer);
    await worker.push({
      type: 'held-call-withdrawn',
      callId: 'call-17',
      title: 'Decided by Ann',
      body: 'Accepted',
    });
    expect(worker.open.map((n) => [n.title, n.options.tag, n.options.actions])).toEqual([
      ['Decided by Ann', 'held-call:call-17', undefined],
    ]);
    await worker.push({ type: 'held-call-withdrawn', callId: 'call-99', title: 'Window ended', body: '' });
    expect(worker.shown).toHaveLength(2);
  });

  it('posts Accept with the action token and shows the gateway’s answer in place of the offer', async () => {
    const worker = startWorker(() => answer({ ok: true, data: {} }));
    await worker.push(offer);
    await worker.click(worker.open[0] as Shown, 'accept');
    expect(worker.fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = worker.fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/push/held-call-decision');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ actionToken: 'tok.sig', action: 'accept' });
    expect(worker.open.map((n) => [n.title, n.options.tag])).toEqual([['Accepted', 'held-call:call-17']]);
  });

  it('shows the gateway’s refusal in its own words', async () => {
    const worker = startWorker(() =>
      answer({ ok: false, error: { code: 'conflict', message: 'Already decided by Ann' } }, 409),
    );
    await worker.push(offer);
    await worker.click(worker.open[0] as Shown, 'refuse');
    expect(JSON.parse(worker.fetchMock.mock.calls[0]?.[1].body as string)).toMatchObject({
      action: 'refuse',
    });
    expect(worker.open.map((n) => n.title)).toEqual(['Already decided by Ann']);
  });

  it('says so when the gateway cannot be reached or answers something else', async () => {
    const offline = startWorker(() => Promise.reject(new TypeError('Failed to fetch')));
    await offline.push(offer);
    await offline.click(offline.open[0] as Shown, 'accept');
    expect(offline.open.map((n) => n.title)).toEqual([
      'Could not reach Switchboard: open the console to decide',
    ]);
    const proxy = startWorker(() => Promise.resolve(new Response('<html>', { status: 502 })));
    await proxy.push(offer);
    await proxy.click(proxy.open[0] as Shown, 'accept');
    expect(proxy.open.map((n) => n.title)).toEqual([
      'Switchboard answered HTTP 502: open the console to decide',
    ]);
  });

  it('brings the console forward on a click on the notification itself', async () => {
    const worker = startWorker();
    await worker.push(offer);
    await worker.click(worker.open[0] as Shown);
    expect(worker.fetchMock).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).toHaveBeenCalledWith('/console');
    const consoleWindow = { url: 'https://switchboard.example.com/console/calls', focus: vi.fn() };
    worker.windows.push({ url: 'https://switchboard.example.com/wallboard', focus: vi.fn() }, consoleWindow);
    await worker.push(offer);
    await worker.click(worker.open[0] as Shown);
    expect(consoleWindow.focus).toHaveBeenCalled();
    expect(worker.clients.openWindow).toHaveBeenCalledTimes(1);
  });

  it('offers Acknowledge on an incident with a link, and opens that link', async () => {
    const worker = startWorker();
    const incident = { id: 'inc-1', subject: 'Sales (600)' };
    const acknowledgeUrl = 'https://switchboard.example.com/ack/abc';
    await worker.push({
      type: 'incident',
      incident,
      title: 'Sales critical',
      body: '6 waiting',
      acknowledgeUrl,
    });
    await worker.push({
      type: 'incident',
      incident: { id: 'inc-2' },
      title: 'PBX',
      body: '',
      acknowledgeUrl: null,
    });
    expect(worker.open.map((n) => [n.options.tag, n.options.actions])).toEqual([
      ['incident:inc-1', [{ action: 'acknowledge', title: 'Acknowledge' }]],
      ['incident:inc-2', []],
    ]);
    await worker.click(worker.open[0] as Shown, 'acknowledge');
    expect(worker.clients.openWindow).toHaveBeenCalledWith(acknowledgeUrl);
  });

  it('never opens a link that is not http(s)', async () => {
    const worker = startWorker();
    const acknowledgeUrl = 'javascript:alert(1)';
    await worker.push({ type: 'incident', incident: { id: 'i' }, title: 't', body: '', acknowledgeUrl });
    expect(worker.open[0]?.options.actions).toEqual([]);
    await worker.click(worker.open[0] as Shown, 'acknowledge');
    expect(worker.clients.openWindow).toHaveBeenCalledWith('/console');
  });
});
