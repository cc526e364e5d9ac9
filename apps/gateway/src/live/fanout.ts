import type { Socket } from 'socket.io';

/** The part of a socket.io server (typed with any events) a broadcast needs. */
export interface RoomServer {
  to(room: string): object;
}

/**
 * How a stream's pushes reach the sockets of its room, in one place: the gateway's own socket.io server and
 * the socket workers of cluster mode both broadcast, join and leave through these functions, so a change to
 * how rooms are fanned out (priorities, slicing big rooms) applies to every process that holds sockets.
 */

/** Sends `event` with `args` to every socket in `room` (encoded once by socket.io). */
export function broadcast(server: RoomServer, room: string, event: string, args: readonly unknown[]): void {
  (server.to(room) as { emit(event: string, ...args: unknown[]): boolean }).emit(event, ...args);
}

/** Puts `socket` in `room`. */
export function joinRoom(socket: Pick<Socket, 'join'>, room: string): void {
  void socket.join(room);
}

/** Takes `socket` out of `room`. */
export function leaveRoom(socket: Pick<Socket, 'leave'>, room: string): void {
  void socket.leave(room);
}
