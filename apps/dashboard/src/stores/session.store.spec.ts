import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, sessionInfo } from '../../test/support/fake-socket.js';
import { freshStores } from '../../test/support/setup.js';
import { useConnectionStore } from './connection.store.js';
import { TOKEN_STORAGE_KEY, useSessionStore } from './session.store.js';
import { useStreamsStore } from './streams.store.js';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('session store', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    sessionStorage.clear();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signs in, keeps the token for this tab and opens the live link with it', async () => {
    const { socket } = freshStores();
    fetchMock.mockResolvedValue(
      jsonResponse(200, { ok: true, data: { token: 'tok-1', expiresAt: 123, session: sessionInfo() } }),
    );
    const session = useSessionStore();
    const answer = await session.login(' sup1 ', 'pw');
    expect(answer.ok).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'sup1', password: 'pw' });
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(socket.auth()).toEqual({ token: 'tok-1' });
    expect(socket.connectCalls).toBe(1);
    expect(session.canControl).toBe(true);
  });

  it('reports a refused sign-in and keeps nothing', async () => {
    freshStores();
    fetchMock.mockResolvedValue(
      jsonResponse(401, {
        ok: false,
        error: { code: 'unauthorized', message: 'Wrong user name or password.' },
      }),
    );
    const session = useSessionStore();
    const answer = await session.login('sup1', 'bad');
    expect(answer).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'Wrong user name or password.' },
    });
    expect(session.token).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('asks for both fields before calling the gateway', async () => {
    freshStores();
    const session = useSessionStore();
    const answer = await session.login('', '');
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the gateway cannot be reached', async () => {
    freshStores();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const answer = await useSessionStore().login('a', 'b');
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'offline', message: expect.stringContaining('Failed to fetch') },
    });
  });

  it('resumes a stored session after a reload', () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    const { socket } = freshStores();
    const session = useSessionStore();
    expect(session.resume()).toBe(true);
    expect(socket.auth()).toEqual({ token: 'stored' });
  });

  it('ends an expired session cleanly, with the reason, and forgets the data', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    const { socket } = freshStores();
    const session = useSessionStore();
    const streams = useStreamsStore();
    session.resume();
    socket.open();
    streams.want(['health']);
    await flush();
    socket.fire('session:expired', { reason: 'Your session expired; sign in again.' });
    expect(session.ended).toEqual({ kind: 'password', reason: 'Your session expired; sign in again.' });
    expect(session.token).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(streams.entries.size).toBe(0);
    expect(useConnectionStore().status).toBe('idle');
  });

  it('uses a display token for this page only, read-only, and explains when it stops working', () => {
    const { socket } = freshStores();
    const session = useSessionStore();
    session.openDisplay('display-abc');
    expect(socket.auth()).toEqual({ token: 'display-abc' });
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    socket.open(sessionInfo({ role: 'viewer', display: true }));
    expect(session.isDisplay).toBe(true);
    expect(session.canControl).toBe(false);
    socket.refuse('unauthorized', 'display token revoked');
    expect(session.ended?.kind).toBe('display');
    expect(session.ended?.reason).toContain('display link no longer works');
  });

  it('signs out at the gateway and locally', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    const { socket } = freshStores();
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true, data: { signedOut: true } }));
    const session = useSessionStore();
    session.resume();
    socket.open();
    await session.logout();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer stored');
    expect(session.token).toBeNull();
    expect(session.ended).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(socket.connected).toBe(false);
  });

  it('lets only supervisors and admins act, and never a display link', () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'p');
    const { socket } = freshStores();
    const session = useSessionStore();
    session.resume();
    socket.open(sessionInfo({ role: 'viewer' }));
    expect(session.canControl).toBe(false);
    socket.open(sessionInfo({ role: 'supervisor' }));
    expect(session.canControl).toBe(true);
    socket.open(sessionInfo({ role: 'admin' }));
    expect(session.canControl).toBe(true);
    session.openDisplay('x');
    socket.open(sessionInfo({ role: 'admin' }));
    expect(session.canControl).toBe(false);
  });
});
