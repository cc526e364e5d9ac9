/**
 * Loads the guide's examples (README.md beside this file) with node:fs and checks each file's own shape, so a
 * malformed fixture fails with the file and the field instead of a confusing assertion later. Plain data and
 * node built-ins only: other projects' tests import it by relative path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  JsonValue,
  JsonObject,
  EnumValue,
  GuideRequest,
  SimulatorOverride,
  OperationExample,
  OperationFixture,
  EventExample,
  EventFixture,
  GuideExamples,
} from './fixture-types.js';

export type * from './fixture-types.js';

/**
 * Live values the simulator runner puts into `simulator.query` / `simulator.body` strings written as
 * `{{name}}` (README: "Live values"), for examples that need objects which exist only while the simulator runs.
 */
export const SIMULATOR_PLACEHOLDERS = {
  client_id: 'the client id of the API application (get_token `username`)',
  client_secret: 'its secret (get_token `password`)',
  refresh_token: 'the refresh token of a token pair fetched for this example',
  'held_call.call_id': 'call id of a call held on a controlled trunk for this example (30016)',
  'held_call.channel_id': 'channel id of its inbound leg (call/accept_inbound, call/refuse_inbound)',
  'live_call.call_id': 'call id of an answered inbound call no earlier example used',
  'live_call.extension': 'number of the extension that answered it',
  'live_call.extension_channel_id': "channel id of that extension's leg",
  'live_call.trunk_channel_id': 'channel id of its inbound (trunk) leg',
  idle_extension: 'number of an extension that is in no call (a monitor for call/listen)',
  'conference.number': 'number of a conference room with a session going on',
  'conference.member_channel_id': 'channel id of one member of that session',
  'uacsta_call.extension': 'extension of a uaCSTA desk phone that is ringing (30020 call_start)',
  'uacsta_call.call_id': 'the uaCSTA call id of that ringing call',
  'uacsta_call.ip_address': '`<ip>:<port>` of that desk phone',
  'call_note.id': 'call_note_id of a call note announced by 30028',
  'call_note.group_id': 'group_id of that call note',
  'dynamic_agent.ext_id': 'extension id of a dynamic agent logged in to a queue (agent/login, agent/pause)',
  'dynamic_agent.queue_id': 'id of that queue (queue/agent_login, queue/agent_pause)',
  'pause_reason.code': 'feature code of a current pause reason (queue_pause_reason/list)',
  'recording.id': 'id of the newest recording (recording/list)',
  'recording.file': 'file name of that recording',
} as const;

/** Name of a live value. */
export type SimulatorPlaceholder = keyof typeof SIMULATOR_PLACEHOLDERS;

/** `{{name}}` inside a string. */
export const PLACEHOLDER_PATTERN = /\{\{([a-z_.]+)\}\}/g;

/** The folder this file lives in, where `operations/` and `events/` are. */
export const GUIDE_EXAMPLES_DIR = fileURLToPath(new URL('.', import.meta.url));

