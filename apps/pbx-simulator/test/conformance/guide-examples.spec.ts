/**
 * The simulator against the PBX guide's own examples (libs/pbx-api/test/guide-examples/README.md), not against
 * the rule files it shares with the client. Each operation example is sent as raw HTTP to a running simulator;
 * the answer must carry every key of the example's answer with the same JSON type (array elements against the
 * union of the example's elements), the same errcode, and only listed values at `enums` paths. The event frames
 * the simulator sends with live traffic must have the frame shape of the event's examples and listed values.
 *
 * The world is the real `contact-center` scenario (queues, agents, calls, conferences: lists are populated, so
 * element shapes can be compared) on a manual clock: traffic moves only when the suite advances it, so every run
 * sees the same calls. Reads share one simulator; an operation that changes state gets a fresh one per file.
 */
import { EVENT_MSG_ENCODING, findOperation, PBX_EVENT } from '@switchboard/pbx-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallCenter, ManualClock } from '../../src/callcenter/index.js';
import { simulatorConfig } from '../../src/config.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator.js';
import { controlledLine, holdCall } from '../support/held-calls.js';
import { api, post, rawRequest, token, UA, WsClient } from '../support/sim-harness.js';
import {
  EVENT_FIXTURES,
  OPERATION_FIXTURES,
  PLACEHOLDER_PATTERN,
  type EventFixture,
  type JsonObject,
  type JsonValue,
  type OperationExample,
  type OperationFixture,
} from '../../../../libs/pbx-api/test/guide-examples/load.js';
import {
  collapseElements,
  enumViolations,
  shapeMismatches,
  shapeOf,
} from '../../../../libs/pbx-api/test/guide-examples/shape.js';

/** Monday 6 January 2025, 09:00 UTC: office hours, so every queue takes calls. */
const START_MS = Date.UTC(2025, 0, 6, 9, 0, 0);
/** With this seed every event the simulator publishes appears within 30 simulated minutes of START_MS. */
const SEED = 42;
/** Simulated minutes of traffic before reads, so calls are ringing, talking and waiting in queues. */
const WARM_MINUTES = 20;
/** Simulated minutes of traffic watched for events at most (the watch ends once every expected type was seen). */
const MAX_EVENT_MINUTES = 90;

/**
 * Events the simulator never publishes, each with why. The suite fails when one of these is sent after all, or
 * when an event of the client's catalogue or of the guide examples that is not listed here is never seen.
 */
const NOT_SENT: Readonly<Record<number, string>> = {
  30006: 'the simulated PBX has no organisation structure to change',
  30009: 'presence is never changed by the simulation',
  30010: 'trunks stay registered: trunk registration changes are not simulated',
  30013: 'calls are never transferred in the simulation',
  30014: 'calls are never forwarded in the simulation',
  30015: 'generated calls never fail (a refused held call is recorded, not reported as failed)',
  30017: 'callers press no DTMF keys in the simulation',
  30018: 'no prompts are played through the interface',
  30019: 'there is no satisfaction survey in the simulation',
  30022: 'extension configuration never changes in the simulation',
  30023: 'trunk configuration never changes in the simulation',
  30034: 'no system events (information) are simulated',
  30035: 'no system events (warning) are simulated',
  30036: 'no system events (alert) are simulated',
  30038: 'message sessions are static: nobody reads messages in the simulation',
};

type Live = Record<string, string | number>;
/** A call as call/query answers it: members keyed `extension`, `inbound` or `outbound`. */
type LiveCall = { call_id: string; members: Record<string, Record<string, string> | undefined>[] };

/** A running simulator on a manual clock, with what the suite needs from it. */
class World {
  /** Event frames seen in-process (only the kinds live values are taken from). */
  private readonly tapped: { type: number; msg: Record<string, unknown> }[] = [];
  /** Simulated minutes of traffic so far. */
  private minutes = 0;
  private accessToken: Promise<string> | undefined;
  /** Calls handed out as `live_call` (an example may hang one up). */
  private readonly usedCalls = new Set<string>();

