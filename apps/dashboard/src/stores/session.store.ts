import type {
  LoginAnswer,
  LoginRequest,
  LogoutAnswer,
  SessionAnswer,
  SessionInfo,
} from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { callApi } from '../api/rest-client.js';
import type { ClientResult } from '../socket/live-socket.js';
import { useConnectionStore } from './connection.store.js';
import { useStreamsStore } from './streams.store.js';

/** Where a password session's token is kept: per tab, gone when the tab closes. */
export const TOKEN_STORAGE_KEY = 'switchboard.session-token';

/** How the screen signed in: a person's password session, or a TV's read-only display link. */
export type SessionKind = 'password' | 'display';

/** Why a session ended, for the screen that has to say so. */
export interface SessionEnd {
  kind: SessionKind;
  reason: string;
}

// Storage can be blocked (iframes with third-party storage off): the session then lives in memory only.
function readStored(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeStored(token: string | null): void {
  try {
    if (token === null) globalThis.sessionStorage?.removeItem(TOKEN_STORAGE_KEY);
    else globalThis.sessionStorage?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Memory only; see readStored.
  }
}

/**
 * Who is signed in and what they may do: password login (token in sessionStorage), display links
 * (token from the URL, never stored), logout, and the clean end of a session the gateway expired.
 */
export const useSessionStore = defineStore('session', () => {
  const connection = useConnectionStore();
  const streams = useStreamsStore();

  const stored = readStored();
  const token = ref<string | null>(stored);
  const kind = ref<SessionKind | null>(stored ? 'password' : null);
  const expiresAt = ref<number | null>(null);
  const signedInAs = ref<SessionInfo | null>(null);
  /** Set when the session ended without the user asking; cleared by the next sign-in. */
  const ended = ref<SessionEnd | null>(null);

  /** What the gateway says about this session (hello), or what login said before the socket is up. */
  const info = computed<SessionInfo | null>(() => connection.session ?? signedInAs.value);
  const isDisplay = computed(() => kind.value === 'display' || info.value?.display === true);
  /** Supervisors and admins act; viewers and display links only watch. */
  const canControl = computed(
    () =>
      !isDisplay.value &&
      info.value !== null &&
      (info.value.role === 'supervisor' || info.value.role === 'admin'),
  );
  const features = computed(
    () => info.value?.features ?? { listen: false, agentLogin: false, uacsta: false },
  );

  function adopt(nextToken: string, nextKind: SessionKind): void {
    token.value = nextToken;
    kind.value = nextKind;
    ended.value = null;
    writeStored(nextKind === 'password' ? nextToken : null);
  }

  function clear(): void {
    connection.stop();
    streams.reset();
    token.value = null;
    kind.value = null;
    expiresAt.value = null;
    signedInAs.value = null;
    writeStored(null);
  }

  connection.onExpired((reason) => {
    const endedKind = kind.value ?? 'password';
    clear();
    ended.value = {
      kind: endedKind,
      reason:
        endedKind === 'display'
          ? `This display link no longer works (${reason}). Ask an administrator for a new one.`
          : reason,
    };
  });

  /** Signs in with a password; on success the live link opens. */
  async function login(username: string, password: string): Promise<ClientResult<SessionInfo>> {
    if (username.trim() === '' || password === '') {
      return {
        ok: false,
        error: { code: 'invalid_payload', message: 'Enter both the user name and the password.' },
      };
    }
    const answer = await callApi<LoginAnswer>('/api/auth/login', {
      method: 'POST',
      body: { username: username.trim(), password } satisfies LoginRequest,
    });
    if (!answer.ok) return answer;
    clear();
    adopt(answer.data.token, 'password');
    expiresAt.value = answer.data.expiresAt;
    signedInAs.value = answer.data.session;
    connection.start(answer.data.token);
    return { ok: true, data: answer.data.session };
  }

  /** Uses a read-only display token (from a wallboard or embed URL) for this page. */
  function openDisplay(displayToken: string): void {
    if (token.value === displayToken && kind.value === 'display') {
      connection.start(displayToken);
      return;
    }
    clear();
    adopt(displayToken, 'display');
    connection.start(displayToken);
  }

  /** Opens the live link with the current token, if any (after a page reload). */
  function resume(): boolean {
    if (!token.value) return false;
    connection.start(token.value);
    return true;
  }

  /**
   * Who this session is, asking the gateway (GET /api/auth/session) when the page does not know yet (a
   * reload of a page that needs a role, before the socket said hello). A token the gateway refuses is
   * forgotten, with the reason for the login page.
   */
  async function whoAmI(): Promise<ClientResult<SessionInfo>> {
    if (info.value) return { ok: true, data: info.value };
    const current = token.value;
    if (!current) return { ok: false, error: { code: 'unauthorized', message: 'Sign in first.' } };
    const answer = await callApi<SessionAnswer>('/api/auth/session', { token: current });
    if (!answer.ok) {
      if (answer.error.code === 'unauthorized' && token.value === current) {
        clear();
        ended.value = { kind: 'password', reason: answer.error.message };
      }
      return answer;
    }
    if (token.value === current) {
      signedInAs.value = answer.data.session;
      expiresAt.value = answer.data.expiresAt;
    }
    return { ok: true, data: answer.data.session };
  }

  /** Signs out: the gateway revokes the token, this page forgets it either way. */
  async function logout(): Promise<void> {
    const current = token.value;
    const wasPassword = kind.value === 'password';
    clear();
    ended.value = null;
    if (current && wasPassword) {
      await callApi<LogoutAnswer>('/api/auth/logout', { method: 'POST', token: current, timeoutMs: 3000 });
    }
  }

  return {
    token,
    kind,
    expiresAt,
    ended,
    info,
    isDisplay,
    canControl,
    features,
    login,
    logout,
    openDisplay,
    resume,
    whoAmI,
  };
});
