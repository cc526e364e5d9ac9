import { fail, ok, RESOLVED_VISIBLE_MS, type HeldCallView } from '@switchboard/live-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldCall } from '../../test/support/fixtures.js';
import { flush, sessionInfo } from '../../test/support/fake-socket.js';
import { freshStores, grantingStores } from '../../test/support/setup.js';
import { useClockStore } from './clock.store.js';
import { useConnectionStore } from './connection.store.js';
import { KEEP_SETTLED_MS, useInboundStore } from './inbound.store.js';
import { useStreamsStore } from './streams.store.js';

async function setup(calls: HeldCallView[], serverTime = Date.now()) {
  const { socket } = grantingStores();
  useConnectionStore().start('t');
  socket.open(sessionInfo(), serverTime);
  useStreamsStore().want(['inbound']);
  const inbound = useInboundStore();
  await flush();
  socket.fire('snapshot', { stream: 'inbound', kind: 'inbound', seq: 1, data: calls });
  await flush();
  return { socket, inbound };
}

describe('inbound store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('watches one stream per queue for a limited scope and shows their calls as one list in arrival order', async () => {
    const { socket } = grantingStores();
    useConnectionStore().start('t');
    socket.open(sessionInfo({ queues: [1, 2] }));
    const inbound = useInboundStore();
    expect(inbound.streams).toEqual(['inbound:1', 'inbound:2']);
    useStreamsStore().want(inbound.streams);
    await flush();
    expect(socket.sentOf('subscribe')).toEqual([{ streams: ['inbound:1', 'inbound:2'] }]);
    const now = Date.now();
    socket.fire('snapshot', {
      stream: 'inbound:2',
      kind: 'inbound',
      seq: 0,
      data: [heldCall('b', { receivedAt: now + 1 })],
    });
    expect(inbound.status).toBe('waiting');
    socket.fire('snapshot', {
      stream: 'inbound:1',
      kind: 'inbound',
      seq: 4,
      data: [heldCall('a', { receivedAt: now })],
    });
    socket.fire('delta', {
      stream: 'inbound:1',
      kind: 'inbound',
      seq: 5,
      patch: { upsert: [heldCall('c', { receivedAt: now + 2 })], remove: [] },
    });
    await flush();
    expect(inbound.status).toBe('live');
    expect(inbound.prompts.map((p) => p.call.callId)).toEqual(['a', 'b', 'c']);
  });

  it('watches the whole stream for a session that sees the whole PBX', () => {
    const { socket } = freshStores();
    useConnectionStore().start('t');
    socket.open(sessionInfo({ role: 'admin', queues: [1] }));
    expect(useInboundStore().streams).toEqual(['inbound']);
  });

  it('stacks prompts in arrival order', async () => {
    const now = Date.now();
    const { inbound } = await setup([
      heldCall('late', { receivedAt: now + 2 }),
      heldCall('early', { receivedAt: now }),
      heldCall('middle', { receivedAt: now + 1 }),
    ]);
    expect(inbound.prompts.map((p) => p.call.callId)).toEqual(['early', 'middle', 'late']);
    expect(inbound.oldestOpen?.call.callId).toBe('early');
  });

  it('shows "deciding" while the decision travels, then the outcome', async () => {
    const { socket, inbound } = await setup([heldCall('c1')]);
    const decided = inbound.decide('c1', 'accept');
    expect(inbound.prompts[0]).toMatchObject({ status: 'deciding', deciding: 'accept', outcome: null });
    expect(socket.sentOf('inbound:decide')).toEqual([{ callId: 'c1', decision: 'accept' }]);
    socket.reply(
      'inbound:decide',
      ok(heldCall('c1', { status: 'accepted', decidedBy: 'sup1', decidedAt: Date.now() })),
    );
    await expect(decided).resolves.toBe(true);
    expect(inbound.prompts[0]).toMatchObject({
      status: 'accepted',
      outcome: 'Accepted by sup1',
      error: null,
    });
  });

  it('shows why a decision failed, e.g. someone else decided first', async () => {
    const { socket, inbound } = await setup([heldCall('c1')]);
    socket.handle('inbound:decide', () => fail('conflict', 'Already refused by sup2.'));
    await expect(inbound.decide('c1', 'refuse')).resolves.toBe(false);
    expect(inbound.prompts[0]).toMatchObject({ status: 'pending', error: 'Already refused by sup2.' });
    expect(inbound.announcement).toBe('Decision failed: Already refused by sup2.');
    socket.fire('delta', {
      stream: 'inbound',
      kind: 'inbound',
      seq: 2,
      patch: {
        upsert: [heldCall('c1', { status: 'refused', decidedBy: 'sup2', blocked: true })],
        remove: [],
      },
    });
    expect(inbound.prompts[0]?.outcome).toBe('Refused and blocked by sup2');
  });

  it('does not send a decision for a settled call', async () => {
    const { socket, inbound } = await setup([heldCall('c1', { status: 'auto_accepted' })]);
    await expect(inbound.decide('c1', 'accept')).resolves.toBe(false);
    expect(socket.sentOf('inbound:decide')).toEqual([]);
    expect(inbound.prompts[0]?.outcome).toBe('Accepted automatically by the PBX');
  });

  it('announces new calls and tells arrival listeners once', async () => {
    const { socket, inbound } = await setup([]);
    const arrivals: string[] = [];
    inbound.onArrival((call) => arrivals.push(call.callId));
    const call = heldCall('c9', {
      context: { contactName: 'Ada', company: 'ACME', callsToday: 1, lastOutcome: null },
    });
    socket.fire('delta', {
      stream: 'inbound',
      kind: 'inbound',
      seq: 2,
      patch: { upsert: [call], remove: [] },
    });
    await flush();
    expect(arrivals).toEqual(['c9']);
    expect(inbound.announcement).toContain('Incoming call from Ada (ACME)');
    socket.fire('delta', {
      stream: 'inbound',
      kind: 'inbound',
      seq: 3,
      patch: { upsert: [{ ...call, status: 'auto_accepted' }], remove: [] },
    });
    await flush();
    expect(arrivals).toEqual(['c9']);
    expect(inbound.announcement).toBe('Call from Ada (ACME): Accepted automatically by the PBX.');
  });

  it('keeps a settled prompt visible for a while, then lets it go', async () => {
    vi.useFakeTimers();
    const now = Date.now();
    const { inbound } = await setup([
      heldCall('open', { receivedAt: now }),
      heldCall('done', { receivedAt: now - 1, status: 'accepted', decidedBy: 'sup1', decidedAt: now }),
    ]);
    const clock = useClockStore();
    const stop = clock.use();
    expect(inbound.prompts.map((p) => p.call.callId)).toEqual(['done', 'open']);
    await vi.advanceTimersByTimeAsync(KEEP_SETTLED_MS + 1000);
    expect(inbound.prompts.map((p) => p.call.callId)).toEqual(['open']);
    stop();
  });

  it('keeps a call the PBX accepted unseen during an outage, from when it was reported, with its reason', async () => {
    vi.useFakeTimers();
    const now = Date.now();
    // Held and accepted by the PBX ten minutes ago, while the link was down; reported only now.
    const unseen = heldCall('unseen', {
      receivedAt: now - 600_000,
      deadline: now - 590_000,
      status: 'auto_accepted',
      unseenReason: 'Accepted automatically while the PBX link was down',
    });
    const forgotten = heldCall('old', {
      receivedAt: now - 600_000,
      deadline: now - 590_000,
      status: 'auto_accepted',
    });
    const { inbound } = await setup([unseen, forgotten]);
    const stop = useClockStore().use();
    await flush();
    expect(inbound.prompts.map((p) => [p.call.callId, p.outcome])).toEqual([
      ['unseen', 'Accepted automatically while the PBX link was down'],
    ]);
    await vi.advanceTimersByTimeAsync(KEEP_SETTLED_MS - 5000);
    expect(inbound.prompts.map((p) => p.call.callId)).toEqual(['unseen']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(inbound.prompts).toEqual([]);
    stop();
  });
  it('reads a prompt as accepted automatically at its deadline on the gateway’s clock, with no frame', async () => {
    vi.useFakeTimers();
    // The gateway's clock is 5 s ahead of this screen's; the call has 3 s left by the gateway's.
    const serverNow = Date.now() + 5_000;
    const { inbound } = await setup(
      [heldCall('c1', { receivedAt: serverNow, deadline: serverNow + 3_000 })],
      serverNow,
    );
    const stop = useClockStore().use();
    await vi.advanceTimersByTimeAsync(2_750);
    expect(inbound.prompts[0]).toMatchObject({ status: 'pending', outcome: null });
    expect(inbound.oldestOpen?.call.callId).toBe('c1');
    await vi.advanceTimersByTimeAsync(250);
    expect(inbound.prompts[0]).toMatchObject({
      status: 'auto_accepted',
      outcome: 'Accepted automatically by the PBX',
      call: { decidedAt: serverNow + 3_000, decidedBy: null },
    });
    expect(inbound.oldestOpen).toBeUndefined();
    expect(inbound.announcement).toBe('Call from +33612345678: Accepted automatically by the PBX.');
    await expect(inbound.decide('c1', 'accept')).resolves.toBe(false);
    // Then it leaves when its visible time is over, counted from the deadline.
    await vi.advanceTimersByTimeAsync(RESOLVED_VISIBLE_MS - 250);
    expect(inbound.prompts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(250);
    expect(inbound.prompts).toEqual([]);
    stop();
  });

  it('drops a decided call when its visible time is over; the removal riding with a later delta cleans the data', async () => {
    vi.useFakeTimers();
    const now = Date.now();
    const decided = heldCall('c1', { status: 'refused', decidedBy: 'sup1', decidedAt: now - 1_000 });
    const { socket, inbound } = await setup([decided]);
    const stop = useClockStore().use();
    const shown = inbound.prompts;
    await vi.advanceTimersByTimeAsync(RESOLVED_VISIBLE_MS - 2_000);
    // Ticks that change nothing keep the same list (nothing re-renders).
    expect(inbound.prompts).toBe(shown);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(inbound.prompts).toEqual([]);
    expect(useStreamsStore().entry('inbound', 'inbound')?.data).toHaveLength(1);
    socket.fire('delta', {
      stream: 'inbound',
      kind: 'inbound',
      seq: 2,
      patch: { upsert: [heldCall('c2')], remove: ['c1'] },
    });
    await flush();
    expect(
      useStreamsStore()
        .entry('inbound', 'inbound')
        ?.data?.map((c) => c.callId),
    ).toEqual(['c2']);
    expect(inbound.prompts.map((p) => p.call.callId)).toEqual(['c2']);
    stop();
  });
});
