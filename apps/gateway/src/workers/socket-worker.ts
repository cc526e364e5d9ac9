import { createServer, type Server as HttpServer } from 'node:http';
import { Socket as NetSocket } from 'node:net';
import type { SessionInfo } from '@switchboard/live-protocol';
import { Server, type Socket } from 'socket.io';
import { broadcast, joinRoom, leaveRoom } from '../live/fanout.js';
import type { LiveSocketData } from '../live/socket-types.js';
import { describeMessage, parseToWorker, type FromWorker, type ToWorker } from './ipc-messages.js';

/** The IPC channel to the primary (the worker's `process`). */
export interface PrimaryChannel {
  send(message: FromWorker): void;
  on(event: 'message', listener: (message: unknown, handle?: unknown) => void): void;
}

/** Where the worker writes its log lines. */
export type WorkerLog = (
  level: 'info' | 'warn' | 'error',
  msg: string,
  fields?: Record<string, unknown>,
) => void;

/** How long a handshake waits for the primary's answer before it is refused. */
const AUTH_TIMEOUT_MS = 10_000;

type WorkerSocket = Socket<
  Record<string, never>,
  Record<string, never>,
  Record<string, never>,
  LiveSocketData
>;

/** A running socket worker. */
export interface SocketWorker {
  io: Server;
  http: HttpServer;
  /** Sockets connected now. */
  size(): number;
  close(): Promise<void>;
}

/**
 * A socket worker of cluster mode: holds browser WebSockets the primary hands it and nothing else. It has
 * no secret and decides nothing: each handshake is put to the primary (SocketSessionsService's own check),
 * what a browser sends goes to the primary with its acknowledgement, and the primary's emits, joins,
 * leaves, disconnects and room broadcasts are carried out here (room fan-out through live/fanout.ts, as in
 * the primary). Its socket.io server has the gateway's path and options, WebSocket only: polling stays with
 * the primary.
 */
export function startSocketWorker(primary: PrimaryChannel, log: WorkerLog): SocketWorker {
  const http = createServer((_request, response) => {
    // Only socket.io upgrades are handed over; anything else is not for a worker.
    response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
    response.end(JSON.stringify({ ok: false, error: { code: 'not_found', message: 'Not found.' } }));
  });
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  const sockets = new Map<string, WorkerSocket>();
  const acks = new Map<string, Map<number, (...args: unknown[]) => void>>();
  const answers = new Map<number, (result: Extract<ToWorker, { type: 'auth-result' }>) => void>();
  let nextAuth = 0;
  let nextAck = 0;

  io.use((socket, next) => {
    const id = ++nextAuth;
    const timer = setTimeout(() => {
      answers.delete(id);
      next(refusal('unavailable', 'The gateway did not answer; try again.'));
    }, AUTH_TIMEOUT_MS);
    answers.set(id, (result) => {
      clearTimeout(timer);
      answers.delete(id);
      if (!result.ok) return next(refusal(result.code, result.message));
      (socket.data as LiveSocketData).session = result.session satisfies SessionInfo;
      next();
    });
    const { headers, address, auth, query } = socket.handshake;
    primary.send({
      type: 'auth',
      id,
      socketId: socket.id,
      handshake: {
        headers: { ...headers },
        address,
        auth: typeof auth === 'object' && auth !== null ? { ...auth } : {},
        query: { ...query },
      },
    });
  });

  io.on('connection', (socket: WorkerSocket) => {
    sockets.set(socket.id, socket);
    const pending = new Map<number, (...args: unknown[]) => void>();
    acks.set(socket.id, pending);
    primary.send({ type: 'connected', socketId: socket.id });
    socket.onAny((event: string, ...args: unknown[]) => {
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        const ackId = ++nextAck;
        pending.set(ackId, last as (...values: unknown[]) => void);
        primary.send({ type: 'event', socketId: socket.id, event, args: args.slice(0, -1), ackId });
      } else primary.send({ type: 'event', socketId: socket.id, event, args });
    });
    socket.on('disconnect', (reason) => {
      sockets.delete(socket.id);
      acks.delete(socket.id);
      primary.send({ type: 'disconnected', socketId: socket.id, reason });
    });
  });

  primary.on('message', (raw, handle) => {
    const message = parseToWorker(raw);
    if (!message) {
      log('warn', 'message from the primary dropped', { shape: describeMessage(raw) });
      return;
    }
    if (message.type === 'connection') {
      if (!(handle instanceof NetSocket)) {
        log('warn', 'connection message without a socket dropped');
        return;
      }
      // The primary read the request head to route it: it is parsed here before anything new.
      http.emit('connection', handle);
      handle.emit('data', Buffer.from(message.head, 'base64'));
      handle.resume();
      return;
    }
    carryOut(message);
  });

  function carryOut(message: Exclude<ToWorker, { type: 'connection' }>): void {
    switch (message.type) {
      case 'auth-result':
        answers.get(message.id)?.(message);
        return;
      case 'broadcast':
        broadcast(io, message.room, message.event, message.args);
        return;
      case 'ack': {
        const pending = acks.get(message.socketId);
        const ack = pending?.get(message.ackId);
        pending?.delete(message.ackId);
        ack?.(...message.args);
        return;
      }
    }
    const socket = sockets.get(message.socketId);
    if (!socket) return;
    switch (message.type) {
      case 'emit':
        (socket.emit as (event: string, ...args: unknown[]) => boolean)(message.event, ...message.args);
        return;
      case 'join':
        joinRoom(socket, message.room);
        return;
      case 'leave':
        leaveRoom(socket, message.room);
        return;
      case 'disconnect':
        socket.disconnect(true);
        return;
    }
  }

  primary.send({ type: 'ready' });
  return {
    io,
    http,
    size: () => sockets.size,
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
}

/** A handshake refusal as the gateway gives it: `connect_error` with `message` and `data.code`. */
function refusal(code: string, message: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}
