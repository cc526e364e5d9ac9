/**
 * The client against the PBX guide's own examples (test/guide-examples/README.md), not against the rule files
 * it was written from. Per operation example: (a) the client's method, given the example's request as typed
 * params, parses the example's answer (served by FakePbx) into a result carrying the example's data, after the
 * normalisations named below with the quirks.ts item behind each; (b) the request it sent is the example's,
 * apart from the extra keys and rewrites named below. Per event example: the frame parses into the typed event
 * with the example's values, and every value the page lists for an enum path is kept. Coverage: every operation
 * and event of the client has an example, and every example names something the client has.
 */
import { describe, expect, it } from 'vitest';
import {
  canonicalParams,
  findOperation,
  parsePbxFrame,
  PBX_EVENT,
  PBX_OPERATIONS,
  PbxApiError,
  PbxAuthError,
  type FieldRule,
  type KnownPbxEventType,
  type OperationSpec,
  type PbxClient,
  type PbxOperationName,
} from '../../src/index.js';
import {
  firstIfArray,
  normaliseCallType,
  normaliseCdr,
  normaliseCdrStatus,
  parseEventMsg,
  parsePhonebookIds,
  rowsUnder,
  stripQueuePrefix,
  toInt,
  unwrapObject,
} from '../../src/quirks.js';
import {
  EVENT_FIXTURES,
  OPERATION_FIXTURES,
  type EventExample,
  type EventFixture,
  type GuideRequest,
  type JsonObject,
  type OperationExample,
} from '../guide-examples/load.js';
import { valueDifferences, valuesAt } from '../guide-examples/shape.js';
import { clientOn, FakePbx, type SeenRequest } from '../support/fake-pbx.js';

/** The token clientOn() sends. */
const TOKEN = 'test-token';

/** An example's parameters, typed by the operation's rule (query text to numbers where it says integer). */
type GuideParams = Record<string, unknown>;

/** The example's parameters as the parameter type of the method they are passed to. */
function typed<T>(params: GuideParams): T {
  return params as unknown as T;
}

/** Splits `operation` off agent/login and agent/pause params: the client has one method per value. */
function withOperation(params: GuideParams): [unknown, GuideParams] {
  const { operation, ...rest } = params;
  return [operation, rest];
}