  private constructor(
    readonly sim: RunningSimulator,
    readonly clock: ManualClock,
  ) {
    sim.events.attach({
      wants: (type) => type === 30020 || type === 30028,
      deliver: (type, frame) => {
        const msg = (JSON.parse(frame) as { msg: unknown }).msg;
        this.tapped.push({
          type,
          msg: (typeof msg === 'string' ? JSON.parse(msg) : msg) as Record<string, unknown>,
        });
      },
    });
  }

  static async start(): Promise<World> {
    const clock = new ManualClock({
      startMs: START_MS,
      onError: (error) => {
        throw error;
      },
    });
    const sim = await startSimulator(
      simulatorConfig({ port: 0, scenario: 'contact-center', seed: SEED, history: 50 }),
      {
        createCallCenter: (options) => createCallCenter(options, { clock }),
        onInternalError: (where, error) => {
          throw new Error(`unexpected internal error in ${where}: ${String(error)}`);
        },
      },
    );
    return new World(sim, clock);
  }

  /** Runs `minutes` of simulated traffic, minute by minute; `each` runs after every minute. */
  async advance(minutes: number, each?: () => Promise<boolean>): Promise<void> {
    for (let minute = 0; minute < minutes; minute++) {
      this.clock.advance(60_000);
      this.minutes++;
      if (each && (await each())) return;
    }
  }

  /** At least WARM_MINUTES of traffic. */
  warm(): void {
    for (; this.minutes < WARM_MINUTES; this.minutes++) this.clock.advance(60_000);
  }

  /** One access token shared by the world's examples. */
  token(): Promise<string> {
    this.accessToken ??= token(this.sim);
    return this.accessToken;
  }

  async read(op: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { body } = await api(this.sim, await this.token(), op, params);
    if (body['errcode'] !== 0)
      throw new Error(`${op} failed while finding a live value: ${JSON.stringify(body)}`);
    return body;
  }

  /** The values of one group of live values (README: "Live values"), e.g. `live_call`. */
  async live(group: string): Promise<Live> {
    switch (group) {
      case 'client_id':
        return { client_id: this.sim.config.clientId };
      case 'client_secret':
        return { client_secret: this.sim.config.clientSecret };
      case 'refresh_token': {
        const { body } = await post(this.sim.url, '/openapi/v1.0/get_token', {
          username: this.sim.config.clientId,
          password: this.sim.config.clientSecret,
        });
        return { refresh_token: String(body['refresh_token']) };
      }
      case 'held_call':
        return holdCall(this.sim, controlledLine(this.sim));
      case 'live_call':
        return this.liveCall();
      case 'idle_extension':
        return { idle_extension: await this.idleExtension() };
      case 'conference':
        return this.conference();
      case 'uacsta_call':
        return this.ringingDeskPhone();
      case 'call_note': {
        this.warm();
        const note = this.tapped.filter((frame) => frame.type === 30028).at(-1);
        if (!note) throw new Error(`no 30028 within ${WARM_MINUTES} simulated minutes`);
        return { id: String(note.msg['call_note_id']), group_id: String(note.msg['group_id']) };
      }
      case 'dynamic_agent':
        return this.dynamicAgent();
      case 'pause_reason': {
        const reasons = (await this.read('queue_pause_reason/list', {}))['data'] as { code: string }[];
        const reason = reasons[0];
        if (!reason) throw new Error('queue_pause_reason/list is empty');
        return { code: reason.code };
      }
      case 'recording': {
        const rows = (await this.read('recording/list', { page: 1, page_size: 1 }))['data'] as Live[];
        const row = rows[0];
        if (!row) throw new Error('recording/list is empty');
        return { id: row['id'] as number, file: row['file'] as string };
      }
      default:
        throw new Error(`unknown live value ${group}`);
    }
  }

