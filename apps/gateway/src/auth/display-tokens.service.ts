import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DEFAULT_DISPLAY_BOARD,
  DISPLAY_ROTATE_SEC,
  displayLinkPath,
  type DisplayBoardOptions,
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

/** Why a create request was refused: each failing field with what was wrong. */
export class DisplayTokenInputError extends Error {
  constructor(readonly fields: { field: string; message: string }[]) {
    super(`Invalid display token: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`);
  }
}

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

  /** Creates a display token; the token is in the answer only this once. */
  async create(input: unknown, createdBy: string): Promise<DisplayTokenCreated> {
    const { name, queues, board = { ...DEFAULT_DISPLAY_BOARD } } = readInput(input);
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
  const board = readBoard(body['board'], fields);
  if (fields.length > 0) throw new DisplayTokenInputError(fields);
  return { name, queues: [...new Set(queues as number[])], ...(board ? { board } : {}) };
}

/** The board options of a request (absent: defaults); each bad field is named in `fields`. */
function readBoard(
  input: unknown,
  fields: { field: string; message: string }[],
): DisplayBoardOptions | undefined {
  if (input === undefined) return undefined;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    fields.push({ field: 'board', message: 'must be an object {theme, rotateSec, sound}' });
    return undefined;
  }
  const board = input as Record<string, unknown>;
  const { theme = DEFAULT_DISPLAY_BOARD.theme, rotateSec = null, sound = false } = board;
  const { min, max } = DISPLAY_ROTATE_SEC;
  const before = fields.length;
  if (theme !== 'dark' && theme !== 'light')
    fields.push({ field: 'board.theme', message: 'must be dark or light' });
  if (
    rotateSec !== null &&
    !(Number.isInteger(rotateSec) && Number(rotateSec) >= min && Number(rotateSec) <= max)
  )
    fields.push({
      field: 'board.rotateSec',
      message: `must be null (no rotation) or whole seconds from ${min} to ${max}`,
    });
  if (typeof sound !== 'boolean') fields.push({ field: 'board.sound', message: 'must be true or false' });
  const unknown = Object.keys(board).filter((key) => !['theme', 'rotateSec', 'sound'].includes(key));
  if (unknown.length > 0)
    fields.push({ field: 'board', message: `has unknown options: ${unknown.join(', ')}` });
  if (fields.length > before) return undefined;
  return {
    theme: theme as DisplayBoardOptions['theme'],
    rotateSec: rotateSec as number | null,
    sound: sound as boolean,
  };
}
