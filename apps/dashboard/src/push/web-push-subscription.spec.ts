import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientResult } from '../socket/live-socket.js';
import {
  base64UrlBytes,
  disablePush,
  enablePush,
  pushState,
  pushSupported,
  resyncPush,
  type FetchJson,
} from './web-push-subscription.js';

/** Unpadded base64url, as the gateway writes keys. */
const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

// A P-256 public key's length (65 bytes), as the gateway's GET /api/push/vapid-public-key gives it.
const serverKeyBytes = new Uint8Array(65).map((_, i) => (i * 37 + 4) % 256);
const serverKey = base64Url(serverKeyBytes);

/** A browser's push machinery, as far as the module uses it. */
function fakeBrowser(permission: NotificationPermission = 'granted') {
  let current: ReturnType<typeof subscription> | null = null;
  let registered = false;
  const subscription = (endpoint: string, key: ArrayBuffer | null) => ({
    endpoint,
    options: { applicationServerKey: key, userVisibleOnly: true },
    unsubscribe: vi.fn(() => {
      current = null;
      return Promise.resolve(true);
    }),
    toJSON: () => ({ endpoint, keys: { p256dh: 'BPk', auth: 'au' } }),
  });
  const pushManager = {
    subscribe: vi.fn((options: { applicationServerKey: Uint8Array<ArrayBuffer> }) => {
      current = subscription('https://push.example.com/p/2', options.applicationServerKey.buffer);
      return Promise.resolve(current);
    }),
    getSubscription: vi.fn(() => Promise.resolve(current)),
  };
  const registration = { pushManager };
  const container = {
    register: vi.fn(() => {
      registered = true;
      return Promise.resolve(registration);
    }),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(() => Promise.resolve(registered ? registration : undefined)),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(() => Promise.resolve(notification.permission)),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('isSecureContext', true);
  return {
    container,
    pushManager,
    notification,
    /** Pretends this browser subscribed earlier, with `key`. */
    subscribedBefore(key: Uint8Array<ArrayBuffer>) {
      registered = true;
      current = subscription('https://push.example.com/p/1', key.buffer);
      return current;
    },
    current: () => current,
  };
}

/** The gateway's REST API: answers by method and path, records every call. */
function fakeGateway(answers: Record<string, ClientResult<unknown>> = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchJson = vi.fn((path: string, options?: { method?: string; body?: unknown }) => {
    const method = options?.method ?? 'GET';
    calls.push({ method, path, body: options?.body });
    const fallback = path === '/api/push/vapid-public-key' ? { publicKey: serverKey } : {};
    return Promise.resolve(answers[`${method} ${path}`] ?? { ok: true, data: fallback });
  });
  return { fetchJson: fetchJson as unknown as FetchJson, calls };
}

beforeEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  vi.unstubAllGlobals();
});

describe('pushSupported and pushState', () => {
  it('say unsupported without service workers', async () => {
    expect(pushSupported()).toBe(false);
    await expect(pushState()).resolves.toBe('unsupported');
  });

  it('say denied when notifications are blocked, off without a subscription, on with one', async () => {
    const browser = fakeBrowser('denied');
    expect(pushSupported()).toBe(true);
    await expect(pushState()).resolves.toBe('denied');
    browser.notification.permission = 'default';
    await expect(pushState()).resolves.toBe('off');
    browser.notification.permission = 'granted';
    await expect(pushState()).resolves.toBe('off');
    browser.subscribedBefore(base64UrlBytes(serverKey));
    await expect(pushState()).resolves.toBe('on');
  });
});