  private async calls(): Promise<LiveCall[]> {
    const all: LiveCall[] = [];
    for (const type of ['inbound', 'outbound', 'internal']) {
      all.push(...((await this.read('call/query', { type }))['data'] as LiveCall[]));
    }
    return all;
  }

  private async liveCall(): Promise<Live> {
    this.warm();
    for (const call of await this.calls()) {
      // The guide's member statuses: the caller's leg ANSWERED, the callee's ANSWER once connected.
      const answered = (leg: Record<string, string> | undefined) =>
        leg !== undefined && ['ANSWERED', 'ANSWER'].includes(leg['member_status'] ?? '');
      const trunk = call.members.find((m) => answered(m['inbound']))?.['inbound'];
      const ext = call.members.find((m) => answered(m['extension']))?.['extension'];
      if (!trunk || !ext || this.usedCalls.has(call.call_id)) continue;
      this.usedCalls.add(call.call_id);
      return {
        call_id: call.call_id,
        extension: String(ext['number']),
        extension_channel_id: String(ext['channel_id']),
        trunk_channel_id: String(trunk['channel_id']),
      };
    }
    throw new Error('no answered inbound call that no earlier example used');
  }

  private async dynamicAgent(): Promise<Live> {
    const queues = (await this.read('queue/list', { page: 1, page_size: 100 }))['queue_list'] as {
      id: number;
      dynamic_agent_list?: { value: string; text2: string }[];
    }[];
    for (const queue of queues) {
      const agents = (await this.read('queue/agent_status', { id: queue.id }))['data'] as {
        number: string;
        is_login: number;
      }[];
      const agent = (queue.dynamic_agent_list ?? []).find((member) =>
        agents.some((row) => row.number === member.text2 && row.is_login === 1),
      );
      if (agent) return { ext_id: Number(agent.value), queue_id: queue.id };
    }
    throw new Error('no dynamic agent is logged in to a queue');
  }

  private async idleExtension(): Promise<string> {
    this.warm();
    const busy = new Set(
      (await this.calls()).flatMap((call) => call.members.map((m) => m['extension']?.['number'])),
    );
    const free = this.sim.control.world().extensions.find((ext) => !busy.has(ext.number));
    if (!free) throw new Error('every extension is in a call');
    return free.number;
  }

  private async conference(): Promise<Live> {
    this.warm();
    let found: Live | undefined;
    const look = async () => {
      const rooms = (await this.read('conference/query_ongoing_conference', { number: 'all' }))['data'] as {
        conference_number: string;
        members: { channel_id: string }[];
      }[];
      const room = rooms.find((entry) => entry.members.length > 0);
      found = room && {
        number: room.conference_number,
        member_channel_id: room.members[0]?.channel_id ?? '',
      };
      return found !== undefined;
    };
    if (!(await look())) await this.advance(MAX_EVENT_MINUTES, look);
    if (!found) throw new Error(`no conference within ${MAX_EVENT_MINUTES} more simulated minutes`);
    return found;
  }

  /** A desk phone ringing with a uaCSTA call: a 30020 call_start without call_answer or call_over after it. */
  private async ringingDeskPhone(): Promise<Live> {
    this.warm();
    for (let step = 0; step <= 600; step++) {
      const state = new Map<string, Record<string, unknown>>();
      for (const { type, msg } of this.tapped) {
        if (type === 30020) state.set(`${String(msg['extension'])} ${String(msg['call_id'])}`, msg);
      }
      const ringing = [...state.values()].filter((msg) => msg['operation'] === 'call_start').at(-1);
      if (ringing) {
        return {
          extension: String(ringing['extension']),
          call_id: String(ringing['call_id']),
          ip_address: String(ringing['ip_address']),
        };
      }
      this.clock.advance(1_000);
    }
    throw new Error('no desk phone rang within 10 more simulated minutes');
  }

