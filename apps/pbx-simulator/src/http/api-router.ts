/**
 * The PBX interface over HTTP: `{base}/openapi/v1.0/<op>` (and v2.0 for cdr/aidownload). Every request
 * goes through the same steps, in the order a real PBX would apply them: outage, latency, route,
 * method, User-Agent, IP block, token, injected error, parameters (the client's own rule data), handler.
 * PBX failures are HTTP 200 with a non-zero errcode; nothing a client sends can crash it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  callNoteUpdateCanonical,
  IVR_INVALID_FLAG,
  IVR_INVALID_FLAG_SAMPLE_SPELLING,
  PBX_ERRCODE,
  PBX_ERRMSG,
  companyContactIds,
  findOperation,
  ivrCreateCanonical,
  validate,
  type OperationSpec,
} from '@switchboard/pbx-api';
import type { TokenStore } from '../auth/token-store.js';
import { SimError, type HandlerTable, type OperationHandler, type RequestContext } from '../contracts.js';
import type { FaultState } from '../control/fault-state.js';
import type { SimStats } from '../control/sim-stats.js';
import { delay, readBody, sendJson, userAgentRefusal } from './http-io.js';
import { invalidParamList } from './invalid-params.js';

/** Context of an API request: what handlers get, plus the token for del_token. */
export interface ApiRequestContext extends RequestContext {
  /** The access token of the request (only del_token reads it: it revokes that token). */
  accessToken: string | undefined;
}

/** What the router needs. */
export interface ApiRouterOptions {
  handlers: HandlerTable;
  tokens: TokenStore;
  faults: FaultState;
  stats: SimStats;
  /** Called with unexpected handler failures (never with request data). */
  onInternalError?: (operation: string, error: unknown) => void;
}

const API_PATH = /^\/openapi\/(v\d+\.\d+)\/([a-z_]+(?:\/[a-z_]+)?)\/?$/;

/** Decides what answer a failure of `errcode` gets. */
function failure(errcode: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { errcode, errmsg: PBX_ERRMSG[errcode] ?? 'FAILURE', ...extra };
}

/** Serves `/openapi/...` requests. */
export class ApiRouter {
  constructor(private readonly options: ApiRouterOptions) {}

  /** Operation name a path counts under in /sim/stats. */
  static operationOf(pathname: string): string {
    const match = API_PATH.exec(pathname);
    return match && findOperation(match[2] ?? '') ? (match[2] ?? '(unknown)') : '(unknown)';
  }

  async handle(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    clientIp: string,
  ): Promise<void> {
    const { faults, stats } = this.options;
    const match = API_PATH.exec(url.pathname);
    const name = match?.[2] ?? '';
    const spec = match ? findOperation(name) : undefined;
    stats.countRequest(spec ? name : '(unknown)');

    if (faults.isDown()) return this.refuseWhileDown(response);
    const wait = faults.delayMs();
    if (wait > 0) await delay(wait);

    const answer = (status: number, body: Record<string, unknown>) => {
      const errcode = body['errcode'];
      if (typeof errcode === 'number' && errcode !== 0) stats.countErrcode(errcode);
      sendJson(response, status, body);
    };

    if (!match || !spec) {
      request.resume();
      return answer(
        404,
        failure(PBX_ERRCODE.NOT_FOUND, { detail: `no operation at ${url.pathname.slice(0, 200)}` }),
      );
    }
    if (spec.version !== match[1]) {
      request.resume();
      return answer(
        404,
        failure(PBX_ERRCODE.NOT_FOUND, { detail: `${name} is served under /openapi/${spec.version}` }),
      );
    }
    const method = request.method === 'GET' || request.method === 'POST' ? request.method : undefined;
    if (!method || (method !== spec.method && !spec.alsoAcceptedMethods?.includes(method))) {
      request.resume();
      return answer(
        405,
        failure(PBX_ERRCODE.FAILURE, { detail: `${name} takes ${spec.method}, got ${request.method}` }),
      );
    }
    const noUserAgent = userAgentRefusal(request);
    if (noUserAgent) {
      request.resume();
      return answer(200, noUserAgent);
    }
    if (this.options.tokens.isBlocked(clientIp)) {
      request.resume();
      return answer(200, failure(PBX_ERRCODE.IP_BLOCKED));
    }
    const accessToken = url.searchParams.get('access_token') ?? undefined;
    let clientId: string | undefined;
    if (spec.authenticated) {
      clientId = this.options.tokens.check(accessToken);
      if (clientId === undefined) {
        request.resume();
        return answer(200, failure(PBX_ERRCODE.TOKEN_INVALID));
      }
    }
    const injected = faults.injectedErrcode(name);
    if (injected !== undefined) {
      request.resume();
      return answer(200, failure(injected));
    }

    const params = await this.readParams(request, url, spec, method);
    if ('error' in params) return answer(200, params.error);
    const violations = validate(spec.params, params.value, { integersAsText: method === 'GET' });
    if (violations.length > 0) {
      // Never echo credentials back, even when they were malformed.
      const echo = spec.authenticated ? params.value : undefined;
      const list = invalidParamList(violations, echo).map((entry) => ({
        ...entry,
        field: params.spelled(entry.field),
      }));
      return answer(200, failure(PBX_ERRCODE.PARAMETER_ERROR, { invalid_param_list: list }));
    }

    const handler: OperationHandler | undefined = this.options.handlers[name as keyof HandlerTable];
    if (!handler)
      return answer(
        200,
        failure(PBX_ERRCODE.NOT_FOUND, { detail: `${name} is not served by this simulator` }),
      );
    const context: ApiRequestContext = { params: params.value, clientIp, clientId, accessToken };
    try {
      const result = await handler(context);
      answer(200, { errcode: 0, errmsg: 'SUCCESS', ...result });
    } catch (error) {
      if (error instanceof SimError)
        return answer(200, { ...error.extra, errcode: error.errcode, errmsg: error.errmsg });
      this.options.onInternalError?.(name, error);
      answer(500, failure(PBX_ERRCODE.FAILURE, { detail: `internal error in ${name}` }));
    }
  }

