import {
  isStreamId,
  type AuditEntryView,
  type HeldCallView,
  type QueueView,
  type Snapshot,
  type UacstaCallView,
} from '@switchboard/live-protocol';
import { PBX_OPERATIONS } from '@switchboard/pbx-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_PBX_OPERATIONS as PRIVATE_OPERATIONS } from '@switchboard/live-protocol';
import { DisplayTokensService } from '../src/auth/display-tokens.service.js';
import { TokenSigner } from '../src/auth/token-signer.js';
import { startGateway, type RunningGateway } from '../src/create-app.js';
import { PbxConnectionService } from '../src/pbx/pbx-connection.service.js';
import { QueuesService } from '../src/queues/queues.service.js';
import { contractKeys, registeredRoutes, subscribedMessages } from './support/access-inventory.js';
import { displayTokenFor, passwordOf, testUsersEnv, tokenFor } from './support/auth-fixtures.js';
import { waitFor } from './support/command-client.js';
import { HandshakeRefused, LiveWire, type WireOptions } from './support/live-wire.js';
import { sendRaw, type RawAnswer } from './support/raw-http.js';
import { errorOf, resultShapeProblem } from './support/result-shape.js';
import { startSimulator, type RunningSimulator } from './support/simulator.js';
import { testConfig, pbxEnv } from './support/test-config.js';

/**
 * Every way of calling the gateway, one column each:
 * - admin, sup (supervisor of every queue), supq (supervisor of queue 1), view (viewer): session tokens;
 * - disp: a display link of queue 1;
 * - pxAdm, pxSupq: identities set by the trusted proxy (groups sb-admins, sb-q1);
 * - pxUntr: pxAdm's identity headers from a peer that is not a trusted proxy (127.0.0.2);
 * - bad tokens: expired, loggedOut (a session after logout), dispRevoked (a revoked display link), forged
 *   (a viewer's token with its claims changed to admin), otherKey (signed with another AUTH_SECRET), none.
 */
const COLUMNS = [
  'admin',
  'sup',
  'supq',
  'view',
  'disp',
  'pxAdm',
  'pxSupq',
  'pxUntr',
  'expired',
  'loggedOut',
  'dispRevoked',
  'forged',
  'otherKey',
  'none',
] as const;
type Column = (typeof COLUMNS)[number];

/**
 * THE authorization matrix: every registered REST route, every socket command of the contract, every stream id
 * form and every scoped item, against every column. A cell is what that caller gets:
 *   ok              a success (2xx, or a Result with ok: true)
 *   400 401 403 404 409 502   an error in the one shape: invalid_payload (the caller passed the gate and
 *                   the probe's body is what is refused), unauthorized, forbidden, not_found, conflict,
 *                   pbx_error (passed every check and reached the PBX, which refused)
 *   grant / deny    a stream in the subscribe answer's granted / denied list (resync agrees)
 *   sees / hides    a scoped item (held call, desk-phone call, queue, audit entry) is / is not shown
 * For socket rows, 401 in a bad-token column is the handshake refused with `unauthorized`.
 * A route, command or stream form without a row fails the first test; so does a row for something gone.
 * Lines starting with # are comments on the row below.
 */
