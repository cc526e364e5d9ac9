import type { ClientResult } from '../socket/live-socket.js';

/**
 * The console's web push switch: registers the service worker (public/sw.js), subscribes this browser with
 * the gateway's VAPID key and tells the gateway where to push. The caller passes its REST function (the
 * session's `callApi` with the token), so this module never guesses how the page authenticates.
 */

/** Calls the gateway's REST API and returns its Result envelope (e.g. `callApi` with the session token). */
export type FetchJson = <T>(
  path: string,
  options?: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown },
) => Promise<ClientResult<T>>;

/** Whether this browser receives pushes now: `denied` means the person blocked notifications for the site. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** What enabling or disabling came to, in words the console can show. */
export type PushOutcome = { ok: true } | { ok: false; message: string };

const WORKER_URL = '/sw.js';
const WORKER_SCOPE = '/';

/** Whether this browser can receive web pushes at all (a secure page with service workers and PushManager). */
export function pushSupported(): boolean {
  return (
    globalThis.isSecureContext !== false &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in globalThis &&
    'Notification' in globalThis
  );
}

/** Where this browser stands: `on` only with permission and a live subscription. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await currentSubscription();
  return subscription !== null && Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * Turns pushes on for this browser; call it from a click (browsers ask for permission only then). A
 * subscription made for an older VAPID key is replaced, and one the gateway refuses is dropped again, so
 * the browser never stays subscribed without the gateway knowing.
 */
export async function enablePush(fetchJson: FetchJson): Promise<PushOutcome> {
  if (!pushSupported()) return { ok: false, message: 'This browser cannot receive push notifications.' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    return {
      ok: false,
      message: 'Notifications are blocked for this site; allow them in the browser settings.',
    };
  await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE });
  // Subscribing needs an active worker; `ready` waits for the first installation to finish.
  const registration = await navigator.serviceWorker.ready;
  const key = await fetchJson<{ publicKey: string }>('/api/push/vapid-public-key');
  if (!key.ok) return { ok: false, message: key.error.message };
  const serverKey = base64UrlBytes(key.data.publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription !== null && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  const saved = await fetchJson<unknown>('/api/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON(),
  });
  if (saved.ok) return { ok: true };
  await subscription.unsubscribe();
  return { ok: false, message: saved.error.message };
}

/**
 * Sends this browser's subscription to the gateway again when pushes are on: browsers replace
 * subscriptions now and then, and the service worker cannot report the new one (it holds no session).
 * The console calls it once a session is established.
 */
export async function resyncPush(fetchJson: FetchJson): Promise<PushOutcome> {
  if (!pushSupported() || Notification.permission !== 'granted') return { ok: true };
  const subscription = await currentSubscription();
  if (subscription === null) return { ok: true };
  const saved = await fetchJson<unknown>('/api/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON(),
  });
  return saved.ok ? { ok: true } : { ok: false, message: saved.error.message };
}

/**
 * Turns pushes off for this browser: unsubscribes, then asks the gateway to forget the endpoint. Should
 * that request fail, the push service answers 410 for the discarded endpoint and the gateway drops it on
 * its next message, so the outcome is still `ok`.
 */
export async function disablePush(fetchJson: FetchJson): Promise<PushOutcome> {
  if (!pushSupported()) return { ok: true };
  const subscription = await currentSubscription();
  if (subscription === null) return { ok: true };
  const { endpoint } = subscription;
  const unsubscribed = await subscription.unsubscribe();
  if (!unsubscribed) return { ok: false, message: 'The browser did not cancel its push subscription.' };
  await fetchJson<unknown>('/api/push/subscriptions', { method: 'DELETE', body: { endpoint } });
  return { ok: true };
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER_SCOPE);
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Decodes base64url (the VAPID public key's form) into the bytes PushManager wants. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (key === null || key.byteLength !== expected.length) return false;
  const actual = new Uint8Array(key);
  return actual.every((byte, i) => byte === expected[i]);
}
