import { EventEmitter } from 'node:events';
import type { LiveSocketData } from '../live/socket-types.js';
import type { ToWorker, WorkerHandshake } from './ipc-messages.js';

/** Events a socket.io socket raises itself; a handler never sends them to the browser. */
const RESERVED = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
]);

/**
 * A browser socket held by a socket worker, as the primary's services see it: the parts of a socket.io
 * Socket the gateways, SocketSessionsService, AuditFeed and MonitorService use (id, data, handshake,
 * connected, emit, join, leave, disconnect and the listeners of incoming events and 'disconnect'). What it
 * sends goes to the worker as IPC messages, in order; what the browser sends arrives through
 * {@link deliver}.
 */
export class RemoteSocket extends EventEmitter {
  readonly data: LiveSocketData = {};
  readonly handshake: WorkerHandshake & { time: string; issued: number; url: string; secure: boolean };
  connected = false;
  disconnected = false;

  constructor(
    readonly id: string,
    handshake: WorkerHandshake,
    private readonly send: (message: ToWorker) => void,
  ) {
    super();
    const now = new Date();
    this.handshake = {
      ...handshake,
      time: now.toString(),
      issued: now.getTime(),
      url: '/socket.io/',
      secure: false,
    };
  }

  /** Sends `event` to the browser (reserved event names are refused, as socket.io does). */
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (typeof event !== 'string' || RESERVED.has(event))
      throw new Error(`"${String(event)}" is a reserved event name`);
    if (!this.connected) return false;
    this.send({ type: 'emit', socketId: this.id, event, args });
    return true;
  }

  join(room: string): void {
    if (this.connected) this.send({ type: 'join', socketId: this.id, room });
  }

  leave(room: string): void {
    if (this.connected) this.send({ type: 'leave', socketId: this.id, room });
  }

  /** Closes the browser's socket; 'disconnect' fires here at once, as on a local socket. */
  disconnect(_close?: boolean): this {
    if (this.disconnected) return this;
    if (this.connected) this.send({ type: 'disconnect', socketId: this.id });
    this.closed('server namespace disconnect');
    return this;
  }

  /** The worker accepted the connection. */
  opened(): void {
    if (!this.disconnected) this.connected = true;
  }

  /** The socket is gone (the browser left, the worker exited, or the primary closed it). */
  closed(reason: string): void {
    if (this.disconnected) return;
    this.connected = false;
    this.disconnected = true;
    EventEmitter.prototype.emit.call(this, 'disconnect', reason);
  }

  /** An event the browser sent, with the acknowledgement callback when it asked for one. */
  deliver(event: string, args: unknown[], ack?: (value: unknown) => void): void {
    if (!this.connected || RESERVED.has(event)) return;
    EventEmitter.prototype.emit.call(this, event, ...(ack ? [...args, ack] : args));
  }
}