const MATRIX = `
row                                                               admin sup   supq  view  disp  pxAdm pxSupq pxUntr expired loggedOut dispRevoked forged otherKey none
GET /healthz                                                      ok    ok    ok    ok    ok    ok    ok     ok     ok      ok        ok          ok     ok       ok
GET /readyz                                                       ok    ok    ok    ok    ok    ok    ok     ok     ok      ok        ok          ok     ok       ok
GET /metrics                                                      ok    ok    ok    ok    ok    ok    ok     ok     ok      ok        ok          ok     ok       ok
GET /api/queues                                                   ok    ok    ok    ok    ok    ok    ok     401    401     401       401         401    401      401
POST /api/auth/login                                              ok    ok    ok    ok    ok    ok    ok     ok     ok      ok        ok          ok     ok       ok
# Open to everyone by design: the login page asks it before sign-in; it only names active demo accounts.
GET /api/auth/options                                             ok    ok    ok    ok    ok    ok    ok     ok     ok      ok        ok          ok     ok       ok
GET /api/auth/session                                             ok    ok    ok    ok    ok    ok    ok     401    401     401       401         401    401      401
POST /api/auth/logout                                             ok    ok    ok    ok    ok    ok    ok     401    401     401       401         401    401      401
POST /api/display-tokens                                          ok    403   403   403   403   ok    403    401    401     401       401         401    401      401
GET /api/display-tokens                                           ok    403   403   403   403   ok    403    401    401     401       401         401    401      401
DELETE /api/display-tokens/:id                                    404   403   403   403   403   404   403    401    401     401       401         401    401      401
GET /api/audit                                                    ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
POST /api/pbx/:resource/:action                                   ok    403   403   403   403   ok    403    401    401     401       401         401    401      401
POST /api/pbx/:resource/:action, every admin operation            400   403   403   403   403   400   403    401    401     401       401         401    401      401
# recording/download: a private operation whose name fits the admin route: refused to all but admins, unknown to admins.
POST /api/pbx/:resource/:action, every private PBX operation      404   403   403   403   403   404   403    401    401     401       401         401    401      401
GET /api/pbx-config/inbound-routes                                ok    403   403   403   403   ok    403    401    401     401       401         401    401      401
GET /api/docs                                                     ok    ok    ok    ok    ok    ok    ok     ok     ok      ok        ok          ok     ok       ok
GET /api/docs/                                                    ok    ok    ok    ok    ok    ok    ok     ok     ok      ok        ok          ok     ok       ok
GET /api/docs/index.html                                          ok    ok    ok    ok    ok    ok    ok     ok     ok      ok        ok          ok     ok       ok
# Swagger registers it, but its file is not in the installed swagger-ui-dist: a 404 for everyone.
GET /api/docs/LICENSE                                             404   404   404   404   404   404   404    404    404     404       404         404    404      404
GET /api/docs/swagger-ui-init.js                                  ok    ok    ok    ok    ok    ok    ok     ok     ok      ok        ok          ok     ok       ok
GET /api/docs/docs/swagger-ui-init.js                             ok    ok    ok    ok    ok    ok    ok     ok     ok      ok        ok          ok     ok       ok
GET /api/docs-json                                                ok    ok    ok    ok    ok    ok    ok     ok     ok      ok        ok          ok     ok       ok
ALL /{*splat}                                                     404   404   404   404   404   404   404    404    404     404       404         404    404      404
# get_token, refresh_token, del_token: the gateway's own PBX credentials; no route leads to them.
ALL /{*splat}, every private PBX operation                        404   404   404   404   404   404   404    404    404     404       404         404    404      404
# Call history: supervisors and admins (supervisors see their queues' calls); viewers and display links never.
# :id rows probe a well-formed id no record has (NO_SUCH_CALL).
GET /api/calls/options                                            ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
GET /api/calls                                                    ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
POST /api/calls/export-link                                       ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
# Authorised by a ticket from export-link, never by a Bearer token: without one, 401 for all.
GET /api/calls/export.csv                                         401   401   401   401   401   401   401    401    401     401       401         401    401      401
GET /api/calls/:id                                                404   404   404   403   403   404   404    401    401     401       401         401    401      401
GET /api/calls/:id/transcript                                     404   404   404   403   403   404   404    401    401     401       401         401    401      401
POST /api/calls/:id/recording-link                                404   404   404   403   403   404   404    401    401     401       401         401    401      401
# Authorised by a ticket from recording-link only: without one, 401 for all.
GET /api/calls/:id/recording                                      401   401   401   401   401   401   401    401    401     401       401         401    401      401
# The day in intervals: everyone who sees the queue, display links too (a TV's interval tile); out of scope is unknown.
GET /api/queues/:id/intervals                                     ok    ok    ok    ok    ok    ok    ok     401    401     401       401         401    401      401
GET /api/queues/:id/intervals, queue 2                            ok    ok    404   ok    404   ok    404    401    401     401       401         401    401      401
# Per-agent figures and the day reports: supervisors and admins, of their queues; nobody's performance on a TV.
GET /api/queues/:id/agents                                        ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
GET /api/queues/:id/agents, queue 2                               ok    ok    404   403   403   ok    404    401    401     401       401         401    401      401
GET /api/reports/intervals.csv                                    ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
GET /api/reports/intervals.csv, queue 2                           ok    ok    404   403   403   ok    404    401    401     401       401         401    401      401
GET /api/reports/agents.csv                                       ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
GET /api/reports/agents.csv, queue 2                              ok    ok    404   403   403   ok    404    401    401     401       401         401    401      401
# Contact points: admins only. Incidents: supervisors and admins (of their queues). Acknowledge links: open to
# anyone holding one (the signed token is the key; a bogus one is unknown). Web push: supervisors and admins;
# a notification's decision is authorised by its action token alone (a bogus one is 401 for everyone).
GET /api/alert-channels                                           ok    403   403   403   403   ok    403    401    401     401       401         401    401      401
POST /api/alert-channels                                          ok    403   403   403   403   ok    403    401    401     401       401         401    401      401
POST /api/alert-channels/:id/test                                 404   403   403   403   403   404   403    401    401     401       401         401    401      401
GET /api/alert-channels/:id/deliveries                            404   403   403   403   403   404   403    401    401     401       401         401    401      401
DELETE /api/alert-channels/:id                                    404   403   403   403   403   404   403    401    401     401       401         401    401      401
GET /api/incidents                                                ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
POST /api/incidents/:id/acknowledge                               404   404   404   403   403   404   404    401    401     401       401         401    401      401
POST /api/acknowledge-link                                        404   404   404   404   404   404   404    404    404     404       404         404    404      404
POST /api/acknowledge-link/acknowledge                            404   404   404   404   404   404   404    404    404     404       404         404    404      404
GET /api/push/vapid-public-key                                    ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
POST /api/push/subscriptions                                      ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
DELETE /api/push/subscriptions                                    404   404   404   403   403   404   404    401    401     401       401         401    401      401
POST /api/push/held-call-decision                                 401   401   401   401   401   401   401    401    401     401       401         401    401      401
socket handshake                                                  ok    ok    ok    ok    ok    ok    ok     401    401     401       401         401    401      401
subscribe                                                         ok    ok    ok    ok    ok    ok    ok     401    401     401       401         401    401      401
unsubscribe                                                       ok    ok    ok    ok    ok    ok    ok     401    401     401       401         401    401      401
resync                                                            ok    ok    ok    ok    ok    ok    ok     401    401     401       401         401    401      401
inbound:decide, no such call                                      404   404   404   403   403   404   404    401    401     401       401         401    401      401
conference:kick, no such conference                               502   502   403   403   403   502   403    401    401     401       401         401    401      401
uacsta:refuse, agent of queue 1                                   404   404   404   403   403   404   404    401    401     401       401         401    401      401
uacsta:refuse, agent of queue 2                                   404   404   403   403   403   404   403    401    401     401       401         401    401      401
agent:login, agent of queue 1                                     ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
agent:login, agent of queue 2                                     ok    ok    403   403   403   ok    403    401    401     401       401         401    401      401
agent:pause, agent of queue 1                                     ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
agent:pause, agent of queue 2                                     ok    ok    403   403   403   ok    403    401    401     401       401         401    401      401
agent:pause-reasons                                               ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
# Undo of a block: only a call on the board can have one; viewers and display links never get that far.
inbound:unblock, no such call                                     404   404   404   403   403   404   404    401    401     401       401         401    401      401
call:listen, agent of queue 1                                     404   404   404   403   403   404   404    401    401     401       401         401    401      401
call:listen, agent of queue 2                                     404   404   403   403   403   404   403    401    401     401       401         401    401      401
audit:recent                                                      ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
audit:follow                                                      ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
monitor:check, an extension of the PBX                            ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
# Nobody's monitor runs: each stop answers that it has none to stop.
call:monitor-stop                                                 404   404   404   403   403   404   404    401    401     401       401         401    401      401
calls:watch, no such call                                         404   404   404   403   403   404   404    401    401     401       401         401    401      401
calls:unwatch                                                     ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
stream queue:1                                                    grant grant grant grant grant grant grant  401    401     401       401         401    401      401
stream queue:2                                                    grant grant deny  grant deny  grant deny   401    401     401       401         401    401      401
stream queue:99                                                   deny  deny  deny  deny  deny  deny  deny   401    401     401       401         401    401      401
stream inbound                                                    grant grant deny  deny  deny  grant deny   401    401     401       401         401    401      401
stream inbound:1                                                  grant grant grant deny  deny  grant grant  401    401     401       401         401    401      401
stream inbound:2                                                  grant grant deny  deny  deny  grant deny   401    401     401       401         401    401      401
stream uacsta                                                     grant grant deny  deny  deny  grant deny   401    401     401       401         401    401      401
stream uacsta:1                                                   grant grant grant deny  deny  grant grant  401    401     401       401         401    401      401
stream uacsta:2                                                   grant grant deny  deny  deny  grant deny   401    401     401       401         401    401      401
stream conferences                                                grant grant deny  grant deny  grant deny   401    401     401       401         401    401      401
# The same two against a gateway with CONFERENCE_ACCESS=signed-in: every signed-in person, never a display link.
stream conferences, CONFERENCE_ACCESS=signed-in                   grant grant grant grant deny  grant grant  401    401     401       401         401    401      401
conference:kick, no such conference, CONFERENCE_ACCESS=signed-in  502   502   502   403   403   502   502    401    401     401       401         401    401      401
stream health                                                     grant grant grant grant grant grant grant  401    401     401       401         401    401      401
item queue 2 in GET /api/queues                                   sees  sees  hides sees  hides sees  hides  401    401     401       401         401    401      401
item held call routed to queue 1                                  sees  sees  sees  deny  deny  sees  sees   401    401     401       401         401    401      401
item held call routed to queue 2                                  sees  sees  hides deny  deny  sees  hides  401    401     401       401         401    401      401
item inbound:decide, held call of queue 1                         ok    ok    ok    403   403   ok    ok     401    401     401       401         401    401      401
# A call out of the caller's scope is answered as if it did not exist.
item inbound:decide, held call of queue 2                         ok    ok    404   403   403   ok    404    401    401     401       401         401    401      401
item desk-phone call of an agent of queue 1                       sees  sees  sees  deny  deny  sees  sees   401    401     401       401         401    401      401
item desk-phone call of an agent of queue 2                       sees  sees  hides deny  deny  sees  hides  401    401     401       401         401    401      401
item audit entry by admin about queue 1                           sees  sees  sees  403   403   sees  sees   401    401     401       401         401    401      401
item audit entry by admin about queue 2                           sees  sees  hides 403   403   sees  hides  401    401     401       401         401    401      401
item audit entry by admin about no queue                          sees  sees  hides 403   403   sees  hides  401    401     401       401         401    401      401
item own audit entry                                              sees  sees  sees  403   403   sees  sees   401    401     401       401         401    401      401
`;