// Every operation of the catalogue, token operations included: a new operation without an entry fails to compile.
const CALLS: Record<PbxOperationName, (pbx: PbxClient, params: GuideParams) => Promise<unknown>> = {
  get_token: (pbx, p) => pbx.auth.getToken(typed(p)),
  refresh_token: (pbx, p) => pbx.auth.refreshToken(typed(p)),
  del_token: (pbx) => pbx.auth.deleteToken(TOKEN),
  'ivr/create': (pbx, p) => pbx.ivr.create(typed(p)),
  'ivr/list': (pbx, p) => pbx.ivr.list(typed(p)),
  'ivr/search': (pbx, p) => pbx.ivr.search(typed(p)),
  'ivr/get': (pbx, p) => pbx.ivr.get(typed(p)),
  'ivr/query': (pbx, p) => pbx.ivr.query(typed(p)),
  'ivr/update': (pbx, p) => pbx.ivr.update(typed(p)),
  'ivr/delete': (pbx, p) => pbx.ivr.delete(typed(p)),
  'phone/batchcreate': (pbx, p) => pbx.phone.batchCreate(typed(p)),
  'phone/batchupdate': (pbx, p) => pbx.phone.batchUpdate(typed(p)),
  'phone/search': (pbx, p) => pbx.phone.search(typed(p)),
  'phone/get': (pbx, p) => pbx.phone.get(typed(p)),
  'phone/batchdelete': (pbx, p) => pbx.phone.batchDelete(typed(p)),
  'phone/batchreprovision': (pbx, p) => pbx.phone.batchReprovision(typed(p)),
  'auto_provisioning/compatibility': (pbx, p) => pbx.phone.options(typed(p)),
  'queue_pause_reason/update': (pbx, p) => pbx.queuePauseReason.update(typed(p)),
  'queue_pause_reason/list': (pbx, p) => pbx.queuePauseReason.list(typed(p)),
  'message_queue/create': (pbx, p) => pbx.messageQueue.create(typed(p)),
  'message_queue/list': (pbx, p) => pbx.messageQueue.list(typed(p)),
  'message_queue/search': (pbx, p) => pbx.messageQueue.search(typed(p)),
  'message_queue/get': (pbx, p) => pbx.messageQueue.get(typed(p)),
  'message_queue/query': (pbx, p) => pbx.messageQueue.query(typed(p)),
  'message_queue/update': (pbx, p) => pbx.messageQueue.update(typed(p)),
  'message_queue/delete': (pbx, p) => pbx.messageQueue.delete(typed(p)),
  'allow_numbers/create': (pbx, p) => pbx.allowNumbers.create(typed(p)),
  'allow_numbers/list': (pbx, p) => pbx.allowNumbers.list(typed(p)),
  'allow_numbers/search': (pbx, p) => pbx.allowNumbers.search(typed(p)),
  'allow_numbers/get': (pbx, p) => pbx.allowNumbers.get(typed(p)),
  'allow_numbers/query': (pbx, p) => pbx.allowNumbers.query(typed(p)),
  'allow_numbers/update': (pbx, p) => pbx.allowNumbers.update(typed(p)),
  'allow_numbers/delete': (pbx, p) => pbx.allowNumbers.delete(typed(p)),
  'block_numbers/create': (pbx, p) => pbx.blockNumbers.create(typed(p)),
  'block_numbers/list': (pbx, p) => pbx.blockNumbers.list(typed(p)),
  'block_numbers/search': (pbx, p) => pbx.blockNumbers.search(typed(p)),
  'block_numbers/get': (pbx, p) => pbx.blockNumbers.get(typed(p)),
  'block_numbers/query': (pbx, p) => pbx.blockNumbers.query(typed(p)),
  'block_numbers/update': (pbx, p) => pbx.blockNumbers.update(typed(p)),
  'block_numbers/delete': (pbx, p) => pbx.blockNumbers.delete(typed(p)),
  'pin_list/create': (pbx, p) => pbx.pinList.create(typed(p)),
  'pin_list/list': (pbx, p) => pbx.pinList.list(typed(p)),
  'pin_list/search': (pbx, p) => pbx.pinList.search(typed(p)),
  'pin_list/get': (pbx, p) => pbx.pinList.get(typed(p)),
  'pin_list/query': (pbx, p) => pbx.pinList.query(typed(p)),
  'pin_list/update': (pbx, p) => pbx.pinList.update(typed(p)),
  'pin_list/delete': (pbx, p) => pbx.pinList.delete(typed(p)),
  'cdr/search': (pbx, p) => pbx.cdr.search(typed(p)),
  'cdr/list': (pbx, p) => pbx.cdr.list(typed(p)),
  'cdr/aidownload': (pbx, p) => pbx.cdr.aiDownloadUrl(typed(p)),
  'inbound_route/query': (pbx, p) => pbx.inboundRoute.query(typed(p)),
  'inbound_route/list': (pbx, p) => pbx.inboundRoute.list(typed(p)),
  'inbound_route/search': (pbx, p) => pbx.inboundRoute.search(typed(p)),
  'callnotes/get': (pbx, p) => pbx.callNote.get(typed(p)),
  'callnotes/update': (pbx, p) => pbx.callNote.update(typed(p)),
  'message_channel/list': (pbx, p) => pbx.messageChannel.list(typed(p)),
  'message_channel/get': (pbx, p) => pbx.messageChannel.get(typed(p)),
  'message_channel/search': (pbx, p) => pbx.messageChannel.search(typed(p)),
  'message_channel/getlivechat': (pbx, p) => pbx.messageChannel.getLiveChat(typed(p)),
  'company_contact/query': (pbx, p) => pbx.companyContact.query(typed(p)),
  'company_contact/list': (pbx, p) => pbx.companyContact.list(typed(p)),
  'company_contact/search': (pbx, p) => pbx.companyContact.search(typed(p)),
  'message_session/get': (pbx, p) => pbx.messageSession.get(typed(p)),
  'message_session/list': (pbx, p) => pbx.messageSession.list(typed(p)),
  'message_session/search': (pbx, p) => pbx.messageSession.search(typed(p)),
  'message_session/query': (pbx, p) => pbx.messageSession.query(typed(p)),
  'message/get': (pbx, p) => pbx.messageSession.messages(typed(p)),
  'message/query': (pbx, p) => pbx.messageSession.queryMessages(typed(p)),
  'recording/list': (pbx, p) => pbx.recording.list(typed(p)),
  'recording/search': (pbx, p) => pbx.recording.search(typed(p)),
  'recording/download': (pbx, p) => pbx.recording.downloadLink(typed(p)),
  'system/information': (pbx) => pbx.system.information(),
  'system/capacity': (pbx) => pbx.system.capacity(),
  'system/get_menuoptions': (pbx, p) => pbx.system.menuOptions(typed(p)),
  'extension/list': (pbx, p) => pbx.extension.list(typed(p)),
  'extension/search': (pbx, p) => pbx.extension.search(typed(p)),
  'extension/get': (pbx, p) => pbx.extension.get(typed(p)),
  'extension/query': (pbx, p) => pbx.extension.query(typed(p)),
  'extension_status_monitor/list': (pbx) => pbx.extension.statusMonitors(),
  'queue/list': (pbx, p) => pbx.queue.list(typed(p)),
  'queue/agent_status': (pbx, p) => pbx.queue.agentStatus(typed(p)),
  'queue/call_status': (pbx, p) => pbx.queue.callStatus(typed(p)),
  'queue/agent_pause': (pbx, p) => pbx.queue.agentPause(typed(p)),
  'queue/agent_login': (pbx, p) => pbx.queue.agentLogin(typed(p)),
  'agent/login': (pbx, p) => {
    const [operation, rest] = withOperation(p);
    return operation === 'logout' ? pbx.agent.logout(typed(rest)) : pbx.agent.login(typed(rest));
  },
  'agent/pause': (pbx, p) => {
    const [operation, rest] = withOperation(p);
    return operation === 'unpause' ? pbx.agent.unpause(typed(rest)) : pbx.agent.pause(typed(rest));
  },
  'call/query': (pbx, p) => pbx.call.query(typed(p)),
  'call/accept_inbound': (pbx, p) => pbx.call.acceptInbound(typed(p)),
  'call/refuse_inbound': (pbx, p) => pbx.call.refuseInbound(typed(p)),
  'call/listen': (pbx, p) => pbx.call.listen(typed(p)),
  'call/hangup': (pbx, p) => pbx.call.hangup(typed(p)),
  'uacsta_call/refuse': (pbx, p) => pbx.uacstaCall.refuse(typed(p)),
  'uacsta_call/hangup': (pbx, p) => pbx.uacstaCall.hangup(typed(p)),
  'conference/query_ongoing_conference': (pbx, p) => pbx.conference.queryOngoing(typed(p)),
  'conference/kick_member': (pbx, p) => pbx.conference.kickMember(typed(p)),
  'conference/mute_member': (pbx, p) => pbx.conference.muteMember(typed(p)),
  'conference/invite_member': (pbx, p) => pbx.conference.inviteMember(typed(p)),
  'conference/list': (pbx, p) => pbx.conference.list(typed(p)),
};

