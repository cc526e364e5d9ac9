import { isPlainObject, PayloadReader } from './reader.js';
import type { Result, ResultError } from './result.js';
import type { Role, SessionInfo } from './session.js';
import type { HealthView } from './views.js';

// The gateway's REST routes: each body and answer declared once, for the controllers and the dashboard alike.
// Every JSON answer under /api is a Result (`{ok: true, data}` or `{ok: false, error}`); /healthz and /readyz
// answer bare objects for probes that read no envelope.

/** Body of POST /api/auth/login. */
export interface LoginRequest {
  username: string;
  password: string;
}

/** Data of POST /api/auth/login: a short-lived session token and who it signs in. */
export interface LoginAnswer {
  /** Sent back as `Authorization: Bearer <token>` on REST and as the socket's auth token. */
  token: string;
  /** Epoch ms. */
  expiresAt: number;
  session: SessionInfo;
}

/** Data of GET /api/auth/session: who the token (or trusted proxy) says the caller is. */
export interface SessionAnswer {
  session: SessionInfo;
  /** Epoch ms of a password session's end; null for display links and trusted-proxy identities. */
  expiresAt: number | null;
}

/** Data of POST /api/auth/logout: the token stopped working and its sockets were closed. */
export interface LogoutAnswer {
  signedOut: true;
}

/** An entry of GET /api/queues: a queue the session may see and subscribe to. */
export interface QueueRef {
  id: number;
  /** The PBX's queue number; empty until the queue's first poll. */
  number: string;
  name: string;
}

/** A demo account the login page may name: its password is its username, public by design. */
export interface DemoAccount {
  username: string;
  role: Role;
}

/** Data of GET /api/auth/options: what the login page may say before anyone signs in. */
export interface AuthOptionsAnswer {
  /** The demo accounts while demo users are active (no USERS, demo simulator); empty otherwise. */
  demoAccounts: DemoAccount[];
}

/** How a display link's wallboard looks: the wallboard URL options it opens with. */
export interface DisplayBoardOptions {
  theme: 'dark' | 'light';
  /** Seconds between boards (5 to 3600); null = no rotation. */
  rotateSec: number | null;
  /** Beep when a figure turns critical. */
  sound: boolean;
}

/** The board options of a link created without any. */
export const DEFAULT_DISPLAY_BOARD: Readonly<DisplayBoardOptions> = Object.freeze({
  theme: 'dark',
  rotateSec: null,
  sound: false,
});

/** Rotation bounds of {@link DisplayBoardOptions.rotateSec}: faster would not let anyone read a board. */
export const DISPLAY_ROTATE_SEC = Object.freeze({ min: 5, max: 3600 });

/**
 * The wallboard path (with query) a display link opens: the token and the link's board options, in the
 * wallboard's own URL options. The only place that spells a display link's URL.
 */
export function displayLinkPath(token: string, board: DisplayBoardOptions): string {
  const query = new URLSearchParams({ display: token });
  if (board.theme !== DEFAULT_DISPLAY_BOARD.theme) query.set('theme', board.theme);
  if (board.rotateSec !== null) query.set('rotate', String(board.rotateSec));
  if (board.sound) query.set('sound', '1');
  return `/wallboard?${query.toString()}`;
}

/** Body of POST /api/display-tokens. */
export interface DisplayTokenRequest {
  /** 1 to 64 characters. */
  name: string;
  /** 1 to 200 queue ids. */
  queues: number[];
  /** Omitted: {@link DEFAULT_DISPLAY_BOARD}. */
  board?: DisplayBoardOptions;
}

/**
 * Reads a POST /api/display-tokens body: a name of 1 to 64 characters, 1 to 200 queue ids (repeats dropped),
 * and optional board options (each bad option named, unknown ones refused).
 */
export function parseDisplayTokenRequest(body: unknown): Result<DisplayTokenRequest> {
  const r = new PayloadReader(body);
  const rawName = r.input['name'];
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  if (name === '' || name.length > 64) r.problem('name', 'is required: 1 to 64 characters');
  const queues = r.input['queues'];
  const validQueues =
    Array.isArray(queues) &&
    queues.length > 0 &&
    queues.length <= 200 &&
    queues.every((q) => typeof q === 'number' && Number.isInteger(q) && q > 0);
  if (!validQueues) r.problem('queues', 'must be a list of 1 to 200 queue ids (positive integers)');
  const board = readBoard(r);
  // Only a valid list is spread: anything else is refused above, and may not even be iterable.
  const unique = validQueues ? [...new Set(queues as number[])] : [];
  return r.result({ name, queues: unique, ...(board ? { board } : {}) });
}