/** The table read: row name -> column -> expected cell. */
function readMatrix(text: string): Map<string, Record<Column, string>> {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const header = (lines.shift() ?? '').split(/\s+/).slice(1);
  if (header.join(' ') !== COLUMNS.join(' ')) throw new Error(`matrix header ${header.join(' ')}`);
  const rows = new Map<string, Record<Column, string>>();
  for (const line of lines) {
    const words = line.split(/\s+/);
    const cells = words.slice(-COLUMNS.length);
    const name = words.slice(0, -COLUMNS.length).join(' ');
    if (cells.length !== COLUMNS.length || name === '') throw new Error(`matrix row "${line}" is short`);
    if (rows.has(name)) throw new Error(`matrix row "${name}" twice`);
    rows.set(
      name,
      Object.fromEntries(COLUMNS.map((column, i) => [column, cells[i]])) as Record<Column, string>,
    );
  }
  return rows;
}

const ROWS = readMatrix(MATRIX);

/** The stream id of a `stream <id>[, <configuration>]` row. */
const streamOf = (row: string) => row.slice('stream '.length).split(',')[0] ?? '';

/** The cell of an error code; with the statuses REST may answer it with. */
const CELL_OF_CODE: Record<string, { cell: string; statuses: number[] }> = {
  invalid_payload: { cell: '400', statuses: [400, 413, 415] },
  unauthorized: { cell: '401', statuses: [401] },
  forbidden: { cell: '403', statuses: [403] },
  not_found: { cell: '404', statuses: [404] },
  conflict: { cell: '409', statuses: [409] },
  rate_limited: { cell: '429', statuses: [429] },
  pbx_error: { cell: '502', statuses: [502] },
  pbx_unavailable: { cell: '503', statuses: [503] },
  internal: { cell: '500', statuses: [500] },
};

/** The cell a REST answer fills: ok for 2xx, else its code's cell (and the shape and status must agree). */
function restCell(answer: RawAnswer): string {
  if (answer.status >= 200 && answer.status < 300) return 'ok';
  const problem = resultShapeProblem(answer.body);
  if (problem) return `HTTP ${answer.status}, ${problem}`;
  const code = errorOf(answer.body)?.code ?? 'internal';
  const known = CELL_OF_CODE[code];
  if (!known?.statuses.includes(answer.status)) return `HTTP ${answer.status} with ${code}`;
  return known.cell;
}

/** The cell a socket answer fills. */
function socketCell(answer: unknown): string {
  const problem = resultShapeProblem(answer);
  if (problem) return `not a Result: ${problem}`;
  const error = errorOf(answer);
  return error ? (CELL_OF_CODE[error.code]?.cell ?? error.code) : 'ok';
}

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** A cell whose answer differed from the table. */
interface Mismatch {
  row: string;
  column: Column;
  expected: string;
  got: string;
  probe: string;
}

/** Columns whose token is made once per gateway (a display link and a logout live in its DATA_DIR). */
type FixedColumn = 'disp' | 'expired' | 'loggedOut' | 'dispRevoked' | 'forged' | 'otherKey';

/** A gateway under test, with its columns' fixed tokens and one socket per column that could connect. */
interface Target {
  gateway: RunningGateway;
  url: string;
  fixed: Record<FixedColumn, string>;
  wires: Map<Column, LiveWire>;
  /** `ok`, or the cell of the handshake's refusal. */
  handshake: Map<Column, string>;
}

/** Rows ending in this run against a second gateway configured so; every other row against the first. */
const SIGNED_IN = 'CONFERENCE_ACCESS=signed-in';

