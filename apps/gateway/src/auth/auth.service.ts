import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Role, SessionInfo } from '@switchboard/live-protocol';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { DisplayTokensService } from './display-tokens.service.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordCheckSlots } from './password-check-slots.js';
import { higherRole, sessionInfo, type Principal } from '../access/principal.js';
import { SessionRevocations } from '../ports/session-revocations.js';
import { TokenSigner } from './token-signer.js';
import { TrustedProxies } from './trusted-proxies.js';
import { UserDirectory } from './user-directory.js';

/** What a caller presents: a token (session or display) and/or the request it came with. */
export interface Credentials {
  token?: unknown;
  /** The TCP peer's address. */
  peer: string | undefined;
  headers: IncomingHttpHeaders;
}

/** Outcome of authentication; messages are safe to show. */
export type AuthOutcome =
  { ok: true; principal: Principal } | { ok: false; code: 'unauthorized' | 'forbidden'; message: string };

/** Outcome of a login. */
export type LoginOutcome =
  | { ok: true; token: string; expiresAt: number; session: SessionInfo }
  | { ok: false; code: 'unauthorized'; message: string }
  | { ok: false; code: 'rate_limited'; message: string; retryAfterSec: number };

const NO_CREDENTIALS = 'Sign in first: no session token was presented.';
const WRONG = 'Wrong username or password.';
/** Retry-After when every password check slot is taken: one check takes well under a second. */
const BUSY_RETRY_SEC = 1;
const ENDED = 'Your session has ended; sign in again.';

/**
 * Who is calling: password logins issue short-lived signed session tokens; display tokens and trusted
 * proxy headers are the other two ways in. Every check re-reads revocations, so a logout or a revoked
 * display link takes effect on the next use.
 */
