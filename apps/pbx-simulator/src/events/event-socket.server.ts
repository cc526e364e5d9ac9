/**
 * The event WebSocket at `/openapi/v1.0/subscribe?access_token=` (docs/pbx/events.md#the-event-websocket): a
 * live token is needed to connect and to subscribe, `{"topic_list":[...]}` selects the events, the literal
 * `heartbeat` gets `heartbeat response`, and a socket without client traffic for the idle time is closed.
 * Slow consumers are cut off instead of buffering frames without bound.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { EVENT_MSG_ENCODING, PBX_ERRCODE, PBX_ERRMSG } from '@switchboard/pbx-api';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { TokenStore } from '../auth/token-store.js';
import type { FaultState } from '../control/fault-state.js';
import type { SimStats } from '../control/sim-stats.js';
import type { EventConsumer } from './event-bus.js';

/** Close codes the simulator uses; documented in the README. */
export const EVENT_SOCKET_CLOSE = {
  /** No traffic from the client within the idle time. */
  IDLE: 4000,
  /** The access token was invalid when connecting or subscribing, or the IP is blocked. */
  AUTH: 4001,
  /** Dropped by fault injection (including an injected error at connect) or because the PBX went down. */
  DROPPED: 4002,
} as const;

/** Settings of the event socket server. */
export interface EventSocketOptions {
  tokens: TokenStore;
  faults: FaultState;
  stats: SimStats;
  idleMs: number;
  /** Bytes a client may have queued before it is cut off as a slow consumer. */
  maxBufferedBytes?: number;
}

interface Client {
  socket: WebSocket;
  token: string;
  topics: Set<number>;
  idle: NodeJS.Timeout;
}

const SUCCESS = JSON.stringify({ errcode: 0, errmsg: 'SUCCESS' });
const KNOWN_EVENTS = new Set(Object.keys(EVENT_MSG_ENCODING).map(Number));

function envelope(errcode: number, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ errcode, errmsg: PBX_ERRMSG[errcode] ?? 'FAILURE', ...extra });
}

function paramError(field: string, validationType: string, value?: unknown): string {
  const entry: Record<string, unknown> = { field, validation_type: validationType };
  if (value !== undefined)
    entry['value'] = typeof value === 'string' ? value.slice(0, 100) : JSON.stringify(value).slice(0, 100);
  return envelope(PBX_ERRCODE.PARAMETER_ERROR, { invalid_param_list: [entry] });
}

