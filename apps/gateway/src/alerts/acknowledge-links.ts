import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { TokenSigner } from '../auth/token-signer.js';

/** A link in a message stays good this long: long enough for a weekend, short enough to die with the incident. */
export const ACKNOWLEDGE_LINK_TTL_MS = 7 * 86_400_000;

/** What an acknowledge link names. */
export interface AcknowledgeLinkClaims {
  incidentId: string;
  channelId: string;
}

/**
 * Links that acknowledge an incident from a message (docs/alerting.md): `<PUBLIC_URL>/acknowledge#<token>`.
 * The token rides in the fragment, which browsers never send to a server or put in a Referer, so it stays out
 * of proxy logs; the page posts it back. Signed with a key of its own derived from the signing key, so it can
 * never act as a session. Without PUBLIC_URL the gateway does not know its own address: no link is made.
 */
@Injectable()
export class AcknowledgeLinks {
  private readonly signer: TokenSigner;
  private readonly base: string | null;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, signer: TokenSigner) {
    this.signer = signer.derive('incident acknowledge links');
    this.base = config.alerts.publicUrl;
  }

  urlFor(incidentId: string, channelId: string): string | null {
    if (this.base === null) return null;
    const { token } = this.signer.issue('display', `${incidentId} ${channelId}`, ACKNOWLEDGE_LINK_TTL_MS);
    return `${this.base}/acknowledge#${token}`;
  }

  /** The incident and contact point a token names, or why it is refused. */
  read(token: string): { ok: true; claims: AcknowledgeLinkClaims } | { ok: false; reason: string } {
    const check = this.signer.verify(token);
    if (!check.ok)
      return {
        ok: false,
        reason: check.reason === 'expired' ? 'the link has expired' : 'the link is not valid',
      };
    const [incidentId, channelId] = check.claims.sub.split(' ');
    if (!incidentId || !channelId) return { ok: false, reason: 'the link is not valid' };
    return { ok: true, claims: { incidentId, channelId } };
  }
}