/** How the client's result departs from the example's answer on purpose, and why. */
interface ResultRule {
  why: string;
  expected(answer: Answer): unknown;
}

type Answer = Record<string, unknown>;
type Row = Record<string, unknown>;
const rowsOf = (answer: Answer, key: string): Row[] => (answer[key] as Row[] | undefined) ?? [];

/** Token pair only, lifetimes read as integers (quirks.ts 8), as the token provider needs them. */
const TOKEN_PAIR: ResultRule = {
  why: 'the token pair only; lifetimes read as integers (quirks.ts 8)',
  expected: (answer) => ({
    access_token: answer['access_token'],
    refresh_token: answer['refresh_token'],
    access_token_expire_time: toInt(answer['access_token_expire_time']),
    refresh_token_expire_time: toInt(answer['refresh_token_expire_time']),
  }),
};
const CDR_ROWS: ResultRule = {
  why: 'every record gains record_id (quirks.ts 4); no rows read as []',
  expected: (answer) => ({ ...answer, data: rowsOf(answer, 'data').map((row) => normaliseCdr(row)) }),
};
const ROWS_OR_EMPTY: ResultRule = {
  why: 'an answer without rows reads as data: []',
  expected: (answer) => ({ ...answer, data: rowsOf(answer, 'data') }),
};
const ROWS_UNDER_LIST: ResultRule = {
  why: 'rows under `list` whichever key the PBX used (quirks.ts 12)',
  expected: (answer) => rowsUnder(answer, 'list'),
};
const infoUnderData = (key: string): ResultRule => ({
  why: `the rule under data, read from ${key} (quirks.ts 11)`,
  expected: (answer) => unwrapObject(answer, [key]),
});

/**
 * Normalisations the client applies to an answer, per operation; every other operation returns the answer as
 * sent, with errcode read as an integer and errmsg as text (quirks.ts 8), see {@link expectedResult}.
 */
