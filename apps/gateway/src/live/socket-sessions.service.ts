import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { fail, ok, type Result, type Role } from '@switchboard/live-protocol';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { LiveEmitter } from './live-emitter.js';
import type { LiveServer, LiveSocket } from './socket-types.js';
import { AuthService } from '../auth/auth.service.js';
import { originAllowed } from '../auth/origin-policy.js';
import { hasRole, type Principal } from '../access/principal.js';
import { SessionRevocations } from '../ports/session-revocations.js';
import { commandBucket, type TokenBucket } from '../auth/token-bucket.js';
import { TrustedProxies } from '../auth/trusted-proxies.js';

interface Connection {
  socket: LiveSocket;
  principal: Principal;
  bucket: TokenBucket;
  expiry: ReturnType<typeof setTimeout> | undefined;
}

/** setTimeout cannot wait longer than this; longer sessions re-arm their timer. */
const MAX_TIMER_MS = 2_147_000_000;

/** A handshake refusal the client sees as `connect_error` with `message` and `data.code`. */
function refusal(code: string, message: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

/**
 * Authenticates every socket at the handshake (session or display token in `auth.token`, or trusted proxy
 * headers), checks its Origin, and keeps what each connection needs afterwards: its principal, its command
 * rate limit and the timer that closes it when the session expires. Revocations (logout, display link
 * removed) close the affected sockets at once with `session:expired`.
 */
@Injectable()
export class SocketSessionsService implements OnModuleDestroy {
  private readonly log = new Logger('SocketAuth');
  private readonly connections = new Map<string, Connection>();
  private readonly unsubscribe: () => void;
  private readonly installedOn = new WeakSet<object>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly auth: AuthService,
    private readonly proxies: TrustedProxies,
    private readonly emitter: LiveEmitter,
    revocations: SessionRevocations,
  ) {
    this.unsubscribe = revocations.onRevoked((matches, reason) => {
      for (const connection of [...this.connections.values()])
        if (matches(connection.principal)) this.expire(connection.socket, reason);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
    for (const connection of this.connections.values()) clearTimeout(connection.expiry);
    this.connections.clear();
  }

  /**
   * Registers the handshake middleware on the server. Every gateway that reads a socket's session calls
   * this from afterInit (Nest initialises gateways in module order, which is no contract), so it runs
   * once per server, whichever gateway initialises first.
   */
  install(server: LiveServer): void {
    if (this.installedOn.has(server)) return;
    this.installedOn.add(server);
    server.use((socket, next) => {
      this.admit(socket).then(
        () => next(),
        (error: unknown) =>
          next(error instanceof Error ? error : refusal('unauthorized', 'Connection refused.')),
      );
    });
  }

  /** The principal of a connected socket. */
  principalOf(socket: LiveSocket): Principal | undefined {
    return this.connections.get(socket.id)?.principal;
  }

  /** Takes one command token from the socket's bucket; false when it is sending too fast. */
  allowCommand(socket: LiveSocket): boolean {
    return this.connections.get(socket.id)?.bucket.take() ?? false;
  }

  /**
   * The access rule of every socket command: a signed-in socket, within its command rate, whose session is
   * still current (an ended one is expired and closed), of at least `role` and not a display link. `refused`
   * ends the sentence "Viewers cannot …" / "Display links cannot …" of a refusal.
   */
  async admitCommand(socket: LiveSocket, role: Role, refused: string): Promise<Result<Principal>> {
    const principal = this.principalOf(socket);
    if (!principal) return fail('unauthorized', 'Sign in again.');
    if (!this.allowCommand(socket))
      return fail('rate_limited', 'Too many commands at once; wait a moment and try again.');
    if (!(await this.auth.isCurrent(principal))) {
      this.expire(socket, 'Your session has ended; sign in again.');
      return fail('unauthorized', 'Your session has ended; sign in again.');
    }
    const { session } = principal;
    if (session.display || !hasRole(session.role, role))
      return fail('forbidden', `${session.display ? 'Display links' : 'Viewers'} cannot ${refused}.`);
    return ok(principal);
  }

  /** Tells the socket its session ended and closes it. */
  expire(socket: LiveSocket, reason: string): void {
    const connection = this.connections.get(socket.id);
    if (connection) clearTimeout(connection.expiry);
    this.connections.delete(socket.id);
    if (socket.connected) {
      this.emitter.toSocket(socket, 'session:expired', { reason });
      socket.disconnect(true);
    }
  }

  /** Sockets being tracked (connected and authenticated). */
  get size(): number {
    return this.connections.size;
  }

  /**
   * The handshake check of one socket (origin, then session or display token or trusted proxy headers):
   * resolves once the socket is tracked with its principal, rejects with the refusal the browser sees. Used
   * by the middleware above and, in cluster mode, for the sockets the workers hold (workers/worker-pool.ts).
   */
  async admit(socket: LiveSocket): Promise<void> {
    const { headers, address } = socket.handshake;
    // Only a trusted proxy says where the page was served from (host and scheme), as for REST's CSRF check.
    const trusted = this.proxies.trusts(address);
    const forwardedHost = trusted ? firstHeader(headers['x-forwarded-host']) : undefined;
    const forwardedProto = trusted ? firstHeader(headers['x-forwarded-proto']) : undefined;
    if (!originAllowed(headers, this.config.http.allowedOrigins, forwardedHost, forwardedProto)) {
      this.log.warn({ msg: 'socket refused: origin not allowed', origin: headers.origin ?? '' });
      throw refusal('forbidden', 'This page’s origin may not connect to the gateway.');
    }
    const auth = socket.handshake.auth as Record<string, unknown> | undefined;
    const outcome = await this.auth.authenticate({ token: auth?.['token'], peer: address, headers });
    if (!outcome.ok) throw refusal(outcome.code, outcome.message);
    const { principal } = outcome;
    socket.data.session = principal.session;
    const connection: Connection = {
      socket,
      principal,
      bucket: commandBucket(this.config.http.commandsPerSecond),
      expiry: undefined,
    };
    this.connections.set(socket.id, connection);
    socket.once('disconnect', () => {
      const current = this.connections.get(socket.id);
      if (current === connection) {
        clearTimeout(connection.expiry);
        this.connections.delete(socket.id);
      }
    });
    if (principal.source.kind === 'session') this.armExpiry(connection, principal.source.expiresAt);
  }

  private armExpiry(connection: Connection, expiresAt: number): void {
    const delay = expiresAt - Date.now();
    connection.expiry = setTimeout(
      () => {
        if (Date.now() >= expiresAt) this.expire(connection.socket, 'Your session expired; sign in again.');
        else this.armExpiry(connection, expiresAt);
      },
      Math.max(0, Math.min(delay, MAX_TIMER_MS)),
    );
    connection.expiry.unref();
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim() || undefined;
}