/** One or more fixture files are malformed; `problems` has one line per field, each naming the file. */
export class GuideExampleError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Malformed guide example file(s):\n  - ${problems.join('\n  - ')}`);
    this.name = 'GuideExampleError';
  }
}

/** Reads and checks every fixture file; throws {@link GuideExampleError} listing every problem found. */
export function loadGuideExamples(dir: string = GUIDE_EXAMPLES_DIR): GuideExamples {
  const problems: string[] = [];
  const operations = readFolder(join(dir, 'operations'), problems, readOperationFile);
  const events = readFolder(join(dir, 'events'), problems, readEventFile);
  if (problems.length > 0) throw new GuideExampleError(problems);
  return { operations, events };
}

type FileReader<T> = (check: Check, file: string, json: unknown) => T | undefined;

function readFolder<T>(folder: string, problems: string[], read: FileReader<T>): T[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith('.json'));
  } catch (error) {
    // A missing folder is an empty one; anything else (permissions) is a problem to report.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    problems.push(`${folder}: cannot be read (${(error as Error).message})`);
    return [];
  }
  const out: T[] = [];
  for (const name of names.sort()) {
    const where = `${folder.split(/[\\/]/).at(-1) ?? ''}/${name}`;
    const check = new Check(where, problems);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(folder, name), 'utf8'));
    } catch (error) {
      check.fail('', `is not valid JSON (${(error as Error).message})`);
      continue;
    }
    const before = problems.length;
    const fixture = read(check, name, json);
    if (fixture !== undefined && problems.length === before) out.push(fixture);
  }
  return out;
}

/** Collects problems of one file, each naming the file and the field. */
class Check {
  constructor(
    private readonly file: string,
    private readonly problems: string[],
  ) {}

  fail(field: string, message: string): undefined {
    this.problems.push(`${this.file}${field ? ` ${field}` : ''}: ${message}`);
    return undefined;
  }

  object(value: unknown, field: string): Record<string, unknown> | undefined {
    if (isObject(value)) return value;
    return this.fail(field || '(file)', `must be a JSON object, got ${jsonType(value)}`);
  }

  /** Fails for every key that is not one of `allowed` (a typo such as `enum` would silently skip checks). */
  onlyKeys(record: Record<string, unknown>, field: string, allowed: readonly string[]): void {
    for (const key of Object.keys(record)) {
      if (!allowed.includes(key)) {
        this.fail(join2(field, key), `is not a field of this format (expected one of ${allowed.join(', ')})`);
      }
    }
  }

  string(value: unknown, field: string, options: { optional?: boolean } = {}): string | undefined {
    if (value === undefined && options.optional) return undefined;
    if (typeof value === 'string' && value.trim() !== '') return value;
    return this.fail(field, `must be a non-empty string, got ${describe(value)}`);
  }

  textRecord(value: unknown, field: string): Record<string, string> | undefined {
    const record = this.object(value, field);
    if (!record) return undefined;
    for (const [key, entry] of Object.entries(record)) {
      if (typeof entry !== 'string') {
        this.fail(
          join2(field, key),
          `must be text (query values are text, as in a URL), got ${describe(entry)}`,
        );
      }
    }
    return record as Record<string, string>;
  }

  enums(value: unknown, field: string): Record<string, EnumValue[]> | undefined {
    if (value === undefined) return {};
    const record = this.object(value, field);
    if (!record) return undefined;
    for (const [path, list] of Object.entries(record)) {
      const where = `${field}["${path}"]`;
      if (!ENUM_PATH.test(path)) {
        this.fail(where, 'is not a path like `a.b` or `list[].field`');
      }
      if (!Array.isArray(list) || list.length === 0) {
        this.fail(where, `must be a non-empty array of values, got ${describe(list)}`);
        continue;
      }
      list.forEach((entry, index) => {
        if (entry !== null && !['string', 'number', 'boolean'].includes(typeof entry)) {
          this.fail(
            `${where}[${index}]`,
            `must be a string, number, boolean or null, got ${describe(entry)}`,
          );
        }
      });
    }
    return record as Record<string, EnumValue[]>;
  }
}

/** `a`, `a.b`, `list[].field`, `data[]`: keys joined by dots, `[]` for "every element". */
const ENUM_PATH = /^[A-Za-z0-9_-]+(\[\])*(\.[A-Za-z0-9_-]+(\[\])*)*$/;
/** What an example's `page` must look like. */
const PAGE_URL = /^https:\/\/[^\s/]+\/\S+$/;

function readOperationFile(check: Check, file: string, json: unknown): OperationFixture | undefined {
  const root = check.object(json, '');
  if (!root) return undefined;
  check.onlyKeys(root, '', ['operation', 'examples', 'enums', 'notFound']);
  const operation = check.string(root['operation'], 'operation');
  if (operation !== undefined) {
    const expected = `${operation.replace(/\//g, '.')}.json`;
    if (expected !== file) check.fail('operation', `"${operation}" belongs in ${expected}, not ${file}`);
  }
  const notFound = check.string(root['notFound'], 'notFound', { optional: true });
  const examples = examplesOf(check, root['examples'], notFound, readOperationExample);
  const enums = check.enums(root['enums'], 'enums');
  if (operation === undefined || examples === undefined || enums === undefined) return undefined;
  return { file, operation, examples, enums, ...(notFound !== undefined ? { notFound } : {}) };
}