const RESULTS: Partial<Record<PbxOperationName, ResultRule>> = {
  get_token: TOKEN_PAIR,
  refresh_token: TOKEN_PAIR,
  del_token: { why: 'del_token resolves to nothing', expected: () => undefined },
  'cdr/search': CDR_ROWS,
  'cdr/list': CDR_ROWS,
  'inbound_route/query': {
    why: 'cid_to_phonebook read into an array of IDs (quirks.ts 3); no rows read as []',
    expected: (answer) => ({
      ...answer,
      data: rowsOf(answer, 'data').map((route) => ({
        ...route,
        cid_to_phonebook: parsePhonebookIds(route['cid_to_phonebook']),
      })),
    }),
  },
  'inbound_route/list': ROWS_OR_EMPTY,
  'inbound_route/search': ROWS_OR_EMPTY,
  'recording/search': ROWS_OR_EMPTY,
  'system/get_menuoptions': ROWS_OR_EMPTY,
  'allow_numbers/get': infoUnderData('allow_number_info'),
  'block_numbers/get': infoUnderData('block_number_info'),
  'message_queue/list': ROWS_UNDER_LIST,
  'message_queue/search': ROWS_UNDER_LIST,
  'message_queue/query': ROWS_UNDER_LIST,
  'message_channel/search': ROWS_UNDER_LIST,
  'message_session/list': ROWS_UNDER_LIST,
  'message_session/search': ROWS_UNDER_LIST,
  'message_session/query': ROWS_UNDER_LIST,
  'phone/get': {
    why: 'data is one object even when sent as an array holding it (quirks.ts 13)',
    expected: (answer) => ({ ...answer, data: firstIfArray(answer['data']) }),
  },
};

/** The result the client should give for the example's answer. */
function expectedResult(operation: PbxOperationName, answer: JsonObject): unknown {
  // Every answer: errcode read as an integer, errmsg as text (quirks.ts 8).
  const envelope = {
    ...answer,
    errcode: toInt(answer['errcode']),
    errmsg: typeof answer['errmsg'] === 'string' ? answer['errmsg'] : '',
  };
  const rule = RESULTS[operation];
  return rule ? rule.expected(envelope) : envelope;
}

/**
 * Keys the client sends under both spellings (the page's table and its example disagree), each with the value
 * given under either.
 */
const BOTH_SPELLINGS: Partial<Record<PbxOperationName, { quirk: string; pairs: [string, string][] }>> = {
  'ivr/create': { quirk: 'quirks.ts 1', pairs: [['allow_out_record_invalid', 'allow_out_record_invaild']] },
  'ivr/update': { quirk: 'quirks.ts 15', pairs: [['allow_out_record_invalid', 'allow_out_record_invaild']] },
  'company_contact/query': { quirk: 'quirks.ts 2', pairs: [['ids', 'id']] },
  'pin_list/query': { quirk: 'quirks.ts 14', pairs: [['ids', 'id']] },
};

/** Values the client sends in the table's spelling where the example uses another. */
const VALUE_REWRITES: Partial<
  Record<PbxOperationName, { quirk: string; field: string; from: string; to: string }>
> = {
  'callnotes/update': { quirk: 'quirks.ts 9', field: 'update_entry', from: 'in-call', to: 'in_call' },
};

/** The example's parameters (query or body) as the client should put them on the wire. */
function expectedWire(operation: PbxOperationName, params: Record<string, unknown>): Record<string, unknown> {
  const out = { ...params };
  for (const [first, second] of BOTH_SPELLINGS[operation]?.pairs ?? []) {
    const value = out[first] ?? out[second];
    if (value !== undefined) Object.assign(out, { [first]: value, [second]: value });
  }
  const rewrite = VALUE_REWRITES[operation];
  if (rewrite && out[rewrite.field] === rewrite.from) out[rewrite.field] = rewrite.to;
  return out;
}

/** The rule of a parameter by name or alias. */
function ruleOf(spec: OperationSpec, key: string): FieldRule | undefined {
  const field = Object.hasOwn(spec.params.fields, key) ? key : spec.params.aliases?.[key];
  return field === undefined ? undefined : spec.params.fields[field];
}

/** The example's request as the typed params a caller passes: query text to numbers where the rule says integer. */
function guideParams(spec: OperationSpec, request: GuideRequest): GuideParams {
  let params: GuideParams;
  if (request.method === 'GET') {
    params = Object.fromEntries(
      Object.entries(request.query).map(([key, text]) => [
        key,
        ruleOf(spec, key)?.type === 'integer' && /^-?\d+$/.test(text) ? Number(text) : text,
      ]),
    );
  } else {
    const body = request.body;
    params =
      body === undefined
        ? {}
        : typeof body === 'object' && body !== null && !Array.isArray(body)
          ? { ...body }
          : {};
  }
  return canonicalParams(spec.params, params);
}

/** `p-series-software-edition query-agent-status-of-a-queue` from the page's address. */
function pageLabel(page: string): string {
  const parts = new URL(page).pathname
    .replace(/\.html$/, '')
    .split('/')
    .filter(Boolean);
  return parts.filter((part) => part !== 'en' && part !== 'developer-guide').join(' ');
}

