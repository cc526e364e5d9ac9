import { Inject, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import {
  PROTOCOL_VERSION,
  fail,
  ok,
  parseResync,
  parseSubscribe,
  streamRoom,
  type Result,
  type Snapshot,
  type StreamId,
  type StreamTypes,
} from '@switchboard/live-protocol';
import { SocketSessionsService } from './socket-sessions.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { DashboardBuild } from '../static/dashboard-build.js';
import { joinRoom, leaveRoom } from './fanout.js';
import { LiveEmitter } from './live-emitter.js';
import { isSessionInfo, type LiveServer, type LiveSocket } from './socket-types.js';
import { mayWatch, type StreamAccess } from './stream-access.js';
import { StreamHub } from './stream-hub.service.js';

/**
 * The socket handlers of the live streams: `hello` on connection, then subscribe / unsubscribe / resync.
 * The session comes from the handshake middleware of {@link SocketSessionsService} (socket.data.session);
 * a socket without one is closed. Every reply is a Result; nothing thrown here reaches a browser.
 */
@WebSocketGateway()
export class LiveGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  @WebSocketServer() server!: LiveServer;
  private readonly logger = new Logger('LiveGateway');
  private readonly access: StreamAccess;

  constructor(
    private readonly emitter: LiveEmitter,
    private readonly hub: StreamHub,
    private readonly metrics: MetricsService,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly sessions: SocketSessionsService,
    private readonly build: DashboardBuild,
  ) {
    this.access = {
      isKnownQueue: (id) => this.hub.isKnownQueue(id),
      conferences: config.auth.conferenceAccess,
    };
  }

  afterInit(server: LiveServer): void {
    // This gateway reads socket.data.session, so it asks for the handshake middleware itself rather than
    // relying on CommandsGateway to have installed it; install() is once per server, whichever asks first.
    this.sessions.install(server);
    this.emitter.attach(server);
  }

  handleConnection(socket: LiveSocket): void {
    const session = socket.data.session;
    if (!isSessionInfo(session)) {
      this.logger.warn({ msg: 'socket without a session closed', socket: socket.id });
      socket.disconnect(true);
      return;
    }
    this.emitter.toSocket(socket, 'hello', {
      protocol: PROTOCOL_VERSION,
      build: this.build.current(),
      session,
      serverTime: Date.now(),
    });
    this.metrics.connectedClients(this.emitter.connectedCount());
  }

  handleDisconnect(): void {
    this.metrics.connectedClients(this.emitter.connectedCount());
  }

  @SubscribeMessage('subscribe')
  subscribe(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Result<{ granted: StreamId[]; denied: StreamId[] }> {
    return this.answer('subscribe', () => {
      const session = socket.data.session;
      if (!isSessionInfo(session)) return fail('unauthorized', 'Sign in again.');
      const parsed = parseSubscribe(payload);
      if (!parsed.ok) return parsed;
      const granted: StreamId[] = [];
      const denied: StreamId[] = [];
      for (const stream of new Set(parsed.data.streams)) {
        if (!mayWatch(session, stream, this.access)) {
          denied.push(stream);
          continue;
        }
        granted.push(stream);
        // Join first, then snapshot, synchronously: every later delta has a higher seq than the snapshot.
        joinRoom(socket, streamRoom(stream));
        const snapshot = stampHealth(this.hub.snapshot(stream));
        if (snapshot) {
          this.emitter.toSocket(socket, 'snapshot', snapshot);
          this.metrics.push('snapshot', snapshot.kind);
        }
      }
      return ok({ granted, denied });
    });
  }

  @SubscribeMessage('unsubscribe')
  unsubscribe(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Result<{ streams: StreamId[] }> {
    return this.answer('unsubscribe', () => {
      const parsed = parseSubscribe(payload);
      if (!parsed.ok) return parsed;
      for (const stream of parsed.data.streams) leaveRoom(socket, streamRoom(stream));
      return ok({ streams: parsed.data.streams });
    });
  }

  @SubscribeMessage('resync')
  resync(@ConnectedSocket() socket: LiveSocket, @MessageBody() payload: unknown): Result<Snapshot> {
    return this.answer('resync', () => {
      const session = socket.data.session;
      if (!isSessionInfo(session)) return fail('unauthorized', 'Sign in again.');
      const parsed = parseResync(payload);
      if (!parsed.ok) return parsed;
      const { stream } = parsed.data;
      if (!mayWatch(session, stream, this.access)) {
        return fail('forbidden', `You may not watch ${stream}.`);
      }
      const snapshot = stampHealth(this.hub.snapshot(stream));
      if (!snapshot)
        return fail('not_found', `No data for ${stream} yet; it follows as soon as the PBX answers.`);
      // A resync after a reconnect also restores the subscription.
      joinRoom(socket, streamRoom(stream));
      return ok(snapshot);
    });
  }

  /** Runs a handler, counts its result and turns an unexpected exception into a plain `internal` error. */
  private answer<T>(command: string, handle: () => Result<T>): Result<T> {
    let result: Result<T>;
    try {
      result = handle();
    } catch (error) {
      this.logger.error({
        msg: 'live command failed',
        command,
        error: error instanceof Error ? error.message : 'unknown',
      });
      result = fail('internal', 'Something went wrong on the server; please try again.');
    }
    this.metrics.commandResult(command, result.ok ? 'ok' : result.error.code);
    return result;
  }
}

/**
 * Health carries the gateway clock so screens can correct their countdowns for clock skew; a stored
 * snapshot holds the time health last changed, so stamp it with the time it is actually sent.
 */
export function stampHealth(snapshot: Snapshot | undefined): Snapshot | undefined {
  if (!snapshot || snapshot.kind !== 'health') return snapshot;
  const data = snapshot.data as StreamTypes['health']['data'];
  return { ...snapshot, data: { ...data, serverTime: Date.now() } };
}
