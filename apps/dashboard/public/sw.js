/*
 * Switchboard's service worker: shows the gateway's web pushes (the PushPayload of
 * libs/live-protocol/src/alerts.ts) and answers their buttons. Plain JavaScript with no build step, served
 * from /sw.js so that its scope is the whole app. It holds no session: a held call's Accept / Refuse posts
 * the signed action token the push carried, and the gateway judges it.
 */
'use strict';

const CONSOLE_PATH = '/console';
const DECISION_PATH = '/api/push/held-call-decision';
const DECISION_TIMEOUT_MS = 10_000;

// A new version takes over at once: an old worker would keep showing pushes the old way until every tab closed.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  if (payload) event.waitUntil(showPush(payload));
});

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  const data = notification.data || {};
  notification.close();
  if (data.type === 'held-call' && (event.action === 'accept' || event.action === 'refuse'))
    event.waitUntil(decide(data, event.action));
  else if (data.type === 'incident' && event.action === 'acknowledge' && isWebUrl(data.acknowledgeUrl))
    event.waitUntil(self.clients.openWindow(data.acknowledgeUrl));
  else event.waitUntil(openConsole());
});

/** The push's JSON, or null for anything that is not a PushPayload this worker knows. */
function readPayload(data) {
  try {
    const payload = data ? data.json() : null;
    const known = ['held-call', 'held-call-withdrawn', 'incident'];
    if (!payload || typeof payload.title !== 'string' || !known.includes(payload.type)) return null;
    if (payload.type === 'incident' && !(payload.incident && payload.incident.id)) return null;
    return payload;
  } catch {
    return null;
  }
}

async function showPush(payload) {
  if (payload.type === 'held-call') {
    // The PBX's window has ended: the buttons could only fail, so the offer is not shown at all. (Browsers
    // allow a subscription with userVisibleOnly an occasional push that shows nothing.)
    if (Date.now() > payload.expiresAt) return;
    await self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: heldCallTag(payload.callId),
      renotify: true,
      requireInteraction: true,
      actions: [
        { action: 'accept', title: 'Accept' },
        { action: 'refuse', title: 'Refuse' },
      ],
      data: payload,
    });
  } else if (payload.type === 'held-call-withdrawn') {
    // Someone decided, or the window ended: the offer goes. Only a person who saw it is told why.
    const tag = heldCallTag(payload.callId);
    const shown = await self.registration.getNotifications({ tag });
    for (const notification of shown) notification.close();
    if (shown.length > 0)
      await self.registration.showNotification(payload.title, { body: payload.body, tag, silent: true });
  } else {
    const { incident, acknowledgeUrl } = payload;
    await self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: `incident:${incident.id}`,
      renotify: true,
      actions: isWebUrl(acknowledgeUrl) ? [{ action: 'acknowledge', title: 'Acknowledge' }] : [],
      data: payload,
    });
  }
}

/** Posts the decision and shows the gateway's answer in place of the offer. */
async function decide(offer, action) {
  const tag = heldCallTag(offer.callId);
  let title;
  try {
    const response = await fetch(DECISION_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ actionToken: offer.actionToken, action }),
      signal: AbortSignal.timeout(DECISION_TIMEOUT_MS),
    });
    const answer = await response.json().catch(() => null);
    if (answer && answer.ok === true) title = action === 'accept' ? 'Accepted' : 'Refused';
    else if (answer && answer.ok === false && answer.error && typeof answer.error.message === 'string')
      title = answer.error.message; // e.g. "Too late: the PBX's window has ended", "Already decided by Ann"
    else title = `Switchboard answered HTTP ${response.status}: open the console to decide`;
  } catch {
    title = 'Could not reach Switchboard: open the console to decide';
  }
  await self.registration.showNotification(title, { body: offer.title, tag, data: { type: 'decision' } });
}

/** Focuses an open console window, or opens one. */
async function openConsole() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).pathname.startsWith(CONSOLE_PATH));
  if (open) return open.focus();
  return self.clients.openWindow(CONSOLE_PATH);
}

function heldCallTag(callId) {
  return `held-call:${callId}`;
}

/** Only http(s) links are opened, whatever a payload says. */
function isWebUrl(value) {
  try {
    return (
      typeof value === 'string' && ['http:', 'https:'].includes(new URL(value, self.location.href).protocol)
    );
  } catch {
    return false;
  }
}