  close(): Promise<void> {
    return this.sim.close();
  }
}

/** Names of the live values a request template uses. */
function placeholdersIn(value: unknown): string[] {
  if (typeof value === 'string')
    return [...value.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1] ?? '');
  if (Array.isArray(value)) return value.flatMap(placeholdersIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(placeholdersIn);
  return [];
}

/** The template with `{{name}}` replaced: a whole-string placeholder keeps the value's type. */
function fill(value: JsonValue, values: ReadonlyMap<string, string | number>): JsonValue {
  if (typeof value === 'string') {
    const whole = /^\{\{([a-z_.]+)\}\}$/.exec(value);
    if (whole) return values.get(whole[1] ?? '') ?? value;
    return value.replace(PLACEHOLDER_PATTERN, (_, name: string) => String(values.get(name) ?? ''));
  }
  if (Array.isArray(value)) return value.map((entry) => fill(entry, values));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fill(entry, values)]));
  }
  return value;
}

/** The live values a template names, each group (`live_call`) resolved once. */
async function liveValues(world: World, template: unknown): Promise<Map<string, string | number>> {
  const values = new Map<string, string | number>();
  const groups = new Set(placeholdersIn(template).map((name) => name.split('.')[0] ?? name));
  for (const group of groups) {
    for (const [key, value] of Object.entries(await world.live(group))) {
      values.set(key === group ? key : `${group}.${key}`, value);
    }
  }
  return values;
}

interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: JsonValue | undefined;
}

/** The example's request (or its `simulator` override) with live values filled in and a token added. */
async function requestFor(world: World, operation: string, example: OperationExample): Promise<SentRequest> {
  const spec = findOperation(operation);
  const template = {
    query: example.simulator?.query ?? example.request.query,
    body: example.simulator?.body ?? example.request.body,
  } as JsonObject;
  const filled = fill(template, await liveValues(world, template)) as {
    query: Record<string, JsonValue>;
    body?: JsonValue;
  };
  const query = Object.fromEntries(Object.entries(filled.query).map(([key, value]) => [key, String(value)]));
  // del_token revokes the token it is sent with: it gets one of its own, so later examples keep theirs.
  if (spec?.authenticated ?? true) {
    query['access_token'] = operation === 'del_token' ? await token(world.sim) : await world.token();
  }
  return {
    method: example.request.method,
    path: `/openapi/${spec?.version ?? 'v1.0'}/${operation}`,
    query,
    body: filled.body,
  };
}