@Injectable()
export class AuthService {
  private readonly log = new Logger('Auth');
  private busyLoggedAt = 0;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly users: UserDirectory,
    private readonly signer: TokenSigner,
    private readonly displays: DisplayTokensService,
    private readonly revocations: SessionRevocations,
    private readonly proxies: TrustedProxies,
    private readonly throttle: LoginThrottle,
    private readonly checks: PasswordCheckSlots,
    private readonly metrics: MetricsService,
  ) {}

  /** The client's address, honouring X-Forwarded-For only from trusted proxies. */
  clientAddress(peer: string | undefined, headers: IncomingHttpHeaders): string {
    return this.proxies.clientAddress(peer, headers['x-forwarded-for']);
  }

  /**
   * Checks a username and password. The attempt is reserved against the limits of its user name and of
   * the client address before the password is checked, and settled by the outcome: however many
   * attempts arrive at once, only as many are checked as the limits allow, and the rest are refused at
   * once, without hashing anything. Known and unknown names take the same path, time and answer.
   */
  async login(username: unknown, password: unknown, clientAddress: string): Promise<LoginOutcome> {
    const name = typeof username === 'string' ? username.trim() : '';
    const secret = typeof password === 'string' ? password : '';
    const nameOk = name !== '' && name.length <= 128;
    const reservation = await this.throttle.reserve({
      address: clientAddress,
      ...(nameOk ? { user: name } : {}),
    });
    if (!reservation.ok) {
      this.metrics.loginAttempt('throttled');
      this.log.debug({ msg: 'sign-in refused: too many failed attempts', scope: reservation.scope });
      return rateLimited(
        Math.ceil(reservation.retryAfterMs / 1000),
        'Too many failed sign-ins; try again in',
      );
    }
    if (!nameOk || secret === '' || secret.length > 1024) {
      await reservation.settle('failed');
      this.metrics.loginAttempt('malformed');
      this.log.warn({ msg: 'failed sign-in', user: name.slice(0, 128), address: clientAddress });
      return { ok: false, code: 'unauthorized', message: WRONG };
    }
    const checking = this.checks.tryRun(() => this.users.check(name, secret));
    if (!checking) {
      await reservation.settle('unchecked');
      this.metrics.loginAttempt('busy');
      // A flood from many addresses would otherwise write one line per refused attempt.
      if (Date.now() - this.busyLoggedAt >= 10_000) {
        this.busyLoggedAt = Date.now();
        this.log.warn({ msg: 'sign-ins refused: every password check slot is taken', ...this.checks.load });
      }
      return rateLimited(BUSY_RETRY_SEC, 'Too many sign-ins at once; try again in');
    }
    let user: Awaited<typeof checking>;
    try {
      user = await checking;
    } catch (error) {
      await reservation.settle('unchecked');
      throw error;
    }
    await reservation.settle(user ? 'succeeded' : 'failed');
    this.metrics.loginAttempt(user ? 'succeeded' : 'failed');
    if (!user) {
      this.log.warn({ msg: 'failed sign-in', user: name, address: clientAddress });
      return { ok: false, code: 'unauthorized', message: WRONG };
    }
    const { token, claims } = this.signer.issue(
      'session',
      user.username,
      this.config.auth.sessionTtlSec * 1000,
    );
    this.log.log({ msg: 'signed in', user: user.username, role: user.role, address: clientAddress });
    return {
      ok: true,
      token,
      expiresAt: claims.exp ?? 0,
      session: sessionInfo(this.config, user.username, user.role, user.queues, false, user.extension),
    };
  }

  /** Ends a login session at once (displays and proxy users have nothing to log out of). */
  logout(principal: Principal): void {
    if (principal.source.kind !== 'session') return;
    this.revocations.revokeSession(principal.source.jti, principal.source.expiresAt, 'You signed out.');
    this.log.log({ msg: 'signed out', user: principal.session.user });
  }

  /** Authenticates a token, or else trusted-proxy headers. */
  async authenticate(credentials: Credentials): Promise<AuthOutcome> {
    if (credentials.token !== undefined && credentials.token !== null && credentials.token !== '')
      return this.fromToken(credentials.token);
    const proxied = this.fromProxy(credentials.peer, credentials.headers);
    return proxied ?? { ok: false, code: 'unauthorized', message: NO_CREDENTIALS };
  }

  /** True while the principal's session, display link or user still exists (checked before every command). */
  async isCurrent(principal: Principal): Promise<boolean> {
    const source = principal.source;
    if (source.kind === 'display') return this.displays.exists(source.id);
    if (source.kind === 'session')
      return (
        source.expiresAt > Date.now() &&
        !this.revocations.isRevoked(source.jti) &&
        !!this.users.get(principal.session.user)
      );
    return true;
  }

  private async fromToken(token: unknown): Promise<AuthOutcome> {
    const check = this.signer.verify(token);
    if (!check.ok) {
      const message = check.reason === 'expired' ? ENDED : 'The session token is not valid; sign in again.';
      return { ok: false, code: 'unauthorized', message };
    }
    const { claims } = check;
    if (claims.typ === 'display') {
      const principal = await this.displays.principal(claims.sub, claims.jti);
      return principal
        ? { ok: true, principal }
        : { ok: false, code: 'unauthorized', message: 'This display link was revoked.' };
    }
    const user = this.users.get(claims.sub);
    if (!user || claims.exp === null || this.revocations.isRevoked(claims.jti))
      return { ok: false, code: 'unauthorized', message: ENDED };
    return {
      ok: true,
      principal: {
        session: sessionInfo(this.config, user.username, user.role, user.queues, false, user.extension),
        source: { kind: 'session', jti: claims.jti, expiresAt: claims.exp },
        extension: user.extension ?? null,
      },
    };
  }

  /** Identity headers count only when the request comes straight from a trusted proxy. */
  private fromProxy(peer: string | undefined, headers: IncomingHttpHeaders): AuthOutcome | undefined {
    const userHeader = headerValue(headers[this.config.auth.proxyUserHeader]);
    if (!userHeader) return undefined;
    if (!this.proxies.trusts(peer)) {
      this.log.debug({
        msg: 'ignored identity headers from an untrusted address',
        address: peer ?? 'unknown',
      });
      return undefined;
    }
    const user = userHeader.trim().slice(0, 128);
    const groups = (headerValue(headers[this.config.auth.proxyGroupsHeader]) ?? '')
      .split(/[,;]/)
      .map((g) => g.trim())
      .filter((g) => g !== '');
    const grant = grantFromGroups(groups, this.config.auth.proxyGroups);
    if (!grant)
      return {
        ok: false,
        code: 'forbidden',
        message: 'None of your groups gives access to this dashboard; ask an administrator.',
      };
    const extension = headerValue(headers[this.config.auth.proxyExtensionHeader])?.trim() ?? '';
    const own = OWN_EXTENSION.test(extension) ? extension : null;
    return {
      ok: true,
      principal: {
        session: sessionInfo(this.config, user, grant.role, grant.queues, false, own),
        source: { kind: 'proxy' },
        extension: own,
      },
    };
  }
}

/** An extension as USERS spells one: 1 to 32 characters without spaces or control characters. */
const OWN_EXTENSION = /^[^\s\p{Cc}]{1,32}$/u;

function rateLimited(retryAfterSec: number, text: string): LoginOutcome {
  const seconds = Math.max(1, retryAfterSec);
  return { ok: false, code: 'rate_limited', message: `${text} ${seconds} s.`, retryAfterSec: seconds };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(',') : value;
  return text && text.trim() !== '' ? text : undefined;
}

/** The strongest role and the union of queues the user's groups grant; undefined when no group maps. */
export function grantFromGroups(
  groups: readonly string[],
  mapping: GatewayConfig['auth']['proxyGroups'],
): { role: Role; queues: number[] | 'all' } | undefined {
  let role: Role | undefined;
  let queues: Set<number> | 'all' = new Set();
  for (const group of groups) {
    const grant = Object.prototype.hasOwnProperty.call(mapping, group) ? mapping[group] : undefined;
    if (!grant) continue;
    role = role ? higherRole(role, grant.role) : grant.role;
    if (queues === 'all' || grant.queues === 'all') queues = 'all';
    else for (const q of grant.queues) queues.add(q);
  }
  if (!role) return undefined;
  return { role, queues: queues === 'all' ? 'all' : [...queues] };
}
