import { TICKET_TTL_MS } from '@switchboard/live-protocol';
import type { TokenSigner } from '../auth/token-signer.js';

/** What a ticket lets a browser fetch without its Bearer header. */
export type TicketPurpose = 'play' | 'download' | 'export';

/** Who a ticket was issued to, and for what. */
export interface TicketGrant {
  user: string;
  purpose: TicketPurpose;
  /** The call id for play/download; a digest of the search for export. */
  subject: string;
}

/** Why a ticket was refused, in words for the browser. */
export type TicketCheck = { ok: true; grant: TicketGrant } | { ok: false; message: string };

const PURPOSES: readonly TicketPurpose[] = ['play', 'download', 'export'];

/**
 * Short-lived links for what a browser fetches without a Bearer header (an <audio> src, a download): a
 * token signed with a key derived from the gateway's token key, naming the user, the purpose and the call
 * (or export), expiring after {@link TICKET_TTL_MS}. A ticket for another call, purpose or key is refused.
 */
export class CallTickets {
  private readonly signer: TokenSigner;

  constructor(
    signer: TokenSigner,
    private readonly ttlMs = TICKET_TTL_MS,
  ) {
    this.signer = signer.derive('call tickets');
  }

  issue(grant: TicketGrant): { ticket: string; expiresAt: number } {
    const { token, claims } = this.signer.issue(
      'session',
      JSON.stringify([grant.user, grant.purpose, grant.subject]),
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
    const [user, purpose, granted] = Array.isArray(parts) ? (parts as unknown[]) : [];
    if (
      typeof user !== 'string' ||
      !PURPOSES.includes(purpose as TicketPurpose) ||
      !purposes.includes(purpose as TicketPurpose) ||
      typeof granted !== 'string' ||
      (subject !== undefined && granted !== subject)
    )
      return { ok: false, message: 'This link was issued for something else; open the call again.' };
    return { ok: true, grant: { user, purpose: purpose as TicketPurpose, subject: granted } };
  }
}
