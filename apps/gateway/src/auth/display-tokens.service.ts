import { Inject, Injectable } from '@nestjs/common';
import type { DisplayTokenCreated, DisplayTokenRequest, DisplayTokenView } from '@switchboard/live-protocol';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { newDisplayTokenId, type DisplayTokenRecord, type DisplayTokenStore } from './display-token.store.js';
import { sessionInfo, type Principal } from './principal.js';
import { SessionRevocations } from './session-revocations.js';
import { TokenSigner } from './token-signer.js';

/** Injection token of the {@link DisplayTokenStore}. */
export const DISPLAY_TOKEN_STORE = Symbol('DISPLAY_TOKEN_STORE');

/** Why a create request was refused: each failing field with what was wrong. */
export class DisplayTokenInputError extends Error {
  constructor(readonly fields: { field: string; message: string }[]) {
    super(`Invalid display token: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`);
  }
}

function view(record: DisplayTokenRecord): DisplayTokenView {
  const { jti: _jti, ...rest } = record;
  return { ...rest, queues: [...rest.queues] };
}

/**
 * Display links for wallboard TVs: read-only, scoped to queues, created and revoked by admins. Every use is
 * checked against the store, so a revocation takes effect at once; open display sockets are closed.
 */
@Injectable()
export class DisplayTokensService {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(DISPLAY_TOKEN_STORE) private readonly store: DisplayTokenStore,
    private readonly signer: TokenSigner,
    private readonly revocations: SessionRevocations,
  ) {}

  /** Creates a display token; the token is in the answer only this once. */
  async create(input: unknown, createdBy: string): Promise<DisplayTokenCreated> {
    const { name, queues } = readInput(input);
    const id = newDisplayTokenId();
    const { token, claims } = this.signer.issue('display', id, null);
    const record: DisplayTokenRecord = {
      id,
      name,
      queues,
      createdBy,
      createdAt: claims.iat,
      jti: claims.jti,
    };
    await this.store.add(record);
    return { token, display: view(record) };
  }

  /** Every display token. */
  async list(): Promise<DisplayTokenView[]> {
    return (await this.store.list()).map(view);
  }

  /** Revokes a token and closes the displays using it; false when there was no such token. */
  async revoke(id: string): Promise<boolean> {
    const removed = await this.store.remove(id);
    if (removed) this.revocations.revokeDisplay(id, 'This display link was revoked.');
    return removed;
  }

  /** The principal of a display token whose signature was already checked, or undefined when revoked. */
  async principal(id: string, jti: string): Promise<Principal | undefined> {
    const record = await this.store.get(id);
    if (!record || record.jti !== jti) return undefined;
    return {
      session: sessionInfo(this.config, `display:${record.name}`, 'viewer', record.queues, true),
      source: { kind: 'display', id },
      extension: null,
    };
  }

  /**
   * The token of an existing display link, signed again from its record (the demo shows the same link after
   * a restart instead of adding one per start); undefined when there is no such link.
   */
  async tokenOf(id: string): Promise<string | undefined> {
    const record = await this.store.get(id);
    if (!record) return undefined;
    return this.signer.sign({
      typ: 'display',
      sub: record.id,
      jti: record.jti,
      iat: record.createdAt,
      exp: null,
    });
  }

  /** True while the display token exists. */
  async exists(id: string): Promise<boolean> {
    return (await this.store.get(id)) !== undefined;
  }
}

function readInput(input: unknown): DisplayTokenRequest {
  const fields: { field: string; message: string }[] = [];
  const body =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const name = typeof body['name'] === 'string' ? body['name'].trim() : '';
  if (name === '' || name.length > 64)
    fields.push({ field: 'name', message: 'is required: 1 to 64 characters' });
  const queues = body['queues'];
  const valid =
    Array.isArray(queues) &&
    queues.length > 0 &&
    queues.length <= 200 &&
    queues.every((q) => typeof q === 'number' && Number.isInteger(q) && q > 0);
  if (!valid)
    fields.push({ field: 'queues', message: 'must be a list of 1 to 200 queue ids (positive integers)' });
  if (fields.length > 0) throw new DisplayTokenInputError(fields);
  return { name, queues: [...new Set(queues as number[])] };
}
