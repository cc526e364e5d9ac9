import { PROTOCOL_VERSION, type ClientToServerEvents, type SessionInfo } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { computed, markRaw, ref } from 'vue';
import {
  liveSocket,
  request,
  setSocketToken,
  type AckData,
  type ClientResult,
} from '../socket/live-socket.js';

/** The browser <-> gateway link as the screen shows it. */
export type LinkStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

/**
 * Retry delays after the gateway closed the socket itself (socket.io does not retry those): a gateway going
 * down for a restart is back within seconds, and screens are to be live within 5 s.
 */
const RETRY_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

type Listener<T> = (value: T) => void;

/** Why this page should be replaced by the one the gateway serves now. */
export interface UpdateWanted {
  reason: 'protocol' | 'build';
  /** What the gateway announced (its protocol and build): one reload per target at most. */
  target: string;
}

/** The dashboard build this page was loaded from (index.html's meta tag); '' under the dev server. */
export function pageBuild(): string {
  return globalThis.document?.querySelector<HTMLMetaElement>('meta[name="switchboard-build"]')?.content ?? '';
}

/**
 * The gateway link: status, last message time, the session the gateway announced in `hello`, and the
 * offset between this screen's clock and the gateway's. Binds the socket's link listeners once; other
 * stores hear about a fresh connection through {@link onReady} and about an ended session through
 * {@link onExpired}.
 */
export const useConnectionStore = defineStore('connection', () => {
  const socket = markRaw(liveSocket());

  const status = ref<LinkStatus>('idle');
  /** Set once `hello` arrived on the current connection. */
  const ready = ref(false);
  const session = ref<SessionInfo | null>(null);
  const lastMessageAt = ref<number | null>(null);
  const disconnectedAt = ref<number | null>(null);
  const lastError = ref<string | null>(null);
  /** Gateway clock minus local clock, ms. */
  const serverOffsetMs = ref(0);
  const attempts = ref(0);
  const protocolMismatch = ref<number | null>(null);
  /** Set when the gateway serves another build or protocol than this page's: boards reload themselves. */
  const updateWanted = ref<UpdateWanted | null>(null);

  const readyListeners = new Set<Listener<SessionInfo>>();
  const expiredListeners = new Set<Listener<string>>();
  let wanted = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const serverNow = () => Date.now() + serverOffsetMs.value;
  const linkUp = computed(() => status.value === 'connected' && ready.value);

  function noteServerTime(serverTime: number): void {
    if (Number.isFinite(serverTime)) serverOffsetMs.value = serverTime - Date.now();
  }

  function noteMessage(): void {
    lastMessageAt.value = Date.now();
  }

  function scheduleRetry(): void {
    clearTimeout(retryTimer);
    if (!wanted) return;
    const delay = RETRY_DELAYS_MS[Math.min(attempts.value, RETRY_DELAYS_MS.length - 1)] ?? 30_000;
    attempts.value += 1;
    retryTimer = setTimeout(() => {
      if (wanted && !socket.connected && !socket.active) socket.connect();
    }, delay);
  }

  function expire(reason: string): void {
    stop();
    for (const listener of expiredListeners) listener(reason);
  }

  socket.on('connect', () => {
    status.value = 'connected';
    attempts.value = 0;
    lastError.value = null;
    noteMessage();
  });

  socket.on('hello', (info) => {
    noteMessage();
    noteServerTime(info.serverTime);
    if (info.protocol !== PROTOCOL_VERSION) {
      // A dashboard from another release would misread the data: say so instead of guessing.
      protocolMismatch.value = info.protocol;
      updateWanted.value = { reason: 'protocol', target: `${info.protocol}:${info.build}` };
      lastError.value = `The gateway speaks protocol ${info.protocol}, this page ${PROTOCOL_VERSION}: reload the page.`;
      stop();
      status.value = 'disconnected';
      return;
    }
    // Same protocol, another build: the data is understood, so the page carries on until it reloads.
    const own = pageBuild();
    updateWanted.value =
      info.build !== '' && own !== '' && info.build !== own ? { reason: 'build', target: info.build } : null;
    session.value = info.session;
    ready.value = true;
    disconnectedAt.value = null;
    for (const listener of readyListeners) listener(info.session);
  });

  socket.on('snapshot', noteMessage);
  socket.on('delta', noteMessage);

  socket.on('session:expired', (info) => {
    expire(info.reason || 'Your session has ended.');
  });

  socket.on('disconnect', (reason) => {
    ready.value = false;
    if (!wanted) {
      status.value = 'idle';
      return;
    }
    status.value = 'disconnected';
    disconnectedAt.value ??= Date.now();
    lastError.value = `Connection lost (${reason}).`;
    // socket.io reconnects by itself unless the server closed the socket.
    if (!socket.active) scheduleRetry();
  });

  socket.on('connect_error', (error) => {
    ready.value = false;
    if (!wanted) return;
    if (error.data?.code === 'unauthorized') {
      expire(error.message || 'Your session has ended; please sign in again.');
      return;
    }
    // A failed attempt is a link that is down, even on the first try: never hang on "connecting".
    status.value = 'disconnected';
    disconnectedAt.value ??= Date.now();
    lastError.value = error.message
      ? `Cannot reach the gateway: ${error.message}`
      : 'Cannot reach the gateway.';
    if (!socket.active) scheduleRetry();
  });

  /** Opens the link with this token (session or display); idempotent for the same token. */
  function start(token: string | null): void {
    setSocketToken(token);
    wanted = true;
    clearTimeout(retryTimer);
    if (socket.connected || socket.active) return;
    if (status.value === 'idle') status.value = 'connecting';
    protocolMismatch.value = null;
    socket.connect();
  }

  /** Closes the link on purpose (logout, expiry); no reconnection follows. */
  function stop(): void {
    wanted = false;
    clearTimeout(retryTimer);
    setSocketToken(null);
    ready.value = false;
    session.value = null;
    status.value = 'idle';
    socket.disconnect();
  }

  /** Calls `listener` with the session after every `hello` (the first connection and every reconnection). */
  function onReady(listener: Listener<SessionInfo>): () => void {
    readyListeners.add(listener);
    return () => readyListeners.delete(listener);
  }

  /** Calls `listener` with a readable reason when the gateway ends the session. */
  function onExpired(listener: Listener<string>): () => void {
    expiredListeners.add(listener);
    return () => expiredListeners.delete(listener);
  }

  /** Sends a command on the link; see {@link request}. */
  function send<E extends keyof ClientToServerEvents>(
    event: E,
    payload: Parameters<ClientToServerEvents[E]>[0],
    timeoutMs?: number,
  ): Promise<ClientResult<AckData<E>>> {
    return request(socket, event, payload, timeoutMs);
  }

  return {
    status,
    ready,
    linkUp,
    session,
    lastMessageAt,
    disconnectedAt,
    lastError,
    serverOffsetMs,
    attempts,
    protocolMismatch,
    updateWanted,
    serverNow,
    noteServerTime,
    start,
    stop,
    onReady,
    onExpired,
    send,
  };
});
