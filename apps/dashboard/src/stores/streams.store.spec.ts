import {
  fail,
  ok,
  queueStream,
  type QueueView,
  type StreamId,
  type UacstaCallView,
} from '@switchboard/live-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent, health, queueView } from '../../test/support/fixtures.js';
import { flush, type FakeSocket } from '../../test/support/fake-socket.js';
import { grantingStores } from '../../test/support/setup.js';
import { useConnectionStore } from './connection.store.js';
import { RETRY_AFTER_MS, useStreamsStore } from './streams.store.js';

const Q1 = queueStream(1);

const uacstaCall = (extension: string): UacstaCallView => ({
  key: `${extension}:7`,
  extension,
  callId: '7',
  state: 'ringing',
  since: 1,
});

function setup() {
  const { socket } = grantingStores();
  socket.handle('unsubscribe', ({ streams }) => ok({ streams }));
  const connection = useConnectionStore();
  const streams = useStreamsStore();
  connection.start('token-1');
  socket.open();
  return { socket, connection, streams };
}

function snapshot(socket: FakeSocket, seq: number, data: QueueView = queueView(1), stream: StreamId = Q1) {
  socket.fire('snapshot', { stream, kind: 'queue', seq, data });
}

function agentDelta(
  socket: FakeSocket,
  seq: number,
  number: string,
  state: 'paused' | 'on_call' | 'available',
) {
  socket.fire('delta', {
    stream: Q1,
    kind: 'queue',
    seq,
    patch: { agents: { upsert: [agent(number, state)], remove: [] } },
  });
}

const stateOf = (streams: ReturnType<typeof useStreamsStore>, number: string) =>
  streams.entry(Q1, 'queue')?.data?.agents.find((a) => a.number === number)?.state;