function label(name: string, index: number, example: { page: string }): string {
  return `${name} #${index + 1} (${pageLabel(example.page)})`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Fails with every problem, one per line. */
function report(problems: readonly string[]): void {
  if (problems.length > 0) {
    throw new Error(
      `${problems.length} difference(s) from the guide's example:\n  - ${problems.join('\n  - ')}`,
    );
  }
}

/** Differences between the request the client sent and the example's (quirks of the operation applied). */
function requestDifferences(
  operation: PbxOperationName,
  spec: OperationSpec,
  example: OperationExample,
  seen: readonly SeenRequest[],
): string[] {
  if (seen.length !== 1) return [`sent ${seen.length} request(s), expected 1`];
  const [sent] = seen as [SeenRequest];
  const out: string[] = [];
  if (sent.method !== example.request.method) {
    out.push(`method: the example uses ${example.request.method}, the client sent ${sent.method}`);
  }
  const path = `/openapi/${spec.version}/${spec.path}`;
  if (sent.path !== path) out.push(`path: expected ${path}, the client sent ${sent.path}`);
  const { access_token: token, ...query } = sent.query;
  if (spec.authenticated && token !== TOKEN) out.push('query.access_token: not sent');
  if (!spec.authenticated && token !== undefined)
    out.push('query.access_token: sent to an operation that takes none');
  const expectedQuery =
    example.request.method === 'GET' ? expectedWire(operation, example.request.query) : example.request.query;
  out.push(...valueDifferences(query, expectedQuery, 'query').map((line) => `sent ${line}`));
  const body = example.request.body;
  const expectedBody =
    example.request.method === 'POST' && typeof body === 'object' && body !== null && !Array.isArray(body)
      ? expectedWire(operation, body)
      : body;
  out.push(...valueDifferences(sent.body, expectedBody, 'body').map((line) => `sent ${line}`));
  return out;
}

function isKnownOperation(name: string): name is PbxOperationName {
  return findOperation(name) !== undefined && Object.hasOwn(CALLS, name);
}

/** (a) and (b) for one example; an answer no copy of the page shows whole leaves (b) alone. */
async function operationDifferences(
  operation: PbxOperationName,
  example: OperationExample,
): Promise<string[]> {
  const spec = PBX_OPERATIONS[operation] as OperationSpec;
  const answer = example.response;
  const requestOnly = example.responseKind === 'json' && answer === undefined;
  const fake = new FakePbx().otherwise({
    // A request-only example still needs an answer for the call to finish; what the client makes of it is moot.
    body: example.responseKind === 'file' ? 'file content' : (answer ?? { errcode: 0, errmsg: 'SUCCESS' }),
  });
  const outcome = await CALLS[operation](clientOn(fake), guideParams(spec, example.request)).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const problems = requestOnly
    ? []
    : resultDifferences(operation, answer, outcome).map((line) => `(a) ${line}`);
  problems.push(...requestDifferences(operation, spec, example, fake.requests).map((line) => `(b) ${line}`));
  return problems;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** (a): the client resolves with the example's data (normalised), or rejects with the example's errcode. */
function resultDifferences(
  operation: PbxOperationName,
  answer: JsonObject | undefined,
  outcome: Outcome,
): string[] {
  const errcode = answer === undefined ? 0 : toInt(answer['errcode']);
  if (errcode === 0) {
    if (!outcome.ok) return [`the client rejected the example's answer: ${errorText(outcome.error)}`];
    if (answer === undefined) return [];
    const why = RESULTS[operation]?.why;
    const differences = valueDifferences(outcome.value, expectedResult(operation, answer), 'result');
    return differences.length > 0 && why ? [...differences, `(expected result after: ${why})`] : differences;
  }
  if (outcome.ok) return [`the example answers errcode ${String(answer?.['errcode'])}, the client resolved`];
  if (!(outcome.error instanceof PbxApiError || outcome.error instanceof PbxAuthError)) {
    return [`errcode ${errcode} should reject with the PBX's errcode, got ${errorText(outcome.error)}`];
  }
  return outcome.error.errcode === errcode
    ? []
    : [`rejected with errcode ${String(outcome.error.errcode)}, the example answers ${errcode}`];
}

describe('client against the guide: operations', () => {
  for (const fixture of OPERATION_FIXTURES.filter((entry) => entry.examples.length > 0)) {
    describe(fixture.file, () => {
      fixture.examples.forEach((example, index) => {
        const requestOnly = example.responseKind === 'json' && example.response === undefined;
        it(`${label(fixture.operation, index, example)}${requestOnly ? ' request only' : ''}`, async () => {
          const operation = fixture.operation;
          if (!isKnownOperation(operation)) {
            throw new Error(
              `the guide documents ${operation}; the client's catalogue (PBX_OPERATIONS) has no such operation`,
            );
          }
          report(await operationDifferences(operation, example));
        });
      });
    });
  }
});

type EventMsg = Record<string, unknown>;

/** Maps every value at `path` (`a.b`, `list[].x`) of `root` in place; absent values stay absent. */
function mapAt(root: EventMsg, path: string, map: (value: unknown) => unknown): void {
  const segments = path.split('.');
  const walk = (node: unknown, index: number): void => {
    const segment = segments[index];
    if (segment === undefined || typeof node !== 'object' || node === null || Array.isArray(node)) return;
    const key = segment.replace(/\[\]$/, '');
    const record = node as EventMsg;
    if (record[key] === undefined) return;
    const last = index === segments.length - 1;
    if (segment.endsWith('[]')) {
      const list = record[key];
      if (!Array.isArray(list)) return;
      if (last) record[key] = list.map(map);
      else for (const element of list) walk(element, index + 1);
    } else if (last) record[key] = map(record[key]);
    else walk(record[key], index + 1);
  };
  walk(root, 0);
}

/** One documented change the parser makes to a `msg`. */
interface MsgRule {
  why: string;
  apply(msg: EventMsg): void;
}

const asText = (...paths: string[]): MsgRule => ({
  why: `${paths.join(', ')} as text (event-msg.types.ts)`,
  apply: (msg) => paths.forEach((path) => mapAt(msg, path, String)),
});
const asInteger = (...paths: string[]): MsgRule => ({
  why: `${paths.join(', ')} read as integers (quirks.ts 8)`,
  apply: (msg) => paths.forEach((path) => mapAt(msg, path, (value) => toInt(value) ?? value)),
});
/** Call_Info legs: a leg field left out reads as empty text (event-msg.normalise.ts, as call/query promises). */
const LEG_DEFAULTS: MsgRule = {
  why: 'absent Call_Info leg fields read as "" (event-msg.normalise.ts)',
  apply: (msg) =>
    mapAt(msg, 'members[]', (member) => {
      const out = { ...(member as EventMsg) };
      const defaults: Record<string, EventMsg> = {
        extension: { call_path: '' },
        inbound: { from: '', to: '', trunk_name: '', call_path: '' },
        outbound: { from: '', to: '', trunk_name: '', call_path: '' },
      };
      for (const [side, fields] of Object.entries(defaults)) {
        if (out[side] !== undefined) out[side] = { ...fields, ...(out[side] as EventMsg) };
      }
      return out;
    }),
};
const QUEUE_WITHOUT_PREFIX: MsgRule = {
  why: 'queue = queue_number without `queue-` (quirks.ts 7)',
  apply: (msg) => {
    msg['queue'] = stripQueuePrefix(msg['queue_number']);
  },
};
const CALL_INFO = [asText('call_id'), LEG_DEFAULTS];

/** What the parser changes in each event's `msg`, beyond nulls read as absent (event-msg.normalise.ts). */
const EVENT_RULES: Record<KnownPbxEventType, MsgRule[]> = {
  30006: [asInteger('id_list[]')],
  30007: [],
  30008: [],
  30009: [],
  30010: [asInteger('status')],
  30011: CALL_INFO,
  30012: [
    asText('call_id'),
    asInteger('call_duration', 'talk_duration', 'agent_ring_time'),
    {
      why: 'src_trunk_name, dst_trunk_name, pin_code, did_number trimmed (docs/pbx/events.md#30012-new-cdr)',
      apply: (msg) =>
        ['src_trunk_name', 'dst_trunk_name', 'pin_code', 'did_number'].forEach((key) =>
          mapAt(msg, key, (value) => String(value).trim()),
        ),
    },
    {
      why: 'status ANSWERD read as ANSWERED, upper case; type lower case (quirks.ts 6)',
      apply: (msg) => {
        msg['status'] = normaliseCdrStatus(msg['status']);
        msg['type'] = normaliseCallType(msg['type']);
      },
    },
  ],
  30013: CALL_INFO,
  30014: CALL_INFO,
  30015: CALL_INFO,
  30016: CALL_INFO,
  30017: [...CALL_INFO, asInteger('flag')],
  30018: CALL_INFO,
  30019: [asText('call_id', 'survey_result')],
  30020: [asText('call_id')],
  30022: [],
  30023: [],
  30024: [asText('conference_id')],
  30025: [
    asText('queue_number', 'calls[].call_id', 'calls[].caller_number'),
    QUEUE_WITHOUT_PREFIX,
    {
      why: 'calls left out read as [] (event-msg.types.ts)',
      apply: (msg) => {
        msg['calls'] ??= [];
      },
    },
  ],
  30028: [asInteger('display', 'trigger_call_note_popup'), asText('call_note_id', 'group_id')],
  30029: [asText('queue_number'), QUEUE_WITHOUT_PREFIX],
  30034: [],
  30035: [],
  30036: [],
  30038: [asInteger('data.session_id', 'data.read_msg_id', 'data.user_id', 'data.read_time')],
};

/** Nulls mean "absent" on the wire (event-msg.normalise.ts). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, withoutNulls(field)]),
  );
}

const KIND_BY_TYPE = new Map<number, string>(
  Object.entries(PBX_EVENT).map(([name, type]) => [type, name.toLowerCase()]),
);

function isKnownEvent(type: number): type is KnownPbxEventType {
  return KIND_BY_TYPE.has(type);
}

/** The example's `msg` (a JSON string or an object, quirks.ts 5) as the parser should deliver it. */
function expectedMsg(type: KnownPbxEventType, frame: JsonObject): EventMsg | undefined {
  const raw = parseEventMsg(frame['msg']);
  if (raw === undefined) return undefined;
  const msg = withoutNulls(raw) as EventMsg;
  for (const rule of EVENT_RULES[type]) rule.apply(msg);
  return msg;
}

/** What the parser made of `frame`: the typed event, or why there is none. */
function parseFrame(type: KnownPbxEventType, frame: JsonObject): { msg: unknown; problems: string[] } {
  const parsed = parsePbxFrame(JSON.stringify(frame));
  if (parsed.kind !== 'event') {
    return {
      msg: undefined,
      problems: [`parsed as ${parsed.kind}${parsed.kind === 'malformed' ? `: ${parsed.reason}` : ''}`],
    };
  }
  const { event } = parsed;
  const problems: string[] = [];
  if (event.type !== type) problems.push(`type: expected ${type}, got ${event.type}`);
  if (event.kind !== KIND_BY_TYPE.get(type)) {
    problems.push(`kind: expected ${KIND_BY_TYPE.get(type)}, got ${event.kind}`);
  }
  const sn = typeof frame['sn'] === 'string' && frame['sn'] !== '' ? frame['sn'] : undefined;
  if (event.sn !== sn) problems.push(`sn: expected ${JSON.stringify(sn)}, got ${JSON.stringify(event.sn)}`);
  return { msg: event.msg, problems };
}

/** The frame with the values at `path` (into the frame, `msg` read as an object) replaced by `value`. */
function frameWith(frame: JsonObject, path: string, value: unknown): JsonObject {
  const msgIsText = typeof frame['msg'] === 'string';
  const copy = structuredClone({ ...frame, msg: parseEventMsg(frame['msg']) ?? {} }) as EventMsg;
  mapAt(copy, path, () => value);
  return { ...copy, msg: msgIsText ? JSON.stringify(copy['msg']) : copy['msg'] } as JsonObject;
}

/** Differences of the parsed example from the example (normalised), then of each listed enum value. */
function eventDifferences(type: KnownPbxEventType, fixture: EventFixture, frame: JsonObject): string[] {
  const parsed = parseFrame(type, frame);
  const problems = [...parsed.problems];
  if (parsed.msg !== undefined)
    problems.push(...valueDifferences(parsed.msg, expectedMsg(type, frame), 'msg'));
  // Every value the page lists for an enum path must come through the parser, normalised as the example is. A
  // path the example holds no value at (an outbound leg in an example of an inbound call) is not varied.
  for (const [path, values] of Object.entries(fixture.enums)) {
    const readable = { ...frame, msg: parseEventMsg(frame['msg']) };
    if (valuesAt(readable, path).length === 0) continue;
    for (const value of values) {
      const variant = frameWith(frame, path, value);
      const result = parseFrame(type, variant);
      const expected = { ...variant, msg: expectedMsg(type, variant) };
      const got = { ...variant, msg: result.msg };
      const kept = valuesAt(got, path).map((entry) => entry.value);
      const wanted = valuesAt(expected, path).map((entry) => entry.value);
      problems.push(
        ...result.problems.map((line) => `${path} = ${JSON.stringify(value)}: ${line}`),
        ...(result.problems.length === 0
          ? valueDifferences(kept, wanted, path).map((line) => `${path} = ${JSON.stringify(value)}: ${line}`)
          : []),
      );
    }
  }
  if (problems.length > 0 && EVENT_RULES[type].length > 0) {
    problems.push(`(expected values after: ${EVENT_RULES[type].map((rule) => rule.why).join('; ')})`);
  }
  return problems;
}

function eventLabel(fixture: EventFixture, index: number, example: EventExample): string {
  return label(`${fixture.event} ${fixture.name}`, index, example);
}

describe('client against the guide: events', () => {
  for (const fixture of EVENT_FIXTURES.filter((entry) => entry.examples.length > 0)) {
    describe(fixture.file, () => {
      fixture.examples.forEach((example, index) => {
        it(eventLabel(fixture, index, example), () => {
          const type = fixture.event;
          if (!isKnownEvent(type)) {
            throw new Error(
              `the guide documents event ${type}; the client's catalogue (PBX_EVENT) has no such event`,
            );
          }
          report(eventDifferences(type, fixture, example.frame));
        });
      });
    });
  }
});

/**
 * Operations and events whose guide page has an example that no stored copy of the page reaches: every copy is cut
 * before it (long parameter tables), so the fixture file says `notFound` with the pages and searches tried. Pinned
 * here so the list only shrinks: a new operation needs an example, and a fixture that gains one must leave.
 */
const UNREADABLE_EXAMPLES: readonly (string | number)[] = [
  'ivr/create',
  'ivr/list',
  'ivr/get',
  'ivr/query',
  'ivr/update',
  'phone/batchcreate',
  'phone/batchreprovision',
  'message_queue/list',
  'message_queue/delete',
  'allow_numbers/query',
  'cdr/search',
  'cdr/list',
  'inbound_route/query',
  'inbound_route/list',
  'inbound_route/search',
  'callnotes/get',
  'message_channel/get',
  'message_channel/getlivechat',
  'company_contact/query',
  'company_contact/list',
  'company_contact/search',
  'message_session/get',
  'message_session/list',
  'message_session/search',
  'message_session/query',
  'message/query',
  'recording/search',
  'extension/list',
  'extension/search',
  'extension/get',
  'extension/query',
  'extension_status_monitor/list',
  'queue/list',
  'queue/call_status',
  'call/query',
  'uacsta_call/refuse',
  'conference/kick_member',
  30011,
  30013,
  30014,
  30015,
  30017,
  30018,
];

/** Names without a fixture file, and names whose file has no example, each list sorted. */
function coverage<K extends string | number>(
  names: readonly K[],
  fixtures: readonly { key: K; examples: readonly unknown[] }[],
): { noFile: K[]; noExample: K[] } {
  const noFile = names.filter((name) => !fixtures.some((fixture) => fixture.key === name));
  const noExample = names.filter(
    (name) =>
      fixtures.some((fixture) => fixture.key === name) &&
      !fixtures.some((fixture) => fixture.key === name && fixture.examples.length > 0),
  );
  return { noFile, noExample };
}

function expectCovered<K extends string | number>(
  kind: string,
  found: { noFile: K[]; noExample: K[] },
  all: readonly K[],
): void {
  expect(
    found.noFile,
    `${kind} without a fixture file in test/guide-examples/: ${found.noFile.join(', ')}`,
  ).toEqual([]);
  const pinned = UNREADABLE_EXAMPLES.filter((name) => all.includes(name as K));
  expect(
    found.noExample,
    `${kind} whose fixture says notFound must be exactly the pinned unreadable ones (a new one needs an example; one ` +
      'that gained an example leaves UNREADABLE_EXAMPLES)',
  ).toEqual(pinned);
}

describe('client against the guide: coverage', () => {
  it('every operation of PBX_OPERATIONS has a guide example file, with an example unless its page is unreadable', () => {
    const names = Object.keys(PBX_OPERATIONS);
    const found = coverage(
      names,
      OPERATION_FIXTURES.map((fixture) => ({ ...fixture, key: fixture.operation })),
    );
    expectCovered('operations', found, names);
  });

  it('every event code of the client catalogue (PBX_EVENT) has a guide example file, with an example unless unreadable', () => {
    const codes = Object.values(PBX_EVENT) as number[];
    const found = coverage(
      codes,
      EVENT_FIXTURES.map((fixture) => ({ ...fixture, key: fixture.event })),
    );
    expectCovered('events', found, codes);
  });

  it('every guide example names an operation or event the client has', () => {
    const unknown = [
      ...OPERATION_FIXTURES.filter((fixture) => !isKnownOperation(fixture.operation)).map(
        (fixture) => `operation ${fixture.operation} (${fixture.file})`,
      ),
      ...EVENT_FIXTURES.filter((fixture) => !isKnownEvent(fixture.event)).map(
        (fixture) => `event ${fixture.event} (${fixture.file})`,
      ),
    ];
    expect(unknown, `guide examples of things the client lacks: ${unknown.join(', ')}`).toEqual([]);
  });
});