function readOperationExample(check: Check, value: unknown, field: string): OperationExample | undefined {
  const record = check.object(value, field);
  if (!record) return undefined;
  check.onlyKeys(record, field, [
    'page',
    'title',
    'request',
    'response',
    'responseKind',
    'transcription',
    'simulator',
  ]);
  const page = pageOf(check, record['page'], `${field}.page`);
  const title = check.string(record['title'], `${field}.title`, { optional: true });
  const transcription = check.string(record['transcription'], `${field}.transcription`, { optional: true });
  const request = readRequest(check, record['request'], `${field}.request`);
  const kind = record['responseKind'] ?? 'json';
  if (kind !== 'json' && kind !== 'file') {
    check.fail(`${field}.responseKind`, `must be "json" or "file", got ${describe(kind)}`);
  }
  let response: JsonObject | undefined;
  if (kind === 'file') {
    if (record['response'] !== undefined) {
      check.fail(`${field}.response`, 'must be left out when responseKind is "file"');
    }
  } else if (record['response'] === undefined) {
    // An answer cut off in every copy of the page: only the request is checked (README: "Request only").
    if (transcription === undefined) {
      check.fail(
        `${field}.response`,
        'is missing: give the answer, or say in `transcription` why there is none',
      );
    }
  } else {
    const body = check.object(record['response'], `${field}.response`);
    if (body) {
      if (typeof body['errcode'] !== 'number' && typeof body['errcode'] !== 'string') {
        check.fail(
          `${field}.response.errcode`,
          `must be present (every answer has one), got ${describe(body['errcode'])}`,
        );
      }
      response = body as JsonObject;
    }
  }
  const simulator =
    record['simulator'] === undefined
      ? undefined
      : readOverride(check, record['simulator'], `${field}.simulator`);
  if (page === undefined || request === undefined) return undefined;
  return {
    page,
    request,
    responseKind: kind === 'file' ? 'file' : 'json',
    ...(title !== undefined ? { title } : {}),
    ...(response !== undefined ? { response } : {}),
    ...(transcription !== undefined ? { transcription } : {}),
    ...(simulator !== undefined ? { simulator } : {}),
  };
}

function readRequest(check: Check, value: unknown, field: string): GuideRequest | undefined {
  const record = check.object(value, field);
  if (!record) return undefined;
  check.onlyKeys(record, field, ['method', 'query', 'body']);
  const method = record['method'];
  if (method !== 'GET' && method !== 'POST') {
    return check.fail(`${field}.method`, `must be "GET" or "POST", got ${describe(method)}`);
  }
  const query = record['query'] === undefined ? {} : check.textRecord(record['query'], `${field}.query`);
  if (query && Object.hasOwn(query, 'access_token')) {
    check.fail(`${field}.query.access_token`, 'must be left out (the runner adds its own token)');
  }
  if (method === 'GET' && record['body'] !== undefined) {
    check.fail(`${field}.body`, 'a GET example has no body; its parameters go in `query`');
  }
  if (query === undefined) return undefined;
  return { method, query, ...(record['body'] !== undefined ? { body: record['body'] as JsonValue } : {}) };
}

function readOverride(check: Check, value: unknown, field: string): SimulatorOverride | undefined {
  const record = check.object(value, field);
  if (!record) return undefined;
  check.onlyKeys(record, field, ['query', 'body', 'why']);
  const why = check.string(record['why'], `${field}.why`);
  if (record['query'] === undefined && record['body'] === undefined) {
    check.fail(field, 'must give `query` or `body` (or both)');
  }
  const query =
    record['query'] === undefined ? undefined : check.textRecord(record['query'], `${field}.query`);
  for (const [where, text] of stringsIn(record['query'] ?? {}, `${field}.query`).concat(
    stringsIn(record['body'] ?? {}, `${field}.body`),
  )) {
    for (const [, name] of text.matchAll(PLACEHOLDER_PATTERN)) {
      if (!Object.hasOwn(SIMULATOR_PLACEHOLDERS, name ?? '')) {
        check.fail(
          where,
          `names an unknown live value {{${name}}} (known: ${Object.keys(SIMULATOR_PLACEHOLDERS).join(', ')})`,
        );
      }
    }
  }
  if (why === undefined || (record['query'] !== undefined && query === undefined)) return undefined;
  return {
    why,
    ...(query !== undefined ? { query } : {}),
    ...(record['body'] !== undefined ? { body: record['body'] as JsonValue } : {}),
  };
}