describe('authorization matrix: every route, command, stream and scoped item × every role, scope and token', () => {
  let sim: RunningSimulator;
  let main: Target;
  let signedIn: Target;
  let gateway: RunningGateway;
  let url: string;
  const mismatches: Mismatch[] = [];
  let cellsChecked = 0;
  /** Agents (extension numbers) of queue 1 but not 2, and of 2 but not 1, that are dynamic agents too. */
  const agent = { q1: '', q2: '' };
  const targetOf = (row: string) => (row.endsWith(`, ${SIGNED_IN}`) ? signedIn : main);

  const check = (row: string, column: Column, got: string, probe: string) => {
    const expected = ROWS.get(row)?.[column];
    cellsChecked++;
    if (expected !== got) mismatches.push({ row, column, expected: expected ?? '(no row)', got, probe });
  };

  const proxyAdmin = { 'x-forwarded-user': 'pat', 'x-forwarded-groups': 'sb-admins' };
  /** The credentials of a column, fresh for every request (a logout probe ends the token it used). */
  const credentials = (
    column: Column,
    target = main,
  ): { headers: Record<string, string>; token?: string; localAddress?: string } => {
    const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, token });
    switch (column) {
      case 'admin':
      case 'sup':
      case 'supq':
      case 'view':
        return bearer(tokenFor(target.gateway, column));
      case 'pxAdm':
        return { headers: proxyAdmin };
      case 'pxSupq':
        return { headers: { 'x-forwarded-user': 'quinn', 'x-forwarded-groups': 'sb-q1' } };
      case 'pxUntr':
        return { headers: proxyAdmin, localAddress: '127.0.0.2' };
      case 'none':
        return { headers: {} };
      default:
        return bearer(target.fixed[column]);
    }
  };

  /** One REST request as `column`, from a page of the gateway's own origin (as the dashboard sends it). */
  const restAs = (column: Column, method: string, path: string, body?: unknown): Promise<RawAnswer> => {
    const { headers, localAddress } = credentials(column);
    return sendRaw(url, {
      method,
      path,
      headers: {
        origin: url,
        ...headers,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(localAddress ? { localAddress } : {}),
    });
  };

  const wireOptions = (column: Column, target: Target): WireOptions => {
    const { headers, token, localAddress } = credentials(column, target);
    const { authorization: _bearer, ...identity } = headers;
    return {
      headers: { origin: target.url, ...identity },
      ...(token !== undefined ? { token } : {}),
      ...(localAddress ? { localAddress } : {}),
    };
  };

  /** The columns whose socket connected (the others fill socket rows with their handshake refusal). */
  const connected = () => COLUMNS.filter((column) => main.wires.has(column));

  /** Makes a gateway's fixed tokens and connects every column's socket. */
  const prepare = async (target: RunningGateway): Promise<Target> => {
    const signer = target.app.get(TokenSigner);
    const [version, body, signature] = tokenFor(target, 'view').split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as Record<string, unknown>;
    const revoked = await displayTokenFor(target, [1]);
    await target.app.get(DisplayTokensService).revoke(revoked.id);
    const loggedOut = tokenFor(target, 'admin');
    const logout = await sendRaw(target.url, {
      method: 'POST',
      path: '/api/auth/logout',
      headers: { authorization: `Bearer ${loggedOut}` },
    });
    expect(logout.status).toBe(200);
    const prepared: Target = {
      gateway: target,
      url: target.url,
      fixed: {
        disp: (await displayTokenFor(target, [1])).token,
        expired: signer.issue('session', 'admin', -60_000).token,
        loggedOut,
        dispRevoked: revoked.token,
        // A viewer's token with its claims made admin's, under the viewer's signature.
        forged: `${version}.${Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url')}.${signature}`,
        otherKey: new TokenSigner('matrix-another-key-matrix-another-key-00').issue(
          'session',
          'admin',
          3_600_000,
        ).token,
      },
      wires: new Map(),
      handshake: new Map(),
    };
    for (const column of COLUMNS) {
      try {
        prepared.wires.set(column, await LiveWire.connect(target.url, wireOptions(column, prepared)));
        prepared.handshake.set(column, 'ok');
      } catch (error) {
        const code = error instanceof HandshakeRefused ? error.code : undefined;
        prepared.handshake.set(column, code ? (CELL_OF_CODE[code]?.cell ?? code) : String(error));
      }
    }
    return prepared;
  };

  /** Current data of a stream as `column` sees it (resync answers a snapshot), or undefined when refused. */
  const streamData = async <T>(column: Column, stream: string): Promise<T[] | undefined> => {
    const wire = main.wires.get(column);
    if (!wire) return undefined;
    const answer = (await wire.request('resync', { stream })) as
      { ok: true; data: Snapshot } | { ok: false; error: { code: string } };
    if (answer.ok) return answer.data.data as T[];
    return answer.error.code === 'not_found' ? [] : undefined;
  };

  /** Whether `column` sees an item on any stream of `kind` (whole or per queue) it may watch. */
  const seesOnCallStreams = async <T>(
    column: Column,
    kind: 'inbound' | 'uacsta',
    matches: (item: T) => boolean,
  ): Promise<string> => {
    const refused = main.handshake.get(column);
    if (refused !== 'ok') return refused ?? 'no handshake';
    let granted = false;
    for (const stream of [kind, `${kind}:1`, `${kind}:2`]) {
      if (!isStreamId(stream)) continue;
      const data = await streamData<T>(column, stream);
      if (data === undefined) continue;
      granted = true;
      if (data.some(matches)) return 'sees';
    }
    return granted ? 'hides' : 'deny';
  };

  beforeAll(async () => {
    sim = await startSimulator({ scenario: 'contact-center', trafficRate: 0, seed: 7, holdWindowMs: 30_000 });
    const env = {
      ...pbxEnv(sim.url),
      PBX_HOLD_WINDOW_MS: '30000',
      PBX_MAX_REQUESTS_PER_SECOND: '200',
      QUEUES: '1,2',
      POLL_QUEUES_MS: '500',
      COMMANDS_PER_SECOND: '1000',
      TRUSTED_PROXIES: '127.0.0.1',
      PROXY_GROUPS: JSON.stringify({
        'sb-admins': { role: 'admin', queues: 'all' },
        'sb-q1': { role: 'supervisor', queues: [1] },
      }),
      ...(await testUsersEnv()),
    };
    const [first, second] = await Promise.all([
      startGateway(testConfig(env)),
      startGateway(testConfig({ ...env, CONFERENCE_ACCESS: 'signed-in' })),
    ]);
    gateway = first;
    url = first.url;
    const queues = gateway.app.get(QueuesService);
    const ready = (target: RunningGateway) => {
      const views = target.app.get(QueuesService);
      return (
        views.view(1) && views.view(2) && target.app.get(PbxConnectionService).health.eventStream === 'open'
      );
    };
    await waitFor(
      () => ready(first) && ready(second),
      'the first polls of queues 1 and 2 and the event streams',
      15_000,
    );
    [main, signedIn] = await Promise.all([prepare(first), prepare(second)]);

    // Agents of one of the two queues only, dynamic agents there, so log-in, listen and refuse have a target.
    const list = await restAs('admin', 'POST', '/api/pbx/queue/list', {});
    const summaries = (
      list.body as { data: { queue_list: { id: number; dynamic_agent_list?: { text2: string }[] }[] } }
    ).data.queue_list;
    const dynamic = (id: number) =>
      new Set(summaries.find((q) => q.id === id)?.dynamic_agent_list?.map((a) => a.text2));
    const agents = (id: number) => new Set((queues.view(id) as QueueView).agents.map((a) => a.number));
    const only = (id: number, other: number) =>
      [...agents(id)].find(
        (number) => !agents(other).has(number) && dynamic(id).has(number) && !dynamic(other).has(number),
      );
    agent.q1 = only(1, 2) ?? '';
    agent.q2 = only(2, 1) ?? '';
    expect(agent, 'a dynamic agent of queue 1 only and one of queue 2 only').toEqual({
      q1: expect.stringMatching(/^\d+$/) as string,
      q2: expect.stringMatching(/^\d+$/) as string,
    });
  }, 60_000);

  afterAll(async () => {
    for (const target of [main, signedIn]) for (const wire of target?.wires.values() ?? []) wire.close();
    await Promise.all([main?.gateway.close(), signedIn?.gateway.close()]);
    await sim?.stop();
    if (mismatches.length > 0)
      console.log(
        `authorization matrix: ${mismatches.length} cells differ from the table:\n${mismatches
          .map((m) => `  ${m.row} × ${m.column}: expected ${m.expected}, got ${m.got}  [${m.probe}]`)
          .join('\n')}`,
      );
    console.log(
      `authorization matrix: ${ROWS.size} rows × ${COLUMNS.length} columns = ${ROWS.size * COLUMNS.length} cells in the table; ${cellsChecked} cells checked (every PBX operation counted), ${mismatches.length} differ`,
    );
  });

  it('has one row for every registered route, socket command and stream id form, and none for anything gone', () => {
    const problems: string[] = [];
    const routes = registeredRoutes(gateway.app);
    const routeKeys = new Set(routes.map((route) => `${route.method} ${route.path}`));
    for (const key of routeKeys)
      if (!ROWS.has(key)) problems.push(`route ${key} has no row: add one with a rule per column`);
    const restRows = [...ROWS.keys()].filter((row) => /^(GET|POST|PUT|PATCH|DELETE|ALL) /.test(row));
    for (const row of restRows) {
      const route = row.split(',')[0] ?? row;
      // ALL /{*splat} stands for every path no route serves; it needs no registered route of its own.
      if (!routeKeys.has(route) && route !== 'ALL /{*splat}')
        problems.push(`row "${row}": no route ${route} is registered any more`);
      if (!REST_PROBES[row]) problems.push(`row "${row}" has no probe`);
    }

    const commands = contractKeys('socket-events.ts', 'ClientToServerEvents');
    const handled = subscribedMessages(gateway.app);
    for (const command of commands) {
      if (![...ROWS.keys()].some((row) => row === command || row.startsWith(`${command}, `)))
        problems.push(`socket command ${command} has no row`);
      if (!handled.includes(command))
        problems.push(`socket command ${command} has no @SubscribeMessage handler`);
    }
    for (const message of handled)
      if (!commands.includes(message))
        problems.push(`handler for "${message}", which ClientToServerEvents lacks`);
    for (const row of ROWS.keys()) {
      const command = row.split(',')[0] ?? row;
      if (/^[a-z]+(:[a-z]+)?(, |$)/.test(row) && !row.startsWith('stream ') && !row.startsWith('item ')) {
        if (!commands.includes(command))
          problems.push(`row "${row}": ${command} is not a command of the contract`);
        if (!SOCKET_PROBES[row]) problems.push(`row "${row}" has no probe`);
      }
    }

    const kinds = contractKeys('streams.ts', 'StreamTypes');
    const forms = kinds.flatMap((kind) => [
      ...(isStreamId(kind) ? [kind] : []),
      ...(isStreamId(`${kind}:1`) ? [`${kind}:1`, `${kind}:2`] : []),
    ]);
    for (const kind of kinds)
      if (!forms.some((form) => form === kind || form.startsWith(`${kind}:`)))
        problems.push(`stream kind ${kind} has no id form`);
    for (const form of forms) if (!ROWS.has(`stream ${form}`)) problems.push(`stream ${form} has no row`);
    for (const row of ROWS.keys())
      if (row.startsWith('stream ') && !isStreamId(streamOf(row)))
        problems.push(`row "${row}" is not a stream id any more`);

    console.log(
      `authorization matrix inventory: ${routeKeys.size} registered routes, ${commands.length} socket commands (${handled.length} handled), ${kinds.length} stream kinds in ${forms.length} id forms, ${ROWS.size} rows`,
    );
    expect(problems).toEqual([]);
  });

  /** What each REST row sends (the route's own path where it has no parameter). */
  const REST_PROBES: Record<string, (column: Column) => Promise<{ answer: RawAnswer; probe: string }>> = {};
  const restProbe = (row: string, method: string, path: string, body?: unknown) => {
    REST_PROBES[row] = async (column) => ({
      answer: await restAs(column, method, path, body),
      probe: `${method} ${path}${body !== undefined ? ` ${JSON.stringify(body)}` : ''}`,
    });
  };
  for (const row of ROWS.keys()) {
    const match = /^(GET|POST|PUT|PATCH|DELETE) (\/[^\s,:{]*)$/.exec(row);
    if (match?.[1] && match[2]) restProbe(row, match[1], match[2]);
  }
  restProbe('POST /api/auth/login', 'POST', '/api/auth/login', {
    username: 'view',
    password: passwordOf('view'),
  });
  restProbe('POST /api/auth/logout', 'POST', '/api/auth/logout', {});
  restProbe('POST /api/display-tokens', 'POST', '/api/display-tokens', { name: 'Matrix TV', queues: [1] });
  restProbe('DELETE /api/display-tokens/:id', 'DELETE', '/api/display-tokens/matrix-no-such-link');
  restProbe('GET /api/audit', 'GET', '/api/audit?limit=5');
  restProbe('POST /api/pbx/:resource/:action', 'POST', '/api/pbx/queue/list', {});
  restProbe('ALL /{*splat}', 'GET', '/api/matrix/no-such-route');
  // A well-formed call id no record has (the call records hold nothing from 1 January 2001).
  const NO_SUCH_CALL = '978307200-matrix0';
  restProbe('GET /api/calls/:id', 'GET', `/api/calls/${NO_SUCH_CALL}`);
  restProbe('GET /api/calls/:id/transcript', 'GET', `/api/calls/${NO_SUCH_CALL}/transcript`);
  restProbe('POST /api/calls/:id/recording-link', 'POST', `/api/calls/${NO_SUCH_CALL}/recording-link`, {});
  restProbe('GET /api/calls/:id/recording', 'GET', `/api/calls/${NO_SUCH_CALL}/recording`);
  restProbe('GET /api/queues/:id/intervals', 'GET', '/api/queues/1/intervals');
  restProbe('GET /api/queues/:id/intervals, queue 2', 'GET', '/api/queues/2/intervals');
  restProbe('GET /api/queues/:id/agents', 'GET', '/api/queues/1/agents');
  restProbe('GET /api/queues/:id/agents, queue 2', 'GET', '/api/queues/2/agents');
  // Yesterday in UTC is a report day in every zone: never after the site's today, well within the reach back.
  const REPORT_DAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  for (const report of ['intervals', 'agents']) {
    restProbe(
      `GET /api/reports/${report}.csv`,
      'GET',
      `/api/reports/${report}.csv?date=${REPORT_DAY}&queues=1`,
    );
    restProbe(
      `GET /api/reports/${report}.csv, queue 2`,
      'GET',
      `/api/reports/${report}.csv?date=${REPORT_DAY}&queues=2`,
    );
  }
  restProbe('POST /api/alert-channels', 'POST', '/api/alert-channels', {
    kind: 'webpush',
    name: 'Matrix phones',
    queues: 'all',
  });
  restProbe('POST /api/alert-channels/:id/test', 'POST', '/api/alert-channels/ch_matrix-none/test', {});
  restProbe('GET /api/alert-channels/:id/deliveries', 'GET', '/api/alert-channels/ch_matrix-none/deliveries');
  restProbe('DELETE /api/alert-channels/:id', 'DELETE', '/api/alert-channels/ch_matrix-none');
  restProbe('POST /api/incidents/:id/acknowledge', 'POST', '/api/incidents/i_matrix-none/acknowledge', {});
  restProbe('POST /api/acknowledge-link', 'POST', '/api/acknowledge-link', { token: 'sb1.bogus.link' });
  restProbe('POST /api/acknowledge-link/acknowledge', 'POST', '/api/acknowledge-link/acknowledge', {
    token: 'sb1.bogus.link',
  });
  const MATRIX_PUSH = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };
  restProbe('POST /api/push/subscriptions', 'POST', '/api/push/subscriptions', {
    endpoint: 'https://push.example.invalid/matrix',
    keys: MATRIX_PUSH,
  });
  restProbe('DELETE /api/push/subscriptions', 'DELETE', '/api/push/subscriptions', {
    endpoint: 'https://push.example.invalid/matrix-none',
  });
  restProbe('POST /api/push/held-call-decision', 'POST', '/api/push/held-call-decision', {
    actionToken: 'sb1.bogus.token',
    action: 'accept',
  });
  const ADMIN_OPERATIONS_ROW = 'POST /api/pbx/:resource/:action, every admin operation';
  const PRIVATE_OPERATIONS_ROW = 'ALL /{*splat}, every private PBX operation';
  const PRIVATE_ADMIN_ROUTE_ROW = 'POST /api/pbx/:resource/:action, every private PBX operation';
  const perOperationRows = [ADMIN_OPERATIONS_ROW, PRIVATE_OPERATIONS_ROW, PRIVATE_ADMIN_ROUTE_ROW];
  // Marked here; run over every operation below. A field no operation has: admins get 400 and nothing is sent.
  REST_PROBES[ADMIN_OPERATIONS_ROW] = () => Promise.reject(new Error('run per operation'));
  REST_PROBES[PRIVATE_OPERATIONS_ROW] = () => Promise.reject(new Error('run per operation'));
  REST_PROBES[PRIVATE_ADMIN_ROUTE_ROW] = () => Promise.reject(new Error('run per operation'));

  it('answers every REST route as the table says, for every column', async () => {
    const cells = [...ROWS.keys()]
      .filter((row) => REST_PROBES[row] && !perOperationRows.includes(row))
      .flatMap((row) => COLUMNS.map((column) => ({ row, column })));
    // Four at a time: the login probes each check a password, and only two checks run at once.
    await pool(cells, 4, async ({ row, column }) => {
      const { answer, probe } = await (
        REST_PROBES[row] as (c: Column) => Promise<{ answer: RawAnswer; probe: string }>
      )(column);
      check(row, column, restCell(answer), probe);
    });
    const rows = new Set(cells.map((cell) => cell.row));
    expect(mismatches.filter((m) => rows.has(m.row))).toEqual([]);
    // Over 1,000 cells, four at a time, sign-in probes among them: more than the default 20 s on a busy machine.
  }, 60_000);

  it('answers every PBX operation of the admin API as the table says, for every column', async () => {
    const operations = Object.keys(PBX_OPERATIONS);
    const isPrivate = (name: string) =>
      (PRIVATE_OPERATIONS as readonly string[]).some((p) => name === p || name.endsWith(`/${p}`));
    const cells = operations.flatMap((operation) => COLUMNS.map((column) => ({ operation, column })));
    await pool(cells, 8, async ({ operation, column }) => {
      // A private `resource/action` reaches the admin route, whose guard answers before it finds no operation.
      const row = !isPrivate(operation)
        ? ADMIN_OPERATIONS_ROW
        : operation.includes('/')
          ? PRIVATE_ADMIN_ROUTE_ROW
          : PRIVATE_OPERATIONS_ROW;
      const body = { matrix_no_such_field: 1 };
      const answer = await restAs(column, 'POST', `/api/pbx/${operation}`, body);
      check(row, column, restCell(answer), `POST /api/pbx/${operation} ${JSON.stringify(body)}`);
    });
    console.log(`authorization matrix: ${operations.length} PBX operations × ${COLUMNS.length} columns`);
    expect(mismatches.filter((m) => perOperationRows.includes(m.row))).toEqual([]);
  });

  /** The rows `<event>, agent of queue 1` and `…2`: `event` with `payload` made for that queue's own agent. */
  const forAgentOfEachQueue = (
    event: string,
    payload: (extension: string, queueId: 1 | 2) => unknown,
  ): Record<string, () => [string, unknown]> => ({
    [`${event}, agent of queue 1`]: () => [event, payload(agent.q1, 1)],
    [`${event}, agent of queue 2`]: () => [event, payload(agent.q2, 2)],
  });

  /** What each socket command row sends. */
  const SOCKET_PROBES: Record<string, () => [string, unknown]> = {
    subscribe: () => ['subscribe', { streams: ['health'] }],
    unsubscribe: () => ['unsubscribe', { streams: ['health'] }],
    resync: () => ['resync', { stream: 'health' }],
    'inbound:decide, no such call': () => [
      'inbound:decide',
      { callId: '1700000000.999999', decision: 'accept' },
    ],
    'conference:kick, no such conference': () => ['conference:kick', { conference: '6999', members: 'all' }],
    [`conference:kick, no such conference, ${SIGNED_IN}`]: () => [
      'conference:kick',
      { conference: '6999', members: 'all' },
    ],
    ...forAgentOfEachQueue('uacsta:refuse', (extension) => ({ extension, callId: 'matrix-no-such-call' })),
    ...forAgentOfEachQueue('agent:login', (extension, queueId) => ({
      extension,
      operation: 'login',
      queueIds: [queueId],
    })),
    ...forAgentOfEachQueue('agent:pause', (extension, queueId) => ({
      extension,
      operation: 'unpause',
      queueIds: [queueId],
    })),
    'agent:pause-reasons': () => ['agent:pause-reasons', {}],
    'inbound:unblock, no such call': () => ['inbound:unblock', { callId: '1700000000.999999' }],
    // 1011 exists on the PBX (sup's own extension; the others name it as an override, checked the same way).
    ...forAgentOfEachQueue('call:listen', (extension) => ({
      agent: extension,
      monitor: '1011',
      mode: 'listen',
    })),
    'audit:recent': () => ['audit:recent', { limit: 5 }],
    'audit:follow': () => ['audit:follow', { limit: 5 }],
    'monitor:check, an extension of the PBX': () => ['monitor:check', { extension: '1011' }],
    'call:monitor-stop': () => ['call:monitor-stop', {}],
    'calls:watch, no such call': () => ['calls:watch', { id: '978307200-matrix0' }],
    'calls:unwatch': () => ['calls:unwatch', { id: '978307200-matrix0' }],
  };

  it('answers the socket handshake, every command and every stream as the table says', async () => {
    for (const column of COLUMNS)
      check('socket handshake', column, main.handshake.get(column) ?? 'none', 'connect');
    const commandRows = Object.keys(SOCKET_PROBES);
    const streamRows = [...ROWS.keys()].filter((row) => row.startsWith('stream '));
    for (const column of COLUMNS) {
      for (const row of commandRows) {
        const target = targetOf(row);
        const wire = target.wires.get(column);
        const [event, payload] = (SOCKET_PROBES[row] as () => [string, unknown])();
        const probe = `${event} ${JSON.stringify(payload)}`;
        const cell = wire ? socketCell(await wire.request(event, payload)) : target.handshake.get(column);
        check(row, column, cell ?? '', probe);
      }
      for (const row of streamRows) {
        const target = targetOf(row);
        const wire = target.wires.get(column);
        const stream = streamOf(row);
        if (!wire) {
          check(row, column, target.handshake.get(column) ?? '', `subscribe ${stream}`);
          continue;
        }
        const answer = (await wire.request('subscribe', { streams: [stream] })) as
          { ok: true; data: { granted: string[]; denied: string[] } } | { ok: false };
        const resync = (await wire.request('resync', { stream })) as {
          ok: boolean;
          error?: { code: string };
        };
        let cell = !answer.ok ? socketCell(answer) : answer.data.granted.includes(stream) ? 'grant' : 'deny';
        // resync must agree: refused exactly where subscribe denies (not_found only means no data yet).
        const resyncRefused = !resync.ok && resync.error?.code === 'forbidden';
        if ((cell === 'grant' && resyncRefused) || (cell === 'deny' && !resyncRefused))
          cell = `${cell}, but resync ${resync.ok ? 'ok' : resync.error?.code}`;
        check(row, column, cell, `subscribe + resync ${stream}`);
        await wire.request('unsubscribe', { streams: [stream] });
      }
    }
    expect(
      mismatches.filter(
        (m) => commandRows.includes(m.row) || m.row.startsWith('stream ') || m.row === 'socket handshake',
      ),
    ).toEqual([]);
  });

  it('shows and lets act on scoped items only within each caller’s scope', async () => {
    const itemRows = [...ROWS.keys()].filter((row) => row.startsWith('item '));
    const restOrHandshake = async (column: Column, read: () => Promise<string>) => {
      const refused = main.handshake.get(column);
      return refused === 'ok' ? read() : (refused ?? '');
    };

    // Queues a session may list.
    for (const column of COLUMNS) {
      const answer = await restAs(column, 'GET', '/api/queues');
      const cell = restCell(answer);
      const listed =
        cell === 'ok' && (answer.body as { data: { id: number }[] }).data.some((q) => q.id === 2);
      check(
        'item queue 2 in GET /api/queues',
        column,
        cell === 'ok' ? (listed ? 'sees' : 'hides') : cell,
        'GET /api/queues',
      );
    }

    // Held calls: one routed to each queue (the inbound routes of /sim/world: 8005551000 -> queue 1 on
    // peer-to-41, 8005551002 -> queue 2 on sip-backup, both trunks with Control Inbound Call).
    const hold = async (queue: 1 | 2, n: number) => {
      const held = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
        from: `5557${queue}${String(n).padStart(5, '0')}`,
        to: queue === 1 ? '8005551000' : '8005551002',
        trunk_name: queue === 1 ? 'peer-to-41' : 'sip-backup',
      });
      expect(held.status).toBe(200);
      return held.body.call_id;
    };
    const heldByColumn = new Map<string, string>();
    let n = 0;
    for (const column of connected())
      for (const queue of [1, 2] as const) heldByColumn.set(`${column}:${queue}`, await hold(queue, n++));
    const allHeld = [...heldByColumn.values()];
    await waitFor(
      async () => {
        const calls = (await streamData<HeldCallView>('admin', 'inbound')) ?? [];
        return allHeld.every((id) => calls.some((c) => c.callId === id && c.status === 'pending'));
      },
      'every held call pending on the admin’s inbound stream',
      10_000,
      100,
    );
    for (const queue of [1, 2] as const) {
      const callId = heldByColumn.get(`admin:${queue}`) ?? '';
      for (const column of COLUMNS) {
        const cell = await seesOnCallStreams<HeldCallView>(column, 'inbound', (c) => c.callId === callId);
        check(`item held call routed to queue ${queue}`, column, cell, `call ${callId} on inbound streams`);
      }
    }
    // Each column decides a call of its own, so "first decision wins" never answers for another column.
    for (const queue of [1, 2] as const) {
      const row = `item inbound:decide, held call of queue ${queue}`;
      for (const column of COLUMNS) {
        const wire = main.wires.get(column);
        const callId = heldByColumn.get(`${column}:${queue}`);
        const cell =
          wire && callId
            ? socketCell(await wire.request('inbound:decide', { callId, decision: 'accept' }))
            : (main.handshake.get(column) ?? '');
        check(row, column, cell, `inbound:decide ${callId ?? '(no socket)'} accept`);
      }
    }

    // Desk-phone calls (uaCSTA reports) of an agent of each queue.
    const deskCall = { 1: 'matrix-desk-1', 2: 'matrix-desk-2' } as const;
    for (const queue of [1, 2] as const)
      await sim.post('/sim/events', {
        type: 30020,
        msg: {
          operation: 'call_start',
          extension: queue === 1 ? agent.q1 : agent.q2,
          call_id: deskCall[queue],
          ip_address: '192.0.2.10:5060',
        },
      });
    await waitFor(
      async () => {
        const calls = (await streamData<UacstaCallView>('admin', 'uacsta')) ?? [];
        return calls.filter((c) => c.callId.startsWith('matrix-desk-')).length === 2;
      },
      'both desk-phone calls on the admin’s uacsta stream',
      5_000,
      100,
    );
    for (const queue of [1, 2] as const)
      for (const column of COLUMNS) {
        const cell = await seesOnCallStreams<UacstaCallView>(
          column,
          'uacsta',
          (c) => c.callId === deskCall[queue],
        );
        check(
          `item desk-phone call of an agent of queue ${queue}`,
          column,
          cell,
          `desk call ${deskCall[queue]} on uacsta streams`,
        );
      }

    // Audit entries, read over REST and the socket alike (the two must agree).
    const auditCell = async (column: Column, isEntry: (entry: AuditEntryView) => boolean) => {
      const answer = await restAs(column, 'GET', '/api/audit?limit=500');
      const rest = restCell(answer);
      const restSaw =
        rest === 'ok'
          ? (answer.body as { data: AuditEntryView[] }).data.some(isEntry)
            ? 'sees'
            : 'hides'
          : rest;
      const socketSaw = await restOrHandshake(column, async () => {
        const recent = await main.wires.get(column)?.request('audit:recent', { limit: 500 });
        const cell = socketCell(recent);
        return cell === 'ok'
          ? (recent as { data: AuditEntryView[] }).data.some(isEntry)
            ? 'sees'
            : 'hides'
          : cell;
      });
      return restSaw === socketSaw ? restSaw : `REST ${restSaw}, socket ${socketSaw}`;
    };
    const auditProbe = 'GET /api/audit?limit=500 + audit:recent {limit: 500}';
    // The admin's decisions above, one about each queue.
    for (const queue of [1, 2] as const) {
      const callId = heldByColumn.get(`admin:${queue}`) ?? '';
      for (const column of COLUMNS) {
        const cell = await auditCell(
          column,
          (e) => e.user === 'admin' && e.action === 'inbound:decide' && e.target.includes(callId),
        );
        check(`item audit entry by admin about queue ${queue}`, column, cell, auditProbe);
      }
    }
    // An entry about no queue: a display link the admin creates.
    const created = await restAs('admin', 'POST', '/api/display-tokens', {
      name: 'Audit probe',
      queues: [2],
    });
    const linkId = (created.body as { data: { display: { id: string } } }).data.display.id;
    for (const column of COLUMNS) {
      const cell = await auditCell(
        column,
        (e) => e.user === 'admin' && e.action === 'display-token:create' && e.target === linkId,
      );
      check('item audit entry by admin about no queue', column, cell, auditProbe);
    }
    // Each caller's own entry: a decision on a call that is not held, which is audited with its result.
    const userOf: Partial<Record<Column, string>> = {
      admin: 'admin',
      sup: 'sup',
      supq: 'supq',
      view: 'view',
      pxAdm: 'pat',
      pxSupq: 'quinn',
    };
    for (const column of COLUMNS) {
      const callId = `matrix-own-${column}`;
      await main.wires.get(column)?.request('inbound:decide', { callId, decision: 'accept' });
      const cell = await auditCell(column, (e) => e.user === userOf[column] && e.target.includes(callId));
      check('item own audit entry', column, cell, `inbound:decide ${callId}, then ${auditProbe}`);
    }
    expect(mismatches.filter((m) => itemRows.includes(m.row))).toEqual([]);
  });
});