async function send(world: World, request: SentRequest): Promise<{ status: number; text: string }> {
  const url = `${request.path}?${new URLSearchParams(request.query).toString()}`;
  const withBody = request.body !== undefined;
  return rawRequest(world.sim.url, url, {
    method: request.method,
    headers: { ...UA, ...(withBody ? { 'Content-Type': 'application/json' } : {}) },
    ...(withBody ? { body: JSON.stringify(request.body) } : {}),
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Everything that differs between the simulator's answer and the example's (see the file comment). */
async function answerDifferences(
  world: World,
  fixture: OperationFixture,
  example: OperationExample,
): Promise<string[]> {
  const request = await requestFor(world, fixture.operation, example);
  const { status, text } = await send(world, request);
  const answer = parseJson(text);
  const envelope =
    typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? answer : undefined;
  if (example.responseKind === 'file') {
    return status === 200 && (envelope === undefined || !('errcode' in envelope))
      ? []
      : [`expected a file, got HTTP ${status} ${text.slice(0, 200)}`];
  }
  if (!envelope) return [`expected a JSON object, got HTTP ${status} ${text.slice(0, 200)}`];
  const record = envelope as Record<string, unknown>;
  // A request-only example (its answer is cut off in every copy of the page) succeeded on the page.
  const errcode = example.response === undefined ? 0 : Number(example.response['errcode']);
  if (record['errcode'] !== errcode) {
    const detail = ['errmsg', 'detail', 'invalid_param_list']
      .filter((key) => record[key] !== undefined)
      .map((key) => `${key} ${JSON.stringify(record[key])}`)
      .join(', ');
    return [
      `errcode: expected ${errcode}, got ${JSON.stringify(record['errcode'])} (HTTP ${status}${detail ? `, ${detail}` : ''})`,
    ];
  }
  const out = example.response === undefined ? [] : shapeMismatches(answer, shapeOf([example.response]));
  out.push(...enumViolations(answer, fixture.enums, example.response));
  return collapseElements(out);
}

/** Files whose operation changes state get a simulator of their own; reads share one. */
function changesState(fixture: OperationFixture): boolean {
  const spec = findOperation(fixture.operation);
  if (!spec) return fixture.examples.some((example) => example.request.method === 'POST');
  return spec.method === 'POST' || !spec.idempotent;
}

/** `p-series-software-edition query-agent-status-of-a-queue` from the page's address. */
function pageLabel(page: string): string {
  const parts = new URL(page).pathname
    .replace(/\.html$/, '')
    .split('/')
    .filter(Boolean);
  return parts.filter((part) => part !== 'en' && part !== 'developer-guide').join(' ');
}

function report(problems: readonly string[]): void {
  if (problems.length > 0) {
    throw new Error(
      `${problems.length} difference(s) from the guide's example:\n  - ${problems.join('\n  - ')}`,
    );
  }
}

/** Frames the shared world's event socket received, parsed. */
interface Frame {
  type: number;
  sn?: unknown;
  msg: unknown;
}

let main: World;
let frames: Frame[] = [];
let watchedMinutes = 0;

/** Event ids that may be subscribed to and that the suite expects the simulator to send. */
const TOPICS = [...new Set([...Object.values(PBX_EVENT), ...EVENT_FIXTURES.map((fixture) => fixture.event)])]
  .filter((type) => Object.hasOwn(EVENT_MSG_ENCODING, type))
  .sort();
const EXPECTED = [
  ...new Set([...Object.values(PBX_EVENT), ...EVENT_FIXTURES.map((fixture) => fixture.event)]),
]
  .filter((type) => !Object.hasOwn(NOT_SENT, type))
  .sort();

/** Watches live traffic on an event socket subscribed to every event until each expected type was seen. */
async function watchEvents(world: World): Promise<void> {
  const socket = await WsClient.open(world.sim, await world.token());
  try {
    const answer = await socket.ask(JSON.stringify({ topic_list: TOPICS }), 'topic_list answer');
    if ((JSON.parse(answer) as { errcode?: unknown }).errcode !== 0)
      throw new Error(`subscribing failed: ${answer}`);
    const seen = () => new Set(parsedFrames(socket.messages).map((frame) => frame.type));
    await world.advance(MAX_EVENT_MINUTES, async () => {
      watchedMinutes++;
      // `heartbeat response` comes after every frame the minute produced.
      const drained = socket.next((message) => message === 'heartbeat response', 'heartbeat response');
      socket.send('heartbeat');
      await drained;
      const types = seen();
      return watchedMinutes >= WARM_MINUTES && EXPECTED.every((type) => types.has(type));
    });
    frames = parsedFrames(socket.messages);
  } finally {
    socket.close();
  }
}

function parsedFrames(messages: readonly string[]): Frame[] {
  return messages
    .filter((message) => message.startsWith('{'))
    .map((message) => JSON.parse(message) as Frame)
    .filter((frame) => typeof frame.type === 'number');
}

beforeAll(async () => {
  main = await World.start();
  await watchEvents(main);
}, 60_000);

afterAll(async () => {
  await main?.close();
});

describe('simulator against the guide: operations', () => {
  for (const fixture of OPERATION_FIXTURES.filter((entry) => entry.examples.length > 0)) {
    describe(fixture.file, () => {
      const own = changesState(fixture);
      let world: World;
      beforeAll(async () => {
        world = own ? await World.start() : main;
      });
      afterAll(async () => {
        if (own) await world?.close();
      });
      fixture.examples.forEach((example, index) => {
        const requestOnly = example.responseKind === 'json' && example.response === undefined;
        const name = `${fixture.operation} #${index + 1} (${pageLabel(example.page)})${requestOnly ? ' request only' : ''}`;
        it(name, async () => {
          report(await answerDifferences(world, fixture, example));
        });
      });
    });
  }
});

/** `msg` as an object, whichever way it travelled. */
function msgOf(frame: { msg?: unknown }): unknown {
  if (typeof frame.msg !== 'string') return frame.msg;
  return parseJson(frame.msg);
}

/** The frame without its `msg` contents: `msg` keeps only its JSON type (text or object). */
function outer(frame: object): Record<string, unknown> {
  const record = frame as Record<string, unknown>;
  return { ...record, msg: typeof record['msg'] === 'string' ? '' : {} };
}

/** Every difference of the simulator's frames of one type from the fixture, each with how many frames show it. */
function frameDifferences(fixture: EventFixture, sent: readonly Frame[]): string[] {
  const examples = fixture.examples.map((example) => example.frame);
  const counts = new Map<string, number>();
  const count = (messages: readonly string[]) => {
    for (const message of new Set(messages.map((line) => line.replace(/\[\d+\]/g, '[]')))) {
      counts.set(message, (counts.get(message) ?? 0) + 1);
    }
  };
  const frameShape = examples.length > 0 ? shapeOf(examples.map(outer)) : undefined;
  const msgShape = examples.length > 0 ? shapeOf(examples.map(msgOf)) : undefined;
  for (const frame of sent) {
    if (frameShape && msgShape) {
      count(shapeMismatches(outer(frame), frameShape));
      count(shapeMismatches(msgOf(frame), msgShape, 'msg'));
    }
    count(
      enumViolations({ ...frame, msg: msgOf(frame) }, fixture.enums).map((line) =>
        line.replace(/ \(at .*\)$/, ''),
      ),
    );
  }
  return (
    [...counts]
      // An empty list in some frames is fine when other frames had elements to compare.
      .filter(([message, times]) => !(message.includes('the answer none') && times < sent.length))
      .map(([message, times]) => `${message} (in ${times} of ${sent.length} frames)`)
  );
}

describe('simulator against the guide: events', () => {
  for (const fixture of EVENT_FIXTURES.filter((entry) => !Object.hasOwn(NOT_SENT, entry.event))) {
    const what =
      fixture.examples.length > 0 ? 'the frame shape and listed values' : 'the listed values (no example)';
    it(`${fixture.event} ${fixture.name}: frames the simulator sends have ${what} of the guide`, () => {
      const sent = frames.filter((frame) => frame.type === fixture.event);
      if (sent.length === 0) {
        throw new Error(
          `the simulator sent no ${fixture.event} in ${watchedMinutes} simulated minutes of traffic; if it never does, list it in NOT_SENT with the reason`,
        );
      }
      report(frameDifferences(fixture, sent));
    });
  }

  it('sends every event except those NOT_SENT lists, and none of those', () => {
    const seen = new Set(frames.map((frame) => frame.type));
    const unseen = EXPECTED.filter((type) => !seen.has(type));
    const listedButSent = Object.keys(NOT_SENT)
      .map(Number)
      .filter((type) => seen.has(type));
    expect(
      { unseen, listedButSent },
      `in ${watchedMinutes} simulated minutes: never sent and not in NOT_SENT: ${unseen.join(', ') || 'none'}; in NOT_SENT but sent: ${listedButSent.join(', ') || 'none'}`,
    ).toEqual({ unseen: [], listedButSent: [] });
  });
});
