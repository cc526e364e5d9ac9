import type { Principal } from '../access/principal.js';

/** Called when principals end before their time; `matches` tells which ones. */
export type RevocationListener = (matches: (principal: Principal) => boolean, reason: string) => void;

/**
 * Logged-out session tokens (remembered until they would have expired anyway) and the signal that tells
 * open sockets to close when a session or display link ends.
 */
export class SessionRevocations {
  private readonly revoked = new Map<string, number>();
  private readonly listeners = new Set<RevocationListener>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Revokes one session token. */
  revokeSession(jti: string, expiresAt: number, reason: string): void {
    this.prune();
    this.revoked.set(jti, expiresAt);
    this.announce((p) => p.source.kind === 'session' && p.source.jti === jti, reason);
  }

  /** Ends every connection of display link `id` (it was revoked). */
  revokeDisplay(id: string, reason: string): void {
    this.announce((p) => p.source.kind === 'display' && p.source.id === id, reason);
  }

  /** True when the session token was revoked. */
  isRevoked(jti: string): boolean {
    const until = this.revoked.get(jti);
    return until !== undefined && until > this.now();
  }

  /** The revoked session tokens still in force (to keep them beyond this process). */
  revokedSessions(): { jti: string; expiresAt: number }[] {
    this.prune();
    return [...this.revoked].map(([jti, expiresAt]) => ({ jti, expiresAt }));
  }

  /** Tells listeners that every principal `matches` accepts has ended. */
  announce(matches: (principal: Principal) => boolean, reason: string): void {
    for (const listener of this.listeners) listener(matches, reason);
  }

  /** Subscribes; returns the unsubscribe function. */
  onRevoked(listener: RevocationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private prune(): void {
    const now = this.now();
    for (const [jti, until] of this.revoked) if (until <= now) this.revoked.delete(jti);
  }
}
