import type { QueueAgentsTodayAnswer, SessionInfo } from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionInfo } from '../../test/support/fake-socket.js';
import { agentToday } from '../../test/support/fixtures.js';
import { freshStores } from '../../test/support/setup.js';
import { AGENT_FIGURES_POLL_MS, useAgentFiguresStore } from './agent-figures.store.js';
import { useConnectionStore } from './connection.store.js';
import { TOKEN_STORAGE_KEY, useSessionStore } from './session.store.js';

/** The gateway's answer for queue `queueId` with one agent who answered `answered` calls. */
function answer(queueId: number, answered: number): QueueAgentsTodayAnswer {
  return {
    queueId,
    dayStart: 0,
    timeZone: 'Europe/Paris',
    agents: [agentToday('1001', { answered })],
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stores signed in as `session` (a supervisor unless told) with the token `tok`. */
async function signedIn(session: SessionInfo = sessionInfo()) {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  const { socket } = freshStores();
  useSessionStore().resume();
  socket.open(session);
  await flushPromises();
  return { socket, store: useAgentFiguresStore() };
}

describe('agent figures store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks as soon as a table subscribes, then every 15 s, with the session’s bearer token', async () => {
    let answered = 0;
    const fetch = vi.fn(async () => json(200, { ok: true, data: answer(3, ++answered) }));
    vi.stubGlobal('fetch', fetch);
    const { store } = await signedIn();

    const leave = store.subscribe(3);
    await flushPromises();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/queues/3/agents');
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok');
    expect(store.state(3)?.data?.agents[0]?.answered).toBe(1);
    expect(store.state(3)?.receivedAt).toBe(Date.now());

    await vi.advanceTimersByTimeAsync(AGENT_FIGURES_POLL_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(store.agent(3, '1001')?.answered).toBe(2);
    leave();
  });

  it('counts its consumers: one series of requests for two tables, stopped when the last one leaves', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true, data: answer(1, 4) }));
    vi.stubGlobal('fetch', fetch);
    const { store } = await signedIn();

    const first = store.subscribe(1);
    const second = store.subscribe(1);
    await flushPromises();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.consumers(1)).toBe(2);

    first();
    first(); // leaving twice counts once
    expect(store.consumers(1)).toBe(1);
    await vi.advanceTimersByTimeAsync(AGENT_FIGURES_POLL_MS);
    expect(fetch).toHaveBeenCalledTimes(2);

    second();
    expect(store.consumers(1)).toBe(0);
    expect(store.state(1)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(AGENT_FIGURES_POLL_MS * 4);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never sends a second request of a queue while one is on its way', async () => {
    const answers: ((response: Response) => void)[] = [];
    const fetch = vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve)));
    vi.stubGlobal('fetch', fetch);
    const { store } = await signedIn();

    const leave = store.subscribe(2);
    await flushPromises();
    expect(store.state(2)?.loading).toBe(true);
    // A slow answer (this fake ignores the 8 s abort): the 15 s ticks and a manual refresh must not stack more.
    await vi.advanceTimersByTimeAsync(AGENT_FIGURES_POLL_MS * 2);
    await store.refresh(2);
    expect(fetch).toHaveBeenCalledTimes(1);
    answers[0]?.(json(200, { ok: true, data: answer(2, 7) }));
    await flushPromises();
    expect(store.state(2)?.loading).toBe(false);
    expect(store.agent(2, '1001')?.answered).toBe(7);
    await vi.advanceTimersByTimeAsync(AGENT_FIGURES_POLL_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    leave();
  });

  it('keeps the last good figures and their time through a failure, says why, and clears it on success', async () => {
    const replies = [
      json(200, { ok: true, data: answer(1, 5) }),
      json(502, { ok: false, error: { code: 'pbx_unavailable', message: 'The PBX cannot be reached.' } }),
      json(200, { ok: true, data: answer(1, 6) }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => replies.shift()),
    );
    const { store } = await signedIn();
    const leave = store.subscribe(1);
    await flushPromises();
    const goodAt = store.state(1)?.receivedAt;

    await vi.advanceTimersByTimeAsync(AGENT_FIGURES_POLL_MS);
    expect(store.state(1)).toMatchObject({ error: 'The PBX cannot be reached.', receivedAt: goodAt });
    expect(store.agent(1, '1001')?.answered).toBe(5);

    await vi.advanceTimersByTimeAsync(AGENT_FIGURES_POLL_MS);
    expect(store.state(1)?.error).toBeNull();
    expect(store.agent(1, '1001')?.answered).toBe(6);
    expect(store.state(1)?.receivedAt).toBeGreaterThan(goodAt ?? 0);
    leave();
  });

  it('shows nothing and stops asking when the gateway refuses the session (403)', async () => {
    const fetch = vi.fn(async () =>
      json(403, { ok: false, error: { code: 'forbidden', message: 'Supervisors and admins only.' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const { store } = await signedIn();
    const leave = store.subscribe(1);
    await flushPromises();
    expect(store.state(1)).toMatchObject({ denied: true, data: null, error: null });
    await vi.advanceTimersByTimeAsync(AGENT_FIGURES_POLL_MS * 3);
    expect(fetch).toHaveBeenCalledTimes(1);
    leave();
  });

  it('never asks for a viewer or a display link', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true, data: answer(1, 1) }));
    vi.stubGlobal('fetch', fetch);
    const viewer = await signedIn(sessionInfo({ role: 'viewer' }));
    viewer.store.subscribe(1);
    await vi.advanceTimersByTimeAsync(AGENT_FIGURES_POLL_MS * 2);
    expect(viewer.store.allowed).toBe(false);

    const display = await signedIn(sessionInfo({ role: 'supervisor', display: true }));
    display.store.subscribe(1);
    await vi.advanceTimersByTimeAsync(AGENT_FIGURES_POLL_MS * 2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts once the gateway says who the session is, and stops when it signs out', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const { socket } = freshStores();
    const fetch = vi.fn(async () => json(200, { ok: true, data: answer(1, 2) }));
    vi.stubGlobal('fetch', fetch);
    useSessionStore().resume();
    const store = useAgentFiguresStore();
    store.subscribe(1);
    await flushPromises();
    expect(fetch).not.toHaveBeenCalled();

    socket.open(sessionInfo());
    await flushPromises();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.agent(1, '1001')?.answered).toBe(2);

    useConnectionStore().stop();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ok: true, data: { signedOut: true } })),
    );
    await useSessionStore().logout();
    await flushPromises();
    expect(store.state(1)?.data).toBeNull();
    await vi.advanceTimersByTimeAsync(AGENT_FIGURES_POLL_MS * 2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