/** The board options of a display-link request (absent: none, so the defaults). */
function readBoard(r: PayloadReader): DisplayBoardOptions | undefined {
  const input = r.input['board'];
  if (input === undefined) return undefined;
  if (!isPlainObject(input)) {
    r.problem('board', 'must be an object {theme, rotateSec, sound}');
    return undefined;
  }
  const { theme = DEFAULT_DISPLAY_BOARD.theme, rotateSec = null, sound = false } = input;
  const { min, max } = DISPLAY_ROTATE_SEC;
  const before = r.problems.length;
  if (theme !== 'dark' && theme !== 'light') r.problem('board.theme', 'must be dark or light');
  if (
    rotateSec !== null &&
    !(Number.isInteger(rotateSec) && Number(rotateSec) >= min && Number(rotateSec) <= max)
  )
    r.problem('board.rotateSec', `must be null (no rotation) or whole seconds from ${min} to ${max}`);
  if (typeof sound !== 'boolean') r.problem('board.sound', 'must be true or false');
  const unknown = Object.keys(input).filter((key) => !['theme', 'rotateSec', 'sound'].includes(key));
  if (unknown.length > 0) r.problem('board', `has unknown options: ${unknown.join(', ')}`);
  if (r.problems.length > before) return undefined;
  return {
    theme: theme as DisplayBoardOptions['theme'],
    rotateSec: rotateSec as number | null,
    sound: sound as boolean,
  };
}

/** A display link as GET /api/display-tokens lists it: never its token. */
export interface DisplayTokenView {
  id: string;
  name: string;
  queues: number[];
  board: DisplayBoardOptions;
  createdBy: string;
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms of the last time a screen used the link (recorded at most once a minute); null = never. */
  lastUsedAt: number | null;
}

/** Data of POST /api/display-tokens: the only answer that carries the token. */
export interface DisplayTokenCreated {
  token: string;
  /** The wallboard path (token and board options) to open on the TV: {@link displayLinkPath}. */
  path: string;
  display: DisplayTokenView;
}

/** Data of DELETE /api/display-tokens/:id. */
export interface DisplayTokenRevoked {
  /** The id of the revoked link. */
  revoked: string;
}

/** A REST error: a {@link ResultError}, with what some routes add for the caller to act on. */
export interface RestError extends ResultError {
  /** `rate_limited` from POST /api/pbx/...: seconds until the PBX request budget has room (also Retry-After). */
  retryAfterSec?: number;
  /** `pbx_error`: the PBX's own errcode. */
  errcode?: number;
  /** `pbx_error`: the PBX's own message. */
  errmsg?: string;
  /** `pbx_error`: the parameters the PBX named, as it spells them. */
  invalidParams?: readonly { field?: string; value?: string; validation_type?: string }[];
}

/** The answer of every /api route: data, or a {@link RestError}. */
export type RestResult<T> = { ok: true; data: T } | { ok: false; error: RestError };

/** Answer of POST /api/pbx/<resource>/<action>: the PBX's answer to the operation, as pbx-api returns it. */
export type AdminPbxAnswer = RestResult<unknown>;

/** What /readyz and /metrics say about one gateway when several share one PBX through Redis (REDIS_URL). */
export interface ClusterStatusView {
  /** This process's id in the cluster. */
  replica: string;
  role: 'leader' | 'follower';
  /** The replica holding the lease, when known. */
  leader: string | null;
  /** The fencing token of this replica's lease while it leads. */
  token: number | null;
  redis: 'up' | 'down';
}

/** Answer of GET /healthz: the process is up. */
export interface LivenessAnswer {
  status: 'ok';
  uptimeSec: number;
}

/** Answer of GET /readyz: 200 with `ready` while the PBX is reachable, 503 with `unavailable` otherwise. */
export interface ReadinessAnswer {
  status: 'ready' | 'unavailable';
  pbx: HealthView;
  /** Only in a cluster. */
  cluster?: ClusterStatusView;
  /**
   * Only with socket workers (SOCKET_WORKERS): how many are configured and how many take sockets now. While
   * none does, the primary serves browsers itself, so this never makes the gateway unready.
   */
  workers?: SocketWorkersView;
}

/** The socket workers of one gateway, for /readyz. */
export interface SocketWorkersView {
  configured: number;
  ready: number;
}
