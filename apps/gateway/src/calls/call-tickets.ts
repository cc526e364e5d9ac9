import { TICKET_TTL_MS } from '@switchboard/live-protocol';
import type { Principal } from '../access/principal.js';
import type { TokenSigner } from '../auth/token-signer.js';

/** What a ticket lets a browser fetch without its Bearer header. */
export type TicketPurpose = 'play' | 'download' | 'export';

/** Who a ticket was issued to, and for what. */
export interface TicketGrant {
  user: string;
  purpose: TicketPurpose;
  /** The call id for play/download; a digest of the search for export. */
  subject: string;
  /**
   * The sign-in the ticket was issued under (a login token's id): the ticket stops working when that sign-in
   * is revoked (logout, an admin ending it), not just when the ticket expires. Absent for identities that
   * have no token (a trusted proxy's headers).
   */
  sessionId?: string;
}

/** Which sign-ins have been revoked (the gateway's SessionRevocations, shared across a cluster). */
export interface RevokedSessions {
  isRevoked(jti: string): boolean;
}

/** Why a ticket was refused, in words for the browser. */
export type TicketCheck = { ok: true; grant: TicketGrant } | { ok: false; message: string };

const PURPOSES: readonly TicketPurpose[] = ['play', 'download', 'export'];

/**
 * Short-lived links for what a browser fetches without a Bearer header (an <audio> src, a download): a
 * token signed with a key derived from the gateway's token key, naming the user, the purpose and the call
 * (or export), expiring after {@link TICKET_TTL_MS} or when the sign-in it came from is revoked. A ticket
 * for another call, purpose or key is refused.
 */
export class CallTickets {
  private readonly signer: TokenSigner;

  constructor(
    signer: TokenSigner,
    private readonly revocations: RevokedSessions,
    private readonly ttlMs = TICKET_TTL_MS,
  ) {
    this.signer = signer.derive('call tickets');
  }

  issue(grant: TicketGrant): { ticket: string; expiresAt: number } {
    const { token, claims } = this.signer.issue(
      'session',
      JSON.stringify([grant.user, grant.purpose, grant.subject, grant.sessionId ?? null]),
      this.ttlMs,
    );
    return { ticket: token, expiresAt: claims.exp ?? 0 };
  }

  /** Checks a ticket for a purpose (one of `purposes`) and, when given, a subject. */
  check(ticket: unknown, purposes: readonly TicketPurpose[], subject?: string): TicketCheck {
    const verified = this.signer.verify(ticket);
    if (!verified.ok)
      return {
        ok: false,
        message:
          verified.reason === 'expired'
            ? 'This link has expired; open the call again to get a new one.'
            : 'This link is not valid; open the call again to get a new one.',
      };
    let parts: unknown;
    try {
      parts = JSON.parse(verified.claims.sub);
    } catch {
      parts = undefined;
    }
    const [user, purpose, granted, sessionId] = Array.isArray(parts) ? (parts as unknown[]) : [];
    if (
      typeof user !== 'string' ||
      (sessionId !== null && typeof sessionId !== 'string') ||
      !PURPOSES.includes(purpose as TicketPurpose) ||
      !purposes.includes(purpose as TicketPurpose) ||
      typeof granted !== 'string' ||
      (subject !== undefined && granted !== subject)
    )
      return { ok: false, message: 'This link was issued for something else; open the call again.' };
    if (typeof sessionId === 'string' && this.revocations.isRevoked(sessionId))
      return { ok: false, message: 'This link ended with the sign-in it came from; sign in again.' };
    return {
      ok: true,
      grant: {
        user,
        purpose: purpose as TicketPurpose,
        subject: granted,
        ...(typeof sessionId === 'string' ? { sessionId } : {}),
      },
    };
  }
}

/** The ticket field that ties it to a principal's sign-in: a login token's id; nothing for other identities. */
export function sessionIdOf(principal: Pick<Principal, 'source'>): Pick<TicketGrant, 'sessionId'> {
  return principal.source.kind === 'session' ? { sessionId: principal.source.jti } : {};
}
