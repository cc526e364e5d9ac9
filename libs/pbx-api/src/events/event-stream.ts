import { tlsSocketOptions } from '../tls.js';
import WebSocket from 'ws';
import { DEFAULT_USER_AGENT } from '../client.js';
import { isTokenErrcode } from '../errcodes.js';
import { backoffDelay } from '../internal/backoff.js';
import { redactSecrets } from '../internal/redact.js';
import type { PbxLogger } from '../internal/transport.js';
import { parsePbxFrame } from './event-parser.js';
import {
  checkStreamOptions,
  checkTopics,
  type PbxEventStreamOptions,
  type StreamSettings,
} from './event-stream.options.js';
import type { PbxEvent } from './event.types.js';
import { closeGracefully, endLink, rawText, type Link } from './event-stream.link.js';
import { TypedEmitter } from './typed-emitter.js';

/** Where the stream is in its life. */
export type PbxEventStreamStatus = 'idle' | 'connecting' | 'subscribing' | 'open' | 'reconnecting' | 'closed';

/** A snapshot of the stream's health, for dashboards and health checks. */
export interface PbxEventStreamState {
  status: PbxEventStreamStatus;
  /** When `status` last changed (epoch ms). */
  since: number;
  /** When the last event arrived (epoch ms). */
  lastEventAt?: number;
  /** Why the last connection ended or failed; never contains a token. */
  lastError?: string;
  /** Reconnection attempts made since start(). */
  reconnects: number;
}

/** A frame the stream could not read; the stream carries on. */
export interface PbxMalformedFrame {
  reason: string;
  /** Event ID, when the frame had one. */
  type?: number;
  /** The frame's text, cut to 500 characters. */
  frame: string;
}

/** What {@link PbxEventStream.on} can listen to. */
export interface PbxEventStreamEvents {
  event: PbxEvent;
  state: PbxEventStreamState;
  malformed: PbxMalformedFrame;
}

/**
 * The PBX's event WebSocket, kept alive: subscribes to `topics`, sends `heartbeat` well inside the PBX's
 * 60 s idle limit, and reconnects with jittered backoff whenever the socket closes, errors, goes silent,
 * the subscription is refused or not answered, or the access token is renewed. Every reconnect
 * re-subscribes. Tokens never appear in logs, errors or state.
 *
 * @example
 * const stream = new PbxEventStream({ baseUrl: pbx.baseUrl, tokens: pbx.tokens, topics: [30011, 30016] });
 * stream.on('event', (event) => { if (event.kind === 'incoming_call_request') hold(event.msg); });
 * stream.start();
 * await stream.close();
 */
export class PbxEventStream {
  private readonly settings: StreamSettings;
  private readonly logger: PbxLogger | undefined;
  private readonly emitter: TypedEmitter<PbxEventStreamEvents>;
  private current: PbxEventStreamState = { status: 'idle', since: Date.now(), reconnects: 0 };
  private topics: number[];
  private link: Link | undefined;
  /** Bumped by every connection attempt and by close(), so a late token answer is dropped. */
  private attempt = 0;
  /** Failed attempts since the last successful subscription; drives the backoff. */
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stopTokenWatch: (() => void) | undefined;

  constructor(private readonly options: PbxEventStreamOptions) {
    this.settings = checkStreamOptions(options);
    this.topics = this.settings.topics;
    this.logger = options.logger;
    this.emitter = new TypedEmitter<PbxEventStreamEvents>((name, error) =>
      this.logger?.warn('pbx event stream listener threw', { listener: name, error: describeError(error) }),
    );
  }

  /** A copy of the current state. */
  get state(): PbxEventStreamState {
    return { ...this.current };
  }

  /** Listens to decoded events, state changes or malformed frames; returns a function that unsubscribes. */
  on<K extends keyof PbxEventStreamEvents>(
    name: K,
    listener: (payload: PbxEventStreamEvents[K]) => void,
  ): () => void {
    return this.emitter.on(name, listener);
  }

  /** Connects and subscribes in the background; progress shows in `state` and `state` events. */
  start(): void {
    if (this.current.status === 'closed') throw new Error('PbxEventStream is closed; create a new one');
    if (this.current.status !== 'idle') return;
    if (this.settings.reconnectOnTokenChange) {
      this.stopTokenWatch = this.options.tokens.onChange((token) => this.onTokenChange(token));
    }
    this.connect();
  }

  /** Replaces the topics; an open connection re-subscribes at once, later connections use them too. */
  setTopics(topics: readonly number[]): void {
    this.topics = checkTopics(topics);
    const link = this.link;
    if (link && !link.ended && link.socket.readyState === WebSocket.OPEN) this.subscribe(link);
  }

  /**
   * Skips the rest of a reconnect backoff and tries at once: the caller learned that the PBX answers again
   * (a successful request), so waiting out a backoff sized for a dead PBX would only lose events.
   */
  reconnectNow(): void {
    if (this.current.status !== 'reconnecting' || this.reconnectTimer === undefined) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.current.reconnects++;
    this.connect();
  }

  /** Closes the socket and stops every timer; the stream never reconnects afterwards. */
  async close(): Promise<void> {
    if (this.current.status === 'closed') return;
    this.attempt++;
    clearTimeout(this.reconnectTimer);
    this.stopTokenWatch?.();
    const link = this.link;
    this.link = undefined;
    this.setStatus('closed');
    if (link) await closeGracefully(link);
  }

  private connect(): void {
    const attempt = ++this.attempt;
    this.setStatus('connecting');
    void this.openLink(attempt);
  }

