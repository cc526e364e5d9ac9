import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DEFAULT_DISPLAY_BOARD,
  displayLinkPath,
  type DisplayTokenCreated,
  type DisplayTokenRequest,
  type DisplayTokenView,
} from '@switchboard/live-protocol';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import {
  newDisplayTokenId,
  type DisplayTokenRecord,
  type DisplayTokenStore,
} from '../ports/display-token.store.js';
import { sessionInfo, type Principal } from '../access/principal.js';
import { SessionRevocations } from '../ports/session-revocations.js';
import { TokenSigner } from './token-signer.js';

/** Injection token of the {@link DisplayTokenStore}. */
export const DISPLAY_TOKEN_STORE = Symbol('DISPLAY_TOKEN_STORE');

/**
 * A link's use is written at most this often per gateway: a TV reconnecting, or a REST call per board,
 * must not write the state file (or Redis) every time; "last used" is shown to the minute anyway.
 */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;

function view(record: DisplayTokenRecord): DisplayTokenView {
  return {
    id: record.id,
    name: record.name,
    queues: [...record.queues],
    board: { ...(record.board ?? DEFAULT_DISPLAY_BOARD) },
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt ?? null,
  };
}

/**
 * Display links for wallboard TVs: read-only, scoped to queues, created and revoked by admins. Every use is
 * checked against the store, so a revocation takes effect at once; open display sockets are closed.
 */
@Injectable()
export class DisplayTokensService {
  private readonly log = new Logger('DisplayTokens');
  /** Link id -> when this gateway last wrote its use. */
  private readonly lastWritten = new Map<string, number>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(DISPLAY_TOKEN_STORE) private readonly store: DisplayTokenStore,
    private readonly signer: TokenSigner,
    private readonly revocations: SessionRevocations,
  ) {}

  /** Creates a display token from a request read by parseDisplayTokenRequest; the token is in the answer only this once. */
  async create(request: DisplayTokenRequest, createdBy: string): Promise<DisplayTokenCreated> {
    const { name, queues, board = { ...DEFAULT_DISPLAY_BOARD } } = request;
    const id = newDisplayTokenId();
    const { token, claims } = this.signer.issue('display', id, null);
    const record: DisplayTokenRecord = {
      id,
      name,
      queues,
      board,
      createdBy,
      createdAt: claims.iat,
      jti: claims.jti,
    };
    await this.store.add(record);
    return { token, path: displayLinkPath(token, board), display: view(record) };
  }

  /** Every display token. */
  async list(): Promise<DisplayTokenView[]> {
    return (await this.store.list()).map(view);
  }

  /** Revokes a token and closes the displays using it; false when there was no such token. */
  async revoke(id: string): Promise<boolean> {
    const removed = await this.store.remove(id);
    this.lastWritten.delete(id);
    if (removed) this.revocations.revokeDisplay(id, 'This display link was revoked.');
    return removed;
  }

  /**
   * The principal of a display token whose signature was already checked, or undefined when revoked. An
   * accepted use is recorded as the link's last use (throttled, see {@link LAST_USED_WRITE_INTERVAL_MS}).
   */
  async principal(id: string, jti: string): Promise<Principal | undefined> {
    const record = await this.store.get(id);
    if (!record || record.jti !== jti) return undefined;
    this.noteUse(id);
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

  /** Records a use unless this gateway recorded one within the interval; a failed write is only logged. */
  private noteUse(id: string): void {
    const now = Date.now();
    if (now - (this.lastWritten.get(id) ?? -Infinity) < LAST_USED_WRITE_INTERVAL_MS) return;
    this.lastWritten.set(id, now);
    this.store.touch(id, now).catch((error: unknown) => {
      this.lastWritten.delete(id);
      this.log.warn({
        msg: 'the last use of a display link could not be recorded',
        id,
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }

  /** True while the display token exists. */
  async exists(id: string): Promise<boolean> {
    return (await this.store.get(id)) !== undefined;
  }
}
