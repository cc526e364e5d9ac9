import { Injectable } from '@nestjs/common';
import type { ServerToClientEvents } from '@switchboard/live-protocol';
import { broadcast } from './fanout.js';
import type { LiveServer, LiveSocket } from './socket-types.js';

/** Somewhere else room broadcasts must also reach (the socket workers of cluster mode). */
export type RoomSink = (room: string, event: keyof ServerToClientEvents, args: readonly unknown[]) => void;

/**
 * The one typed way to send to browsers. Services name events from live-protocol's
 * ServerToClientEvents and rooms from its helpers; nobody calls `server.emit` with free strings.
 */
@Injectable()
export class LiveEmitter {
  private server: LiveServer | undefined;
  private readonly sinks = new Set<RoomSink>();
  private readonly remoteCounts = new Set<() => number>();

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
    if (this.server) broadcast(this.server, room, event, args);
    for (const sink of this.sinks) sink(room, event, args);
  }

  /** Also sends every room broadcast to `sink`; returns the function that stops it. */
  addRoomSink(sink: RoomSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  /** Counts the sockets `count` reports (held by other processes) as connected too. */
  addRemoteCount(count: () => number): () => void {
    this.remoteCounts.add(count);
    return () => this.remoteCounts.delete(count);
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
    let remote = 0;
    for (const count of this.remoteCounts) remote += count();
    return (this.server?.of('/').sockets.size ?? 0) + remote;
  }
}
