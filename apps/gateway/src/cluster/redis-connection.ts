import { createClient } from 'redis';

/** Where cluster code reports; Nest's Logger fits. */
export interface ClusterLogger {
  log(message: Record<string, unknown>): void;
  warn(message: Record<string, unknown>): void;
}

/** Settings of {@link RedisConnection}. */
export interface RedisConnectionOptions {
  url: string;
  logger: ClusterLogger;
  /** A command not answered within this is treated as failed (default 2 s). */
  commandTimeoutMs?: number;
}

type Client = ReturnType<
  typeof createClient<Record<string, never>, Record<string, never>, Record<string, never>, 2>
>;

/** While Redis stays unreachable, the failure is logged again at most this often. */
const ERROR_LOG_EVERY_MS = 30_000;
/** Names of client methods whose promise the socket.io adapter never awaits (see {@link adapterClients}). */
const FIRE_AND_FORGET = new Set(['publish', 'subscribe', 'pSubscribe', 'unsubscribe', 'pUnsubscribe']);

/** The secret-free text of a Redis error (URLs with passwords never reach a log). */
export function describeRedisError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
  return text.replace(/rediss?:\/\/[^\s]+/g, 'redis://…');
}

/**
 * The gateway's two Redis connections. `main` sends commands and publishes; it fails fast while Redis is
 * unreachable (no offline queue), so a lease renewal or a fenced write never runs late, after the moment
 * it was meant for. `sub` holds every subscription (the socket.io adapter's and ours) and re-subscribes
 * after a reconnect; one subscriber connection also means messages arrive in the order Redis published
 * them. Both reconnect forever with a capped backoff; errors are logged, never thrown at the process.
 */
export class RedisConnection {
  readonly main: Client;
  readonly sub: Client;
  private readonly timeoutMs: number;
  private readonly listeners = new Set<(up: boolean) => void>();
  private wasUp = false;
  private lastErrorLogAt = 0;
  private closed = false;

  constructor(private readonly options: RedisConnectionOptions) {
    this.timeoutMs = options.commandTimeoutMs ?? 2_000;
    const socket = {
      connectTimeout: 2_000,
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2_000),
    };
    this.main = createClient({ url: options.url, RESP: 2, disableOfflineQueue: true, socket }) as Client;
    this.sub = createClient({ url: options.url, RESP: 2, socket }) as Client;
    for (const [name, client] of [
      ['main', this.main],
      ['sub', this.sub],
    ] as const) {
      client.on('error', (error: unknown) => this.onError(name, error));
      client.on('ready', () => this.update());
      client.on('end', () => this.update());
      client.on('reconnecting', () => this.update());
      // connect() keeps retrying until Redis answers; the gateway serves (degraded) meanwhile.
      client.connect().catch((error: unknown) => {
        if (!this.closed) this.onError(name, error);
      });
    }
  }

  /** True while both connections are ready. */
  get up(): boolean {
    return this.main.isReady && this.sub.isReady;
  }

  /** Calls `listener` when the connections become ready or stop being ready. */
  onStateChange(listener: (up: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends one command; rejects when Redis is unreachable or does not answer in time. */
  command<T>(args: readonly string[], timeoutMs = this.timeoutMs): Promise<T> {
    return this.main.sendCommand<T>([...args], { timeout: timeoutMs });
  }

  /** Runs a Lua script (EVAL: Redis caches the compiled script, so sending its text is cheap). */
  eval<T>(script: string, keys: readonly string[], args: readonly (string | number)[]): Promise<T> {
    return this.command<T>(['EVAL', script, String(keys.length), ...keys, ...args.map(String)]);
  }

  /** Subscribes `listener` to `channel` on the subscriber connection (kept across reconnects). */
  async subscribe(channel: string, listener: (message: string) => void): Promise<void> {
    await this.sub.subscribe(channel, (message: string) => {
      try {
        listener(message);
      } catch (error) {
        this.options.logger.warn({
          msg: 'cluster message handler failed',
          channel,
          error: describeRedisError(error),
        });
      }
    });
  }

  /**
   * The clients for @socket.io/redis-adapter. The adapter fires publishes and subscriptions without awaiting
   * them; wrapped so a rejection (Redis down) is logged here instead of becoming an unhandled rejection
   * that would end the process.
   */
  adapterClients(): { pubClient: Client; subClient: Client } {
    return { pubClient: this.guard('main', this.main), subClient: this.guard('sub', this.sub) };
  }

  /** Closes both connections (pending commands fail). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(
      [this.main, this.sub].map((client) =>
        client.isOpen ? client.close().catch(() => client.destroy()) : Promise.resolve(),
      ),
    );
    this.update();
  }

  private guard(name: string, client: Client): Client {
    return new Proxy(client, {
      get: (target, property, receiver) => {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (typeof property !== 'string' || !FIRE_AND_FORGET.has(property)) return method.bind(target);
        return (...args: unknown[]) => {
          const result = method.apply(target, args);
          if (result instanceof Promise) result.catch((error: unknown) => this.onError(name, error));
          return result;
        };
      },
    });
  }

  private onError(name: string, error: unknown): void {
    const now = Date.now();
    if (this.closed || now - this.lastErrorLogAt < ERROR_LOG_EVERY_MS) return;
    this.lastErrorLogAt = now;
    this.options.logger.warn({
      msg: 'Redis unreachable; retrying',
      connection: name,
      error: describeRedisError(error),
    });
  }

  private update(): void {
    const up = !this.closed && this.up;
    if (up === this.wasUp) return;
    this.wasUp = up;
    if (up) this.lastErrorLogAt = 0;
    if (!this.closed) this.options.logger.log({ msg: up ? 'Redis connected' : 'Redis connection lost' });
    for (const listener of this.listeners) listener(up);
  }
}