  private refuseWhileDown(response: ServerResponse): void {
    if (this.options.faults.downMode === 'reset') {
      response.socket?.destroy();
      return;
    }
    sendJson(response, 503, failure(PBX_ERRCODE.SERVER_BUSY), { Connection: 'close' });
  }

  /** Query (GET) or JSON body (POST) as params, with the documented spelling quirks folded in. */
  private async readParams(
    request: IncomingMessage,
    url: URL,
    spec: OperationSpec,
    method: 'GET' | 'POST',
  ): Promise<
    | { value: Record<string, unknown>; spelled: (field: string) => string }
    | { error: Record<string, unknown> }
  > {
    let value: Record<string, unknown>;
    if (method === 'GET') {
      request.resume();
      value = {};
      for (const [key, text] of url.searchParams) if (key !== 'access_token') value[key] = text;
    } else {
      const body = await readBody(request);
      if (!body.ok) {
        return {
          error: failure(PBX_ERRCODE.PARAMETER_ERROR, {
            invalid_param_list: [{ field: '(body)', validation_type: 'size' }],
          }),
        };
      }
      if (body.text.trim() === '') value = {};
      else {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.text);
        } catch {
          return {
            error: failure(PBX_ERRCODE.PARAMETER_ERROR, {
              invalid_param_list: [{ field: '(body)', validation_type: 'json' }],
            }),
          };
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          return {
            error: failure(PBX_ERRCODE.PARAMETER_ERROR, {
              invalid_param_list: [{ field: '(body)', validation_type: 'type' }],
            }),
          };
        }
        value = parsed as Record<string, unknown>;
      }
    }
    // Errors name a field the way the caller spelled it, even when a quirk folded it into the table's name.
    let spelled = (field: string) => field;
    if (spec.path === 'ivr/create') {
      if (IVR_INVALID_FLAG_SAMPLE_SPELLING in value && !(IVR_INVALID_FLAG in value)) {
        spelled = (field) => (field === IVR_INVALID_FLAG ? IVR_INVALID_FLAG_SAMPLE_SPELLING : field);
      }
      value = ivrCreateCanonical(value);
    }
    if (spec.path === 'callnotes/update') value = callNoteUpdateCanonical(value);
    if (spec.path === 'company_contact/query') {
      const ids = companyContactIds(value);
      if (ids !== undefined) value = { ...value, ids };
      if (value['ids'] === value['id'] && !url.searchParams.has('ids'))
        spelled = (field) => (field === 'ids' ? 'id' : field);
    }
    return { value, spelled };
  }
}
