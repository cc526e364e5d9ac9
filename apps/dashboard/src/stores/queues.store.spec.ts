import { ok, queueStream } from '@switchboard/live-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent, health, queueView } from '../../test/support/fixtures.js';
import { flush, sessionInfo } from '../../test/support/fake-socket.js';
import { grantingStores } from '../../test/support/setup.js';
import { useClockStore } from './clock.store.js';
import { useQueuesStore } from './queues.store.js';
import { useSessionStore } from './session.store.js';
import { useStreamsStore } from './streams.store.js';

async function setup(serverAheadMs = 0, scope: number[] | 'all' = 'all') {
  const { socket } = grantingStores();
  useSessionStore().openDisplay('d');
  socket.open(sessionInfo({ queues: scope }), Date.now() + serverAheadMs);
  useStreamsStore().want(['health', queueStream(1)]);
  await flush();
  return { socket, queues: useQueuesStore(), clock: useClockStore() };
}

describe('queues store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  describe('freshness', () => {
    it('is fresh within 2.5 poll intervals of the last confirmation and stale after', async () => {
      const { socket, queues, clock } = await setup();
      const stop = clock.use();
      socket.fire('snapshot', {
        stream: 'queue:1',
        kind: 'queue',
        seq: 1,
        data: queueView(1, { confirmedAt: Date.now(), pollIntervalMs: 2000 }),
      });
      expect(queues.freshness(1)).toMatchObject({ status: 'live', stale: false });
      await vi.advanceTimersByTimeAsync(4500);
      expect(queues.freshness(1).stale).toBe(false);
      await vi.advanceTimersByTimeAsync(1000);
      expect(queues.freshness(1).stale).toBe(true);
      expect(queues.freshness(1).ageMs).toBeGreaterThanOrEqual(5000);
      stop();
    });

    it('judges age by the gateway clock, not this screen’s', async () => {
      // This screen runs 60 s behind the gateway: data confirmed "now" by the gateway is fresh.
      const { socket, queues, clock } = await setup(-60_000);
      const stop = clock.use();
      socket.fire('snapshot', {
        stream: 'queue:1',
        kind: 'queue',
        seq: 1,
        data: queueView(1, { confirmedAt: Date.now() - 60_000, pollIntervalMs: 2000 }),
      });
      expect(queues.freshness(1).stale).toBe(false);
      stop();
    });

    it('is stale while the gateway link is down, and while a fresh snapshot is awaited', async () => {
      const { socket, queues, clock } = await setup();
      const stop = clock.use();
      socket.fire('snapshot', { stream: 'queue:1', kind: 'queue', seq: 1, data: queueView(1) });
      socket.drop();
      expect(queues.freshness(1).stale).toBe(true);
      socket.open();
      await flush();
      expect(queues.freshness(1)).toMatchObject({ status: 'resyncing', stale: true });
      socket.fire('snapshot', { stream: 'queue:1', kind: 'queue', seq: 1, data: queueView(1) });
      expect(queues.freshness(1)).toMatchObject({ status: 'live', stale: false });
      stop();
    });
  });

  describe('while the PBX link is down', () => {
    it('marks freshly confirmed data stale, frozen at the last time it was known true', async () => {
      const { socket, queues, clock } = await setup();
      await queues.resolveQueues([1]);
      const stop = clock.use();
      const confirmedAt = Date.now();
      // An event after the last poll: the agent's change is known, so the freeze is not before it.
      const data = queueView(1, {
        confirmedAt,
        agents: [agent('1001', 'on_call', { since: confirmedAt + 300 }), agent('1002')],
      });
      socket.fire('snapshot', { stream: 'queue:1', kind: 'queue', seq: 1, data });
      socket.fire('snapshot', { stream: 'health', kind: 'health', seq: 1, data: health() });
      await vi.advanceTimersByTimeAsync(1000);
      expect(queues.freshness(1)).toMatchObject({ stale: false, frozenAt: null, staleNote: null });

      socket.fire('snapshot', {
        stream: 'health',
        kind: 'health',
        seq: 2,
        data: health({ pbx: 'down', pbxSince: Date.now() }),
      });
      const down = queues.freshness(1);
      expect(down).toMatchObject({ stale: true, frozenAt: confirmedAt + 300 });
      expect(down.staleNote).toMatch(/^as of \d\d:\d\d:\d\d, PBX link down$/);
      // Still frozen at the same instant a minute later: nothing counts on.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(queues.freshness(1).frozenAt).toBe(confirmedAt + 300);
      // What the banners say the figures are frozen at.
      expect(queues.knownUntil()).toBe(confirmedAt + 300);

      socket.fire('snapshot', { stream: 'health', kind: 'health', seq: 3, data: health() });
      socket.fire('snapshot', {
        stream: 'queue:1',
        kind: 'queue',
        seq: 2,
        data: queueView(1, { confirmedAt: Date.now() }),
      });
      expect(queues.freshness(1)).toMatchObject({ stale: false, frozenAt: null });
      stop();
    });

    it('says since when today’s figures are being recounted, on this screen’s clock', async () => {
      // The gateway runs 30 s ahead of this screen.
      const { socket, queues } = await setup(30_000);
      const base = queueView(1);
      const since = Date.now() + 30_000 - 120_000;
      socket.fire('snapshot', {
        stream: 'queue:1',
        kind: 'queue',
        seq: 1,
        data: queueView(1, {
          stats: { ...base.stats, today: { ...base.stats.today, recountPendingSince: since } },
        }),
      });
      expect(queues.freshness(1).recountSince).toBe(Date.now() - 120_000);
    });
  });

  describe('which queues to show', () => {
    it('takes the ids asked for in the URL', async () => {
      const { queues } = await setup();
      await queues.resolveQueues([3, 4]);
      expect(queues.catalogue.map((q) => q.id)).toEqual([3, 4]);
    });

    it('takes the session’s scope when the URL asks for all', async () => {
      const { queues } = await setup(0, [2, 5]);
      await queues.resolveQueues('all');
      expect(queues.catalogue.map((q) => q.id)).toEqual([2, 5]);
    });

    it('asks the gateway for the list when the scope is every queue', async () => {
      const fetchMock = vi.fn().mockResolvedValue(
        new Response(
          JSON.stringify({
            ok: true,
            data: [
              { id: 7, number: '6407', name: 'Support' },
              { id: 2, number: '6402', name: 'Sales' },
            ],
          }),
        ),
      );
      vi.stubGlobal('fetch', fetchMock);
      const { queues } = await setup();
      await queues.resolveQueues('all');
      expect(queues.catalogue.map((q) => q.name)).toEqual(['Sales', 'Support']);
      const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(url).toBe('/api/queues');
      expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer d');
    });

    it('explains how to name queues when the gateway cannot list them', async () => {
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('Not Found', { status: 404 })));
      const { queues } = await setup();
      await queues.resolveQueues('all');
      expect(queues.catalogue).toEqual([]);
      expect(queues.catalogueError).toContain('?queues=1,2');
    });
  });

  describe('agent actions', () => {
    it('logs a dynamic agent out of a queue and reports the outcome', async () => {
      const { socket, queues } = await setup();
      socket.handle('agent:login', () => ok({ done: true }));
      await expect(queues.agentLogin('1001', 'logout', [1])).resolves.toBe(true);
      expect(socket.sentOf('agent:login')).toEqual([
        { extension: '1001', operation: 'logout', queueIds: [1] },
      ]);
      expect(queues.actionState('1001')).toEqual({ pending: false, error: null, done: 'Logged out' });
    });
  });
});