describe('streams store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('subscribes to wanted streams once the gateway said hello', async () => {
    const { socket } = grantingStores();
    const connection = useConnectionStore();
    const streams = useStreamsStore();
    streams.want([Q1, 'health']);
    expect(socket.sentOf('subscribe')).toEqual([]);
    connection.start('t');
    socket.open();
    await flush();
    expect(socket.sentOf('subscribe')).toEqual([{ streams: [Q1, 'health'] }]);
    expect(streams.entry(Q1, 'queue')?.status).toBe('waiting');
  });

  describe('with a live queue stream', () => {
    let ctx: ReturnType<typeof setup>;
    beforeEach(async () => {
      ctx = setup();
      ctx.streams.want([Q1]);
      await flush();
      snapshot(ctx.socket, 5);
    });

    it('applies the snapshot, then deltas in sequence', () => {
      const { socket, streams } = ctx;
      expect(streams.entry(Q1, 'queue')).toMatchObject({ status: 'live', seq: 5 });
      agentDelta(socket, 6, '1001', 'paused');
      agentDelta(socket, 7, '1002', 'available');
      expect(stateOf(streams, '1001')).toBe('paused');
      expect(stateOf(streams, '1002')).toBe('available');
      expect(streams.entry(Q1, 'queue')?.seq).toBe(7);
    });

    it('ignores a delta it already has (stale sequence number)', () => {
      const { socket, streams } = ctx;
      agentDelta(socket, 6, '1001', 'paused');
      agentDelta(socket, 6, '1001', 'on_call');
      agentDelta(socket, 4, '1001', 'on_call');
      expect(stateOf(streams, '1001')).toBe('paused');
      expect(socket.sentOf('resync')).toEqual([]);
    });

    it('asks for a resync on a gap, drops deltas until the snapshot, then continues from it', async () => {
      const { socket, streams } = ctx;
      agentDelta(socket, 8, '1001', 'paused');
      expect(socket.sentOf('resync')).toEqual([{ stream: Q1 }]);
      expect(streams.entry(Q1, 'queue')?.status).toBe('resyncing');
      expect(stateOf(streams, '1001')).toBe('available');

      agentDelta(socket, 9, '1001', 'on_call');
      expect(stateOf(streams, '1001')).toBe('available');
      expect(socket.sentOf('resync')).toHaveLength(1);

      socket.reply(
        'resync',
        ok({ stream: Q1, kind: 'queue', seq: 9, data: queueView(1, { agents: [agent('1001', 'on_call')] }) }),
      );
      await flush();
      expect(streams.entry(Q1, 'queue')).toMatchObject({ status: 'live', seq: 9 });
      expect(stateOf(streams, '1001')).toBe('on_call');
      agentDelta(socket, 10, '1001', 'available');
      expect(stateOf(streams, '1001')).toBe('available');
    });

    it('resubscribes after a reconnection and replaces old data by the fresh snapshot', async () => {
      const { socket, streams } = ctx;
      agentDelta(socket, 6, '1001', 'paused');
      socket.drop();
      expect(stateOf(streams, '1001')).toBe('paused');

      socket.open();
      await flush();
      expect(socket.sentOf('subscribe')).toEqual([{ streams: [Q1] }, { streams: [Q1] }]);
      // Until the fresh snapshot arrives the old data is flagged, not passed off as live.
      expect(streams.entry(Q1, 'queue')?.status).toBe('resyncing');
      // A delta of the new connection cannot be applied to data of the old one.
      agentDelta(socket, 7, '1001', 'on_call');
      expect(stateOf(streams, '1001')).toBe('paused');

      // A restarted gateway counts from 1 again: the snapshot wins whatever its number.
      snapshot(socket, 2, queueView(1, { agents: [agent('1001', 'available'), agent('1003', 'ringing')] }));
      expect(streams.entry(Q1, 'queue')).toMatchObject({ status: 'live', seq: 2 });
      expect(streams.entry(Q1, 'queue')?.data?.agents.map((a) => a.number)).toEqual(['1001', '1003']);
    });

    it('ignores a snapshot older than the data it has', () => {
      const { socket, streams } = ctx;
      agentDelta(socket, 6, '1001', 'paused');
      snapshot(ctx.socket, 5);
      expect(stateOf(streams, '1001')).toBe('paused');
    });

    it('drops a stream nobody wants any more and unsubscribes it', async () => {
      const { socket, streams } = ctx;
      streams.want([Q1]);
      streams.release([Q1]);
      expect(streams.entry(Q1, 'queue')).toBeDefined();
      streams.release([Q1]);
      await flush();
      expect(streams.entry(Q1, 'queue')).toBeUndefined();
      expect(socket.sentOf('unsubscribe')).toEqual([{ streams: [Q1] }]);
      agentDelta(socket, 6, '1001', 'paused');
      expect(streams.entry(Q1, 'queue')).toBeUndefined();
    });
  });

  it('marks streams the session may not see as denied', async () => {
    const { socket, streams } = setup();
    socket.handle('subscribe', () => ok({ granted: [], denied: ['inbound'] }));
    streams.want(['inbound']);
    await flush();
    expect(streams.entry('inbound', 'inbound')).toMatchObject({ status: 'denied' });
  });

  it('combines per-queue streams into one list: each key once, denied only when all are', async () => {
    const { socket, streams } = setup();
    socket.handle('subscribe', ({ streams: asked }) =>
      ok({ granted: asked.filter((s) => s !== 'uacsta:3'), denied: asked.filter((s) => s === 'uacsta:3') }),
    );
    const ids: StreamId[] = ['uacsta:1', 'uacsta:2', 'uacsta:3'];
    streams.want(ids);
    await flush();
    const combined = () => streams.combined(ids, 'uacsta', (call) => call.key);
    expect(combined()).toEqual({ status: 'waiting', data: [] });
    // An agent of queues 1 and 2 rings in both streams; the screen shows the call once.
    socket.fire('snapshot', { stream: 'uacsta:1', kind: 'uacsta', seq: 1, data: [uacstaCall('1001')] });
    socket.fire('snapshot', {
      stream: 'uacsta:2',
      kind: 'uacsta',
      seq: 0,
      data: [uacstaCall('2001'), uacstaCall('1001')],
    });
    expect(combined().status).toBe('live');
    expect(combined().data.map((call) => call.extension)).toEqual(['1001', '2001']);
    expect(streams.combined(['uacsta:3'], 'uacsta', (call) => call.key).status).toBe('denied');
    expect(streams.combined([], 'uacsta', (call) => call.key).status).toBe('denied');
  });

  it('waits for the first snapshot when the gateway has no data yet for a resync', async () => {
    const { socket, streams } = setup();
    socket.handle('resync', () => fail('not_found', 'No data for queue:1 yet.'));
    streams.want([Q1]);
    await flush();
    agentDelta(socket, 3, '1001', 'paused');
    await flush();
    expect(streams.entry(Q1, 'queue')).toMatchObject({ status: 'waiting', note: 'No data for queue:1 yet.' });
  });

  it('retries a failed resync after a pause', async () => {
    vi.useFakeTimers();
    const { socket, streams } = setup();
    let calls = 0;
    socket.handle('resync', () => {
      calls += 1;
      return calls === 1
        ? fail('pbx_unavailable', 'The PBX is not answering.')
        : ok({ stream: Q1, kind: 'queue', seq: 4, data: queueView(1) });
    });
    streams.want([Q1]);
    await flush();
    agentDelta(socket, 3, '1001', 'paused');
    await flush();
    expect(streams.entry(Q1, 'queue')?.note).toBe('The PBX is not answering.');
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    await flush();
    expect(calls).toBe(2);
    expect(streams.entry(Q1, 'queue')).toMatchObject({ status: 'live', seq: 4 });
  });

  it('corrects the clock offset from health deltas, not from possibly old health snapshots', async () => {
    const { socket, streams, connection } = setup();
    streams.want(['health']);
    await flush();
    // A snapshot's serverTime is when health last changed, not when it was sent.
    socket.fire('snapshot', {
      stream: 'health',
      kind: 'health',
      seq: 1,
      data: health({ serverTime: Date.now() - 30_000 }),
    });
    expect(Math.abs(connection.serverOffsetMs)).toBeLessThan(100);
    socket.fire('delta', {
      stream: 'health',
      kind: 'health',
      seq: 2,
      patch: health({ serverTime: Date.now() + 5000 }),
    });
    expect(connection.serverOffsetMs).toBeGreaterThan(4900);
    expect(connection.serverOffsetMs).toBeLessThan(5100);
    expect(streams.entry('health', 'health')?.data?.serverTime).toBeGreaterThan(Date.now());
  });
});