function readEventFile(check: Check, file: string, json: unknown): EventFixture | undefined {
  const root = check.object(json, '');
  if (!root) return undefined;
  check.onlyKeys(root, '', ['event', 'name', 'examples', 'enums', 'notFound']);
  const event = root['event'];
  if (typeof event !== 'number' || !Number.isInteger(event)) {
    return check.fail('event', `must be the event id as an integer, got ${describe(event)}`);
  }
  if (file !== `${event}.json`) check.fail('event', `${event} belongs in ${event}.json, not ${file}`);
  const name = check.string(root['name'], 'name');
  const notFound = check.string(root['notFound'], 'notFound', { optional: true });
  const examples = examplesOf(check, root['examples'], notFound, (c, value, field) =>
    readEventExample(c, value, field, event),
  );
  const enums = check.enums(root['enums'], 'enums');
  if (name === undefined || examples === undefined || enums === undefined) return undefined;
  return { file, event, name, examples, enums, ...(notFound !== undefined ? { notFound } : {}) };
}

function readEventExample(
  check: Check,
  value: unknown,
  field: string,
  event: number,
): EventExample | undefined {
  const record = check.object(value, field);
  if (!record) return undefined;
  check.onlyKeys(record, field, ['page', 'title', 'frame', 'transcription']);
  const page = pageOf(check, record['page'], `${field}.page`);
  const title = check.string(record['title'], `${field}.title`, { optional: true });
  const transcription = check.string(record['transcription'], `${field}.transcription`, { optional: true });
  const frame = check.object(record['frame'], `${field}.frame`);
  if (frame) {
    if (Number(frame['type']) !== event) {
      check.fail(
        `${field}.frame.type`,
        `must be ${event} (the file's event), got ${describe(frame['type'])}`,
      );
    }
    const msg = frame['msg'];
    if (typeof msg === 'string') {
      try {
        if (!isObject(JSON.parse(msg)))
          check.fail(`${field}.frame.msg`, 'is text but not a JSON-encoded object');
      } catch {
        check.fail(`${field}.frame.msg`, 'is text but not valid JSON (a JSON-encoded object is expected)');
      }
    } else if (!isObject(msg)) {
      check.fail(`${field}.frame.msg`, `must be an object or a JSON-encoded object, got ${describe(msg)}`);
    }
  }
  if (page === undefined || frame === undefined) return undefined;
  return {
    page,
    frame: frame as JsonObject,
    ...(title !== undefined ? { title } : {}),
    ...(transcription !== undefined ? { transcription } : {}),
  };
}

function examplesOf<T>(
  check: Check,
  value: unknown,
  notFound: string | undefined,
  read: (check: Check, value: unknown, field: string) => T | undefined,
): T[] | undefined {
  if (!Array.isArray(value)) return check.fail('examples', `must be an array, got ${describe(value)}`);
  if (value.length === 0 && notFound === undefined) {
    return check.fail(
      'examples',
      'is empty: give at least one example, or say in `notFound` why there is none',
    );
  }
  const out = value.map((entry, index) => read(check, entry, `examples[${index}]`));
  return out.every((entry) => entry !== undefined) ? (out as T[]) : undefined;
}

function pageOf(check: Check, value: unknown, field: string): string | undefined {
  const page = check.string(value, field);
  if (page !== undefined && !PAGE_URL.test(page)) {
    return check.fail(field, `must be the guide page's https address, got ${describe(page)}`);
  }
  return page;
}

/** Every string inside `value` with its path (for placeholder names). */
function stringsIn(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((entry, index) => stringsIn(entry, `${path}[${index}]`));
  if (isObject(value))
    return Object.entries(value).flatMap(([key, entry]) => stringsIn(entry, join2(path, key)));
  return [];
}

function join2(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON type of a value: number, string, boolean, array, object or null (undefined: absent). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value === undefined) return 'absent';
  return typeof value;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return `${jsonType(value)} ${text.length > 40 ? `${text.slice(0, 37)}...` : text}`;
}

/** The fixtures of this folder, read once when first imported. */
export const GUIDE_EXAMPLES: GuideExamples = loadGuideExamples();
/** Operation fixtures, by file name order. */
export const OPERATION_FIXTURES = GUIDE_EXAMPLES.operations;
/** Event fixtures, by file name order. */
export const EVENT_FIXTURES = GUIDE_EXAMPLES.events;