  private async openLink(attempt: number): Promise<void> {
    let token: string;
    try {
      token = await this.options.tokens.getAccessToken();
    } catch (error) {
      if (attempt === this.attempt) this.retry(`could not get an access token: ${describeError(error)}`);
      return;
    }
    if (attempt !== this.attempt) return;
    this.logger?.debug('pbx event stream connecting', { url: this.settings.url });
    const socket = new WebSocket(`${this.settings.url}?access_token=${encodeURIComponent(token)}`, {
      headers: { 'User-Agent': this.options.userAgent ?? DEFAULT_USER_AGENT },
      handshakeTimeout: this.settings.subscribeTimeoutMs,
      ...tlsSocketOptions(this.options.tls),
    });
    const link: Link = { socket, token, ended: false };
    this.link = link;
    socket.on('open', () => this.onOpen(link));
    socket.on('message', (data) => this.onMessage(link, rawText(data)));
    socket.on('unexpected-response', (_request, response) => this.onRefused(link, response.statusCode ?? 0));
    socket.on('error', (error) => this.drop(link, `socket error: ${redactSecrets(error.message, [token])}`));
    socket.on('close', (code) => this.drop(link, `connection closed (code ${code})`));
  }

  private onOpen(link: Link): void {
    if (link.ended) return;
    this.armStaleTimer(link);
    link.heartbeat = setInterval(() => this.send(link, 'heartbeat'), this.settings.heartbeatIntervalMs);
    link.heartbeat.unref();
    this.subscribe(link);
  }

  private subscribe(link: Link): void {
    this.setStatus('subscribing');
    this.send(link, JSON.stringify({ topic_list: this.topics }));
    clearTimeout(link.subscribeTimer);
    const ms = this.settings.subscribeTimeoutMs;
    link.subscribeTimer = setTimeout(
      () => this.drop(link, `no answer to the subscription within ${ms} ms`),
      ms,
    );
    link.subscribeTimer.unref();
  }

  private onMessage(link: Link, text: string): void {
    if (link.ended) return;
    this.armStaleTimer(link);
    const frame = parsePbxFrame(text);
    switch (frame.kind) {
      case 'heartbeat_response':
        return;
      case 'subscribed':
        clearTimeout(link.subscribeTimer);
        this.failures = 0;
        if (this.current.status === 'subscribing') this.setStatus('open');
        return;
      case 'subscribe_failed':
        if (isTokenErrcode(frame.errcode)) this.options.tokens.invalidate(link.token);
        this.drop(
          link,
          redactSecrets(`subscription refused: errcode ${frame.errcode} ${frame.errmsg}`.trim(), [
            link.token,
          ]),
        );
        return;
      case 'event':
        this.current.lastEventAt = Date.now();
        this.emitter.emit('event', frame.event);
        return;
      case 'malformed': {
        const malformed: PbxMalformedFrame = { reason: frame.reason, frame: text.slice(0, 500) };
        if (frame.type !== undefined) malformed.type = frame.type;
        this.logger?.warn('pbx event frame malformed', { reason: frame.reason });
        this.emitter.emit('malformed', malformed);
        return;
      }
    }
  }

  /** The PBX answered the upgrade with an HTTP error: 401/403 mean the token was refused. */
  private onRefused(link: Link, status: number): void {
    if (status === 401 || status === 403) this.options.tokens.invalidate(link.token);
    this.drop(link, `PBX refused the event connection with HTTP ${status}`);
  }

  private onTokenChange(token: string): void {
    const link = this.link;
    // No link yet: the attempt under way fetches the fresh token itself.
    if (!link || link.ended || link.token === token || this.current.status === 'closed') return;
    this.logger?.debug('pbx event stream reconnecting with a renewed token');
    endLink(link);
    this.link = undefined;
    clearTimeout(this.reconnectTimer);
    this.setStatus('reconnecting');
    this.current.reconnects++;
    this.connect();
  }

  private armStaleTimer(link: Link): void {
    clearTimeout(link.staleTimer);
    const ms = this.settings.staleAfterMs;
    link.staleTimer = setTimeout(() => this.drop(link, `no frame from the PBX for ${ms} ms`), ms);
    link.staleTimer.unref();
  }

  private send(link: Link, text: string): void {
    if (link.ended || link.socket.readyState !== WebSocket.OPEN) return;
    link.socket.send(text, (error) => {
      if (error) this.drop(link, `send failed: ${redactSecrets(error.message, [link.token])}`);
    });
  }

  /** Ends `link` (once) and, unless closed, schedules the next attempt. */
  private drop(link: Link, reason: string): void {
    if (link.ended) return;
    endLink(link);
    if (this.link !== link) return;
    this.link = undefined;
    this.retry(reason);
  }

  private retry(reason: string): void {
    if (this.current.status === 'closed') return;
    const delay = backoffDelay(this.failures, this.settings.backoff);
    this.failures++;
    this.logger?.warn('pbx event stream disconnected', { reason, retryInMs: delay });
    this.setStatus('reconnecting', reason);
    clearTimeout(this.reconnectTimer);
    // Not unref'd: a started stream keeps the process alive between attempts, as its socket would.
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.current.reconnects++;
      this.connect();
    }, delay);
  }

  private setStatus(status: PbxEventStreamStatus, lastError?: string): void {
    if (lastError !== undefined) this.current.lastError = lastError;
    if (this.current.status === status) return;
    this.current = { ...this.current, status, since: Date.now() };
    this.emitter.emit('state', this.state);
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? redactSecrets(error.message) : 'unknown error';
}
