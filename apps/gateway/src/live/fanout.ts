import { streamRoom } from '@switchboard/live-protocol';
import type { Socket } from 'socket.io';

/** The part of a socket.io server (typed with any events) a broadcast needs. */
export interface RoomServer {
  to(room: string | string[]): object;
  /** socket.io's namespace: its adapter knows this process's members of each room. */
  of?(name: '/'): { adapter: object };
  /** Broadcasts that stay in this process (socket.io's `server.local`). */
  readonly local?: { to(rooms: string[]): object };
}

/**
 * How a stream's pushes reach the sockets of its room, in one place: the gateway's own socket.io server and
 * the socket workers of cluster mode both broadcast, join and leave through these functions, so a change to
 * how rooms are fanned out (priorities, slicing big rooms) applies to every process that holds sockets.
 *
 * Prompts first. Held calls (`inbound`, `inbound:<queue>`) decide something within seconds; the other
 * streams (queues, conferences, desk-phone calls, health) may fill thousands of read-only screens (intranet
 * embeds, TVs). A broadcast to a held-call room goes out at once, whole. A broadcast to any other room
 * whose members in this process exceed {@link SLICE_SOCKETS} is cut into slices of that many sockets, and
 * one slice goes out per turn of the event loop (setImmediate), so a PBX event or a command that arrives
 * meanwhile is handled, and its prompt or answer written, before the rest of the viewers' fan-out.
 *
 * Order: every sliced broadcast of a process waits in one FIFO line, and while that line is not empty
 * every other viewer broadcast joins its end too, so no socket receives a stream's pushes out of order.
 * Each slice names the room's members when the broadcast was made and is sent to those still in the
 * room: a socket that subscribes meanwhile has a snapshot at least as new (the dashboard ignores a delta
 * whose seq is not past its snapshot's), and one that unsubscribed or left gets nothing more.
 *
 * Slicing needs socket.io's in-process adapter. With an adapter that carries broadcasts to other processes
 * (the Redis adapter of replicas), a slice addressed by socket ids would miss the other replicas' sockets,
 * so those broadcasts go out whole, as before.
 */

/** Most sockets one slice of a viewer broadcast writes to before the event loop turns. */
export const SLICE_SOCKETS = 256;

const HELD_CALLS_ROOM = streamRoom('inbound');

/** True for the rooms of held calls, whose pushes never wait behind a viewer fan-out. */
export function isPriorityRoom(room: string): boolean {
  return room === HELD_CALLS_ROOM || room.startsWith(`${HELD_CALLS_ROOM}:`);
}

interface Slice {
  room: string;
  ids: string[];
  event: string;
  args: readonly unknown[];
}

/** The line of slices waiting in one server. */
interface Line {
  slices: Slice[];
  head: number;
  scheduled: boolean;
}

const lines = new WeakMap<RoomServer, Line>();

type Emitter = { emit(event: string, ...args: unknown[]): boolean };

/** socket.io's in-process adapter (not one that reaches other processes) by its class name. */
const IN_PROCESS_ADAPTERS = new Set(['Adapter', 'SessionAwareAdapter']);

/** The rooms of `server`'s in-process adapter, or undefined when its broadcasts cannot be sliced. */
export function sliceableRooms(server: RoomServer): ReadonlyMap<string, ReadonlySet<string>> | undefined {
  if (!server.local || !server.of) return undefined;
  const adapter = server.of('/').adapter as { rooms?: Map<string, Set<string>> };
  if (!IN_PROCESS_ADAPTERS.has(adapter.constructor.name) || !(adapter.rooms instanceof Map)) return undefined;
  return adapter.rooms;
}

const NO_MEMBERS: ReadonlySet<string> = new Set();

/** This process's members of `room`, or undefined when the server cannot be sliced. */
function localMembers(server: RoomServer, room: string): ReadonlySet<string> | undefined {
  const rooms = sliceableRooms(server);
  return rooms ? (rooms.get(room) ?? NO_MEMBERS) : undefined;
}

/** Sends `event` with `args` to every socket in `room` (encoded once per slice by socket.io). */
export function broadcast(server: RoomServer, room: string, event: string, args: readonly unknown[]): void {
  const whole = () => (server.to(room) as Emitter).emit(event, ...args);
  if (isPriorityRoom(room)) return void whole();
  const members = localMembers(server, room);
  if (!members) return void whole();
  const line = lines.get(server);
  const waiting = line !== undefined && line.head < line.slices.length;
  if (!waiting && members.size <= SLICE_SOCKETS) return void whole();
  if (members.size === 0) return;
  const ids = [...members];
  const queue = line ?? { slices: [], head: 0, scheduled: false };
  lines.set(server, queue);
  for (let i = 0; i < ids.length; i += SLICE_SOCKETS)
    queue.slices.push({ room, ids: ids.slice(i, i + SLICE_SOCKETS), event, args });
  if (!queue.scheduled) {
    queue.scheduled = true;
    setImmediate(() => sendNext(server, queue));
  }
}

/** Sends the slice at the head of the line, then yields to the event loop until the line is empty. */
function sendNext(server: RoomServer, line: Line): void {
  const slice = line.slices[line.head];
  line.slices[line.head++] = undefined as unknown as Slice;
  try {
    if (slice) {
      const members = localMembers(server, slice.room);
      const ids = members ? slice.ids.filter((id) => members.has(id)) : slice.ids;
      if (ids.length > 0 && server.local) (server.local.to(ids) as Emitter).emit(slice.event, ...slice.args);
    }
  } finally {
    if (line.head < line.slices.length) {
      // A line that never empties (sustained load) drops its sent part now and then.
      if (line.head >= 1024) {
        line.slices = line.slices.slice(line.head);
        line.head = 0;
      }
      setImmediate(() => sendNext(server, line));
    } else {
      line.slices = [];
      line.head = 0;
      line.scheduled = false;
    }
  }
}

/** Slices waiting to be sent by `server` (0 when its fan-out has caught up). */
export function pendingSlices(server: RoomServer): number {
  const line = lines.get(server);
  return line ? line.slices.length - line.head : 0;
}

/** Puts `socket` in `room`. */
export function joinRoom(socket: Pick<Socket, 'join'>, room: string): void {
  void socket.join(room);
}

/** Takes `socket` out of `room`. */
export function leaveRoom(socket: Pick<Socket, 'leave'>, room: string): void {
  void socket.leave(room);
}