describe('enablePush', () => {
  it('registers /sw.js for the whole app, subscribes with the gateway’s key and saves the subscription', async () => {
    const browser = fakeBrowser();
    const gateway = fakeGateway();
    await expect(enablePush(gateway.fetchJson)).resolves.toEqual({ ok: true });
    expect(browser.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...serverKeyBytes]);
    expect(gateway.calls).toEqual([
      { method: 'GET', path: '/api/push/vapid-public-key', body: undefined },
      {
        method: 'POST',
        path: '/api/push/subscriptions',
        body: { endpoint: 'https://push.example.com/p/2', keys: { p256dh: 'BPk', auth: 'au' } },
      },
    ]);
    await expect(pushState()).resolves.toBe('on');
  });

  it('stops when the person does not allow notifications', async () => {
    const browser = fakeBrowser('default');
    browser.notification.requestPermission.mockResolvedValue('denied');
    const gateway = fakeGateway();
    const outcome = await enablePush(gateway.fetchJson);
    expect(outcome).toEqual({ ok: false, message: expect.stringMatching(/blocked/) as unknown });
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(gateway.calls).toEqual([]);
  });

  it('keeps a subscription made with the same key, and replaces one made with an older key', async () => {
    const browser = fakeBrowser();
    browser.subscribedBefore(base64UrlBytes(serverKey));
    await enablePush(fakeGateway().fetchJson);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();

    const old = browser.subscribedBefore(new Uint8Array(new ArrayBuffer(65)));
    const gateway = fakeGateway();
    await expect(enablePush(gateway.fetchJson)).resolves.toEqual({ ok: true });
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(gateway.calls.at(-1)?.body).toMatchObject({ endpoint: 'https://push.example.com/p/2' });
  });

  it('drops the new subscription again when the gateway refuses it, and says why', async () => {
    const browser = fakeBrowser();
    const gateway = fakeGateway({
      'POST /api/push/subscriptions': {
        ok: false,
        error: { code: 'forbidden', message: 'Only supervisors receive pushes.' },
      },
    });
    await expect(enablePush(gateway.fetchJson)).resolves.toEqual({
      ok: false,
      message: 'Only supervisors receive pushes.',
    });
    expect(browser.current()).toBeNull();
    await expect(pushState()).resolves.toBe('off');
  });

  it('reports a gateway that does not give its key', async () => {
    fakeBrowser();
    const gateway = fakeGateway({
      'GET /api/push/vapid-public-key': {
        ok: false,
        error: { code: 'offline', message: 'Cannot reach the gateway.' },
      },
    });
    await expect(enablePush(gateway.fetchJson)).resolves.toEqual({
      ok: false,
      message: 'Cannot reach the gateway.',
    });
  });
});

describe('disablePush and resyncPush', () => {
  it('disable unsubscribes, then asks the gateway to forget the endpoint', async () => {
    const browser = fakeBrowser();
    const old = browser.subscribedBefore(base64UrlBytes(serverKey));
    const gateway = fakeGateway();
    await expect(disablePush(gateway.fetchJson)).resolves.toEqual({ ok: true });
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(gateway.calls).toEqual([
      {
        method: 'DELETE',
        path: '/api/push/subscriptions',
        body: { endpoint: 'https://push.example.com/p/1' },
      },
    ]);
    await expect(pushState()).resolves.toBe('off');
  });

  it('resync sends the current subscription again, and nothing when pushes are off', async () => {
    const browser = fakeBrowser();
    const gateway = fakeGateway();
    await expect(resyncPush(gateway.fetchJson)).resolves.toEqual({ ok: true });
    expect(gateway.calls).toEqual([]);
    browser.subscribedBefore(base64UrlBytes(serverKey));
    await resyncPush(gateway.fetchJson);
    expect(gateway.calls).toEqual([
      {
        method: 'POST',
        path: '/api/push/subscriptions',
        body: { endpoint: 'https://push.example.com/p/1', keys: { p256dh: 'BPk', auth: 'au' } },
      },
    ]);
  });
});

describe('base64UrlBytes', () => {
  it('decodes unpadded base64url', () => {
    // These bytes use both url-safe characters ('-' and '_'), and 5 bytes end without padding.
    const bytes = new Uint8Array([251, 255, 190, 1, 2]);
    expect(base64Url(bytes)).toBe('-_--AQI');
    expect([...base64UrlBytes('-_--AQI')]).toEqual([...bytes]);
  });
});
