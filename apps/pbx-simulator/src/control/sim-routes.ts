/**
 * The control surface under /sim/ (not part of the PBX interface) for demos, tests and benchmarks.
 * JSON in and out; a bad request gets HTTP 400 with `{ "error": { "message", "problems"? } }`.
 * Never affected by fault injection, so a test can always bring the PBX back.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EVENT_MSG_ENCODING, type KnownPbxEventType } from '@switchboard/pbx-api';
import type { TokenStore } from '../auth/token-store.js';
import { SimError, type CallCenterControl, type EventSink } from '../contracts.js';
import { readBody, sendJson } from '../http/http-io.js';
import { parseFaultUpdate, type FaultState } from './fault-state.js';
import type { SimStats } from './sim-stats.js';

/** What the control routes act on. */
export interface SimRoutesOptions {
  control: CallCenterControl;
  tokens: TokenStore;
  faults: FaultState;
  stats: SimStats;
  events: EventSink;
  /** Closes every event socket; returns how many were open. */
  dropEventSockets(): number;
  /** Expires every download link issued so far; returns how many still worked. */
  expireDownloadLinks(): number;
  wsClients(): number;
  /** Resets state, stats, faults and blocks (tokens too unless kept). */
  reset(options: { keepTokens: boolean }): void;
  describe(): Record<string, unknown>;
}

class BadRequest extends Error {
  constructor(
    message: string,
    readonly problems: string[] = [],
    readonly status = 400,
  ) {
    super(message);
  }
}

type Route = (body: unknown) => unknown;

const MAX_EVENT_BURST = 100_000;

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadRequest('body must be a JSON object');
  return body as Record<string, unknown>;
}

function onlyKeys(body: Record<string, unknown>, allowed: string[]): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0)
    throw new BadRequest(`unknown field(s): ${unknown.join(', ')}; expected ${allowed.join(', ')}`);
}

/** Serves /sim/* requests. */
export class SimRoutes {
  private readonly routes: Record<string, Route>;

  constructor(private readonly o: SimRoutesOptions) {
    this.routes = {
      'GET /sim/health': () => ({ status: o.faults.isDown() ? 'down' : 'ok', ...o.describe() }),
      'GET /sim/stats': () => o.stats.snapshot(o.wsClients()),
      'GET /sim/world': () => o.control.world(),
      'POST /sim/inbound-calls': (body) => this.inboundCall(objectBody(body)),
      'GET /sim/faults': () => o.faults.settings(),
      'POST /sim/faults': (body) => this.faults(body),
      'GET /sim/traffic': () => ({ rate: o.control.trafficRate() }),
      'POST /sim/traffic': (body) => this.traffic(objectBody(body)),
      'POST /sim/phones': (body) => this.phones(objectBody(body)),
      'POST /sim/reset': (body) => this.reset(objectBody(body)),
      'POST /sim/unblock': (body) => this.unblock(objectBody(body)),
      'POST /sim/events': (body) => this.publish(objectBody(body)),
    };
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const key = `${request.method ?? 'GET'} ${url.pathname.replace(/\/+$/, '')}`;
    const route = this.routes[key];
    if (!route) {
      request.resume();
      const known = Object.keys(this.routes).some((k) => k.endsWith(` ${url.pathname.replace(/\/+$/, '')}`));
      return sendJson(response, known ? 405 : 404, {
        error: {
          message: known
            ? `${key} is not allowed; see the README for methods`
            : `no control route ${url.pathname.slice(0, 200)}`,
        },
      });
    }
    let body: unknown = {};
    if (request.method === 'POST') {
      const read = await readBody(request);
      if (!read.ok) return sendJson(response, 413, { error: { message: 'body too large (limit 1 MiB)' } });
      if (read.text.trim() !== '') {
        try {
          body = JSON.parse(read.text);
        } catch {
          return sendJson(response, 400, { error: { message: 'body is not valid JSON' } });
        }
      }
    } else request.resume();
    try {
      sendJson(response, 200, route(body));
    } catch (error) {
      if (error instanceof BadRequest) {
        return sendJson(response, error.status, {
          error: { message: error.message, ...(error.problems.length ? { problems: error.problems } : {}) },
        });
      }
      if (error instanceof SimError) {
        return sendJson(response, 400, {
          error: { message: error.errmsg, errcode: error.errcode, ...error.extra },
        });
      }
      sendJson(response, 500, { error: { message: 'internal error' } });
    }
  }

