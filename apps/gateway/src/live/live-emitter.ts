import { Injectable } from '@nestjs/common';
import type { ServerToClientEvents } from '@switchboard/live-protocol';
import type { LiveServer, LiveSocket } from './socket-types.js';

/**
 * The one typed way to send to browsers. Services name events from live-protocol's
 * ServerToClientEvents and rooms from its helpers; nobody calls `server.emit` with free strings.
 */
@Injectable()
export class LiveEmitter {
  private server: LiveServer | undefined;

  /** Called by the live gateway once socket.io is up. */
  attach(server: LiveServer): void {
    this.server = server;
  }

  /**
   * Sends `event` to every socket in `room` as ONE broadcast: socket.io encodes the packet once and writes
   * the same bytes to each member, so a delta is serialized once per room, never per client.
   */
  toRoom<E extends keyof ServerToClientEvents>(
    room: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    if (!this.server) return;
    (this.server.to(room).emit as (event: E, ...args: Parameters<ServerToClientEvents[E]>) => boolean)(
      event,
      ...args,
    );
  }

  /** Sends `event` to one socket. */
  toSocket<E extends keyof ServerToClientEvents>(
    socket: LiveSocket,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    (socket.emit as (event: E, ...args: Parameters<ServerToClientEvents[E]>) => boolean)(event, ...args);
  }

  /** Sockets connected now. */
  connectedCount(): number {
    return this.server?.of('/').sockets.size ?? 0;
  }
}