/** Accepts event sockets and delivers frames to them. */
export class EventSocketServer implements EventConsumer {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    perMessageDeflate: false,
  });
  private readonly clients = new Set<Client>();
  private readonly topicCounts = new Map<number, number>();
  private readonly maxBuffered: number;

  constructor(private readonly options: EventSocketOptions) {
    this.maxBuffered = options.maxBufferedBytes ?? 8 * 1024 * 1024;
  }

  /** Number of connected sockets. */
  get clientCount(): number {
    return this.clients.size;
  }

  /** Handles an HTTP upgrade to the subscribe path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL, clientIp: string): void {
    const { faults, tokens, stats } = this.options;
    stats.countRequest('subscribe');
    if (faults.isDown()) {
      if (faults.downMode === 'http503')
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      else socket.destroy();
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const refuse = (errcode: number, code: number = EVENT_SOCKET_CLOSE.AUTH) => {
        stats.countErrcode(errcode);
        ws.send(envelope(errcode));
        ws.close(code, PBX_ERRMSG[errcode] ?? 'FAILURE');
      };
      if (tokens.isBlocked(clientIp)) return refuse(PBX_ERRCODE.IP_BLOCKED);
      const token = url.searchParams.get('access_token') ?? '';
      if (tokens.check(token) === undefined) return refuse(PBX_ERRCODE.TOKEN_INVALID);
      const injected = faults.injectedErrcode('subscribe');
      if (injected !== undefined) return refuse(injected, EVENT_SOCKET_CLOSE.DROPPED);
      this.accept(ws, token);
    });
  }

  wants(type: number): boolean {
    return (this.topicCounts.get(type) ?? 0) > 0;
  }

  deliver(type: number, frame: string): void {
    let sent = 0;
    for (const client of this.clients) {
      if (!client.topics.has(type) || client.socket.readyState !== WebSocket.OPEN) continue;
      if (client.socket.bufferedAmount > this.maxBuffered) {
        // Cut off rather than queue forever; the client reconnects and resubscribes.
        this.options.stats.countSlowConsumer();
        client.socket.terminate();
        continue;
      }
      client.socket.send(frame);
      sent++;
    }
    if (sent > 0) this.options.stats.countFrames(sent);
  }

  /** Closes every socket (fault injection, the PBX going down); returns how many were open. */
  dropAll(): number {
    const count = this.clients.size;
    for (const client of [...this.clients]) {
      client.socket.close(EVENT_SOCKET_CLOSE.DROPPED, 'dropped by the simulator');
      this.forget(client);
      // A client that does not answer the close handshake is cut off shortly after.
      setTimeout(() => client.socket.terminate(), 500).unref();
    }
    return count;
  }

  /** Closes every socket and stops accepting new ones. */
  close(): void {
    for (const client of [...this.clients]) {
      client.socket.terminate();
      this.forget(client);
    }
    this.wss.close();
  }

  private accept(socket: WebSocket, token: string): void {
    const client: Client = {
      socket,
      token,
      topics: new Set(),
      idle: setTimeout(() => this.closeIdle(client), this.options.idleMs),
    };
    this.clients.add(client);
    socket.on('message', (data, isBinary) => this.onMessage(client, data, isBinary));
    socket.on('ping', () => client.idle.refresh());
    socket.on('pong', () => client.idle.refresh());
    socket.on('close', () => this.forget(client));
    socket.on('error', () => {
      socket.terminate();
      this.forget(client);
    });
  }

  private closeIdle(client: Client): void {
    client.socket.close(EVENT_SOCKET_CLOSE.IDLE, `no traffic for ${this.options.idleMs} ms`);
    this.forget(client);
    setTimeout(() => client.socket.terminate(), 1_000).unref();
  }

  private onMessage(client: Client, data: RawData, isBinary: boolean): void {
    client.idle.refresh();
    const text = isBinary ? '' : data.toString();
    if (text === 'heartbeat') {
      client.socket.send('heartbeat response');
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      client.socket.send(paramError('topic_list', 'format', text));
      return;
    }
    const list =
      typeof parsed === 'object' && parsed !== null
        ? (parsed as Record<string, unknown>)['topic_list']
        : undefined;
    if (!Array.isArray(list)) {
      client.socket.send(paramError('topic_list', list === undefined ? 'required' : 'type', list));
      return;
    }
    if (list.length === 0) {
      client.socket.send(paramError('topic_list', 'required'));
      return;
    }
    const bad = list.findIndex((id) => !Number.isInteger(id) || !KNOWN_EVENTS.has(id as number));
    if (bad !== -1) {
      const value = list[bad];
      client.socket.send(paramError(`topic_list[${bad}]`, Number.isInteger(value) ? 'enum' : 'type', value));
      return;
    }
    if (this.options.tokens.check(client.token) === undefined) {
      this.options.stats.countErrcode(PBX_ERRCODE.TOKEN_INVALID);
      client.socket.send(envelope(PBX_ERRCODE.TOKEN_INVALID));
      client.socket.close(EVENT_SOCKET_CLOSE.AUTH, PBX_ERRMSG[PBX_ERRCODE.TOKEN_INVALID] ?? 'FAILURE');
      this.forget(client);
      return;
    }
    // A subscription replaces the previous one.
    this.setTopics(client, new Set(list as number[]));
    client.socket.send(SUCCESS);
  }

  private setTopics(client: Client, topics: Set<number>): void {
    for (const type of client.topics) this.topicCounts.set(type, (this.topicCounts.get(type) ?? 1) - 1);
    client.topics = topics;
    for (const type of topics) this.topicCounts.set(type, (this.topicCounts.get(type) ?? 0) + 1);
  }

  private forget(client: Client): void {
    if (!this.clients.delete(client)) return;
    clearTimeout(client.idle);
    this.setTopics(client, new Set());
  }
}
