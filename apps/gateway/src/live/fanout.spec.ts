import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SLICE_SOCKETS,
  broadcast,
  isPriorityRoom,
  pendingSlices,
  sliceableRooms,
  type RoomServer,
} from './fanout.js';

/** Named like socket.io's in-process adapter: the rooms of one process. */
class Adapter {
  readonly rooms = new Map<string, Set<string>>();
}

/** Named like the Redis adapter: broadcasts reach other processes too. */
class RedisAdapter extends Adapter {}

/** A socket.io server stand-in that records, per socket, what it received and in which order. */
function fakeServer(adapter: Adapter = new Adapter()) {
  const received = new Map<string, string[]>();
  const log: string[] = [];
  const deliver = (ids: Iterable<string>, event: string, args: unknown[]) => {
    for (const id of ids) {
      const list = received.get(id) ?? [];
      list.push(`${event}:${String(args[0])}`);
      received.set(id, list);
      log.push(id);
    }
    return true;
  };
  const server: RoomServer = {
    to: (room) => ({
      emit: (event: string, ...args: unknown[]) =>
        deliver(
          [
            ...new Set(
              (Array.isArray(room) ? room : [room]).flatMap((r) => [...(adapter.rooms.get(r) ?? [])]),
            ),
          ],
          event,
          args,
        ),
    }),
    of: () => ({ adapter }),
    local: {
      to: (ids) => ({ emit: (event: string, ...args: unknown[]) => deliver(ids, event, args) }),
    },
  };
  const join = (room: string, ids: string[]) => {
    const set = adapter.rooms.get(room) ?? new Set<string>();
    for (const id of ids) set.add(id);
    adapter.rooms.set(room, set);
  };
  const leave = (room: string, ids: string[]) => {
    for (const id of ids) adapter.rooms.get(room)?.delete(id);
  };
  return { server, received, log, join, leave, got: (id: string) => received.get(id) ?? [] };
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
async function drained(server: RoomServer): Promise<void> {
  while (pendingSlices(server) > 0) await turn();
}

describe('fan-out', () => {
  let servers: RoomServer[] = [];
  afterEach(async () => {
    for (const server of servers) await drained(server);
    servers = [];
  });
  const make = (adapter?: Adapter) => {
    const fake = fakeServer(adapter);
    servers.push(fake.server);
    return fake;
  };

  it('tells held-call rooms from viewer rooms', () => {
    expect(isPriorityRoom('stream:inbound')).toBe(true);
    expect(isPriorityRoom('stream:inbound:3')).toBe(true);
    expect(isPriorityRoom('queue:3')).toBe(false);
    expect(isPriorityRoom('conferences')).toBe(false);
    expect(isPriorityRoom('stream:uacsta')).toBe(false);
    expect(isPriorityRoom('stream:health')).toBe(false);
  });

  it("recognises socket.io's own in-process adapter (and not a remote one)", () => {
    // Not attached to any HTTP server: nothing to close.
    expect(sliceableRooms(new Server())).toBeInstanceOf(Map);
    expect(sliceableRooms(make(new RedisAdapter()).server)).toBeUndefined();
  });

  it('sends a small viewer room at once and whole', () => {
    const { server, join, got } = make();
    join('queue:1', ids('v', SLICE_SOCKETS));
    broadcast(server, 'queue:1', 'delta', [1]);
    expect(got('v0')).toEqual(['delta:1']);
    expect(got(`v${SLICE_SOCKETS - 1}`)).toEqual(['delta:1']);
    expect(pendingSlices(server)).toBe(0);
  });

  it('sends a held-call prompt before the rest of a big viewer fan-out', async () => {
    const { server, join, got, log } = make();
    const viewers = ids('v', 4 * SLICE_SOCKETS);
    join('queue:1', viewers);
    join('stream:inbound', ids('s', 50));
    broadcast(server, 'queue:1', 'delta', [1]);
    let viewersServedBeforePrompt = -1;
    // A PBX event handled between two turns of the event loop.
    setImmediate(() => {
      viewersServedBeforePrompt = log.filter((id) => id.startsWith('v')).length;
      broadcast(server, 'stream:inbound', 'delta', ['prompt']);
    });
    await drained(server);
    expect(viewersServedBeforePrompt).toBeLessThanOrEqual(SLICE_SOCKETS);
    expect(got('s0')).toEqual(['delta:prompt']);
    expect(got('s49')).toEqual(['delta:prompt']);
    for (const id of viewers) expect(got(id)).toEqual(['delta:1']);
  });

  it('keeps each socket in order, even when a later broadcast fits in one slice', async () => {
    const { server, join, leave, got } = make();
    const viewers = ids('v', 3 * SLICE_SOCKETS);
    join('queue:1', viewers);
    broadcast(server, 'queue:1', 'delta', [1]);
    broadcast(server, 'queue:1', 'delta', [2]);
    // Most screens close: the room now fits in one slice, yet its next push must wait its turn.
    const gone = viewers.slice(100);
    leave('queue:1', gone);
    broadcast(server, 'queue:1', 'delta', [3]);
    await drained(server);
    for (const id of viewers.slice(0, 100)) expect(got(id)).toEqual(['delta:1', 'delta:2', 'delta:3']);
    // Those that left before their slice went out get nothing more.
    for (const id of gone) expect(got(id)).toEqual([]);
  });

  it('gives a socket that subscribes during a pending fan-out only the pushes after its snapshot', async () => {
    const { server, join, got } = make();
    join('queue:1', ids('v', 2 * SLICE_SOCKETS));
    broadcast(server, 'queue:1', 'delta', [1]);
    // Subscribe: join, then the snapshot (seq 1) goes to the socket itself.
    join('queue:1', ['late']);
    broadcast(server, 'queue:1', 'delta', [2]);
    await drained(server);
    expect(got('late')).toEqual(['delta:2']);
    expect(got('v0')).toEqual(['delta:1', 'delta:2']);
  });

  it('sends whole when the adapter reaches other processes (Redis replicas)', () => {
    const { server, join, got } = make(new RedisAdapter());
    join('queue:1', ids('v', 3 * SLICE_SOCKETS));
    broadcast(server, 'queue:1', 'delta', [1]);
    expect(got(`v${3 * SLICE_SOCKETS - 1}`)).toEqual(['delta:1']);
    expect(pendingSlices(server)).toBe(0);
  });
});