  private inboundCall(body: Record<string, unknown>): unknown {
    onlyKeys(body, ['from', 'to', 'trunk_name']);
    const problems = ['from', 'to', 'trunk_name'].flatMap((key) =>
      typeof body[key] === 'string' && (body[key] as string).trim() !== ''
        ? []
        : [`${key} must be a non-empty string, got ${JSON.stringify(body[key])}`],
    );
    if (problems.length > 0) throw new BadRequest('invalid inbound call', problems);
    return this.o.control.holdInboundCall({
      from: body['from'] as string,
      to: body['to'] as string,
      trunk_name: body['trunk_name'] as string,
    });
  }

  private phones(body: Record<string, unknown>): unknown {
    onlyKeys(body, ['extension', 'online']);
    const problems = [
      ...(typeof body['extension'] === 'string' && body['extension'] !== ''
        ? []
        : [`extension must be an extension number, got ${JSON.stringify(body['extension'])}`]),
      ...(typeof body['online'] === 'boolean'
        ? []
        : [`online must be true or false, got ${JSON.stringify(body['online'])}`]),
    ];
    if (problems.length > 0) throw new BadRequest('invalid phone change', problems);
    return this.o.control.setPhonesOnline(body['extension'] as string, body['online'] as boolean);
  }

  private faults(body: unknown): unknown {
    const parsed = parseFaultUpdate(body);
    if (!parsed.ok) throw new BadRequest('invalid fault settings', parsed.problems);
    this.o.faults.apply(parsed);
    const goingDown = parsed.settings.down === true;
    const dropped = parsed.actions.dropEventSockets || goingDown ? this.o.dropEventSockets() : 0;
    const revoked = parsed.actions.revokeTokens ? this.o.tokens.revokeAll() : 0;
    const expired = parsed.actions.expireDownloadLinks ? this.o.expireDownloadLinks() : 0;
    return {
      ...this.o.faults.settings(),
      dropped_event_sockets: dropped,
      revoked_tokens: revoked,
      expired_download_links: expired,
    };
  }

  private traffic(body: Record<string, unknown>): unknown {
    onlyKeys(body, ['rate']);
    const rate = body['rate'];
    if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1_000)) {
      throw new BadRequest(`rate must be a number from 0 to 1000, got ${JSON.stringify(rate)}`);
    }
    this.o.control.setTrafficRate(rate);
    return { rate: this.o.control.trafficRate() };
  }

  private reset(body: Record<string, unknown>): unknown {
    onlyKeys(body, ['keepTokens']);
    const keep = body['keepTokens'] ?? false;
    if (typeof keep !== 'boolean')
      throw new BadRequest(`keepTokens must be true or false, got ${JSON.stringify(keep)}`);
    this.o.reset({ keepTokens: keep });
    return { reset: true, kept_tokens: keep };
  }

  private unblock(body: Record<string, unknown>): unknown {
    onlyKeys(body, ['ip']);
    const ip = body['ip'];
    if (ip !== undefined && (typeof ip !== 'string' || ip.trim() === '')) {
      throw new BadRequest(
        `ip must be a non-empty string (or left out to unblock all), got ${JSON.stringify(ip)}`,
      );
    }
    return { unblocked: this.o.tokens.unblock(ip as string | undefined) };
  }

  private publish(body: Record<string, unknown>): unknown {
    onlyKeys(body, ['type', 'msg', 'count']);
    const { type, msg } = body;
    const count = body['count'] ?? 1;
    const problems: string[] = [];
    if (typeof type !== 'number' || !(type in EVENT_MSG_ENCODING)) {
      problems.push(
        `type must be a known event id (${Object.keys(EVENT_MSG_ENCODING).join(', ')}), got ${JSON.stringify(type)}`,
      );
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg))
      problems.push('msg must be a JSON object');
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_EVENT_BURST) {
      problems.push(
        `count must be a whole number from 1 to ${MAX_EVENT_BURST}, got ${JSON.stringify(count)}`,
      );
    }
    if (problems.length > 0) throw new BadRequest('invalid event', problems);
    // Checked above against EVENT_MSG_ENCODING, whose keys are exactly pbx-api's known event numbers.
    for (let i = 0; i < (count as number); i++)
      this.o.events.publish(type as KnownPbxEventType, msg as Record<string, unknown>);
    return { published: count };
  }
}
