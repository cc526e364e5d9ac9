import { fail, ok, type Result } from './result.js';
import { PayloadReader, type Fields } from './reader.js';

// Call history: the gateway's /api/calls routes and the `call:note` socket event, declared once for the
// gateway and the dashboard. Every answer is wrapped in the usual RestResult; errors name the failing field.

/** The five dispositions a call record can have, as the PBX spells them. */
export const CALL_STATUSES = ['ANSWERED', 'NO ANSWER', 'BUSY', 'FAILED', 'VOICEMAIL'] as const;
/** A call record's disposition. */
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Which way a call went; `unknown` when the record does not say. */
export type CallDirection = 'inbound' | 'outbound' | 'internal' | 'unknown';

/** Most records one search page may hold: the PBX's own page limit. */
export const MAX_CALL_PAGE_SIZE = 10_000;
/** Records per page when the query names none. */
export const DEFAULT_CALL_PAGE_SIZE = 10_000;

/** An id and a name from the PBX's menu options. */
export interface NamedOption {
  id: number;
  name: string;
}

/** Data of GET /api/calls/options: what the search form offers and how to read times. */
export interface CallOptionsAnswer {
  /** IANA zone of the PBX site; `from`/`to` are wall times in it and answers' epoch ms are shown in it. */
  timeZone: string;
  /** The PBX's display format, e.g. `YYYY/MM/DD HH:mm:ss` (for reference; queries use ISO-like local times). */
  displayFormat: string;
  statuses: readonly CallStatus[];
  /** The PBX's call-note disposition codes. */
  dispositionCodes: NamedOption[];
  extensionGroups: NamedOption[];
  maxPageSize: number;
}

/**
 * Filters of GET /api/calls (as query parameters) and of POST /api/calls/export-link (as a JSON body, where
 * `page`/`pageSize` are ignored). Every field is optional.
 */
export interface CallSearchQuery {
  /** Local date-time in the site zone, `YYYY-MM-DDTHH:mm` or `YYYY-MM-DDTHH:mm:ss`; inclusive. */
  from?: string;
  /** Same form as `from`; inclusive; not before `from`. */
  to?: string;
  /** Caller number. */
  caller?: string;
  /** Callee number (or the agent who answered). */
  callee?: string;
  status?: CallStatus;
  /** `<did number or name>:<trunk name>`, several separated by commas. */
  did?: string;
  /** Extension group id (from the options). */
  extensionGroup?: number;
  /** Disposition code ids (from the options); in the query string written `1,4`. */
  dispositionCodes?: number[];
  /** Text of the call note's remark. */
  noteRemark?: string;
  /** From 1; 1 when absent. */
  page?: number;
  /** 1 to {@link MAX_CALL_PAGE_SIZE}; {@link DEFAULT_CALL_PAGE_SIZE} when absent. */
  pageSize?: number;
}

/** A query after validation: paging filled in. */
export type ValidCallSearchQuery = CallSearchQuery & { page: number; pageSize: number };

/** One call record as the search lists it. */
export interface CallSummary {
  /** The gateway's key for the call (URL-safe, opaque): use it in /api/calls/:id. */
  id: string;
  /** When the call started (epoch ms); null when the record does not say. */
  startedAt: number | null;
  from: string;
  fromName: string | null;
  to: string;
  toName: string | null;
  direction: CallDirection;
  /** The disposition; a value the PBX adds later passes through as it spells it. */
  status: CallStatus | string;
  ringSec: number;
  talkSec: number;
  totalSec: number;
  /** DID number dialled, '' when none. */
  did: string;
  /** Trunk the call came in on (or went out on), '' when none. */
  trunk: string;
  hasRecording: boolean;
  hasNote: boolean;
  /** The note's remark, when the record carries it. */
  noteRemark?: string;
  /** The note's disposition codes by name, when the record carries them. */
  dispositionCodes?: string[];
}

/** Data of GET /api/calls: one page, the call that started last first (equal starts by id). */
export interface CallSearchAnswer {
  /** Matches across all pages. */
  total: number;
  page: number;
  pageSize: number;
  calls: CallSummary[];
}

/** A party of a call, with the company contact its number matches, if any. */
export interface CallParty {
  number: string;
  /** The name the PBX recorded, if any. */
  name: string | null;
  contactName: string | null;
  company: string | null;
}

/** The inbound route a call took. */
export interface CallRouteView {
  name: string;
  /**
   * The route's default destination, in words ("queue Sales (6400)", "an IVR menu"); a time condition of the
   * route may have sent the call elsewhere.
   */
  destination: string;
}

/** One revision of a call note. */
export interface CallNoteRevisionView {
  /** Disposition codes by name. */
  codes: string[];
  remark: string;
  /** Who wrote it; '' when the PBX does not say. */
  agent: string;
  /** When it was written (epoch ms); null when the PBX does not say. */
  at: number | null;
  /** Where it was written, in words: "during the call", "in the call log", "during wrap-up", or "". */
  scenario: string;
}

/** A call note: the current revision and the earlier ones (oldest first). */
export interface CallNoteView {
  current: CallNoteRevisionView | null;
  history: CallNoteRevisionView[];
}

/** Whether something (recording, transcript) exists for the call, and why not when it does not. */
export interface Availability {
  /** null: not known until asked for (the transcript is looked up when GET .../transcript is called). */
  available: boolean | null;
  /** Why it is not available, in words. */
  reason?: string;
}

/** Data of GET /api/calls/:id. */
export interface CallDetail extends CallSummary {
  caller: CallParty;
  callee: CallParty;
  /** The inbound route matched on DID and trunk; null for calls that took none or when not known. */
  route: CallRouteView | null;
  /** The disposition in words ("answered", "not answered", ...). */
  disposition: string;
  recording: Availability;
  /** null when the call has no note. */
  note: CallNoteView | null;
  transcript: Availability;
}

/** One spoken piece of a transcript. */
export interface TranscriptEntry {
  speakerNumber: string;
  /** The party's name when the speaker is one of the call's parties with a known name. */
  speakerName: string | null;
  /** Offset from the start of the leg, ms. */
  atMs: number;
  durationSec: number;
  text: string;
}

/** One leg of a transcribed call. */
export interface TranscriptLeg {
  leg: number;
  from: string;
  to: string;
  status: string;
  ringSec: number;
  talkSec: number;
  entries: TranscriptEntry[];
}

/** Data of GET /api/calls/:id/transcript (404 `not_found` with the reason when the call has none). */
export interface CallTranscript {
  legs: TranscriptLeg[];
  /** The AI summary; null when the PBX wrote none. */
  summary: string | null;
}

/**
 * Data of POST /api/calls/:id/recording-link and POST /api/calls/export-link: a path (with a short-lived
 * ticket bound to the user, the call and the purpose) a browser can open without the Bearer header, e.g. as
 * an <audio> src or a download link.
 */
export interface TicketLink {
  /** Path under the gateway, e.g. `/api/calls/<id>/recording?ticket=...`. */
  url: string;
  /** Epoch ms after which the link is refused. */
  expiresAt: number;
}

/** How long a ticket link works, ms. */
export const TICKET_TTL_MS = 5 * 60_000;

/** Payload of the `calls:watch` / `calls:unwatch` socket commands: the call whose note updates to receive. */
export interface CallWatchCommand {
  id: string;
}

/** Server event `call:note`: a watched call's note changed (event 30028). */
export interface CallNoteEvent {
  /** The {@link CallSummary.id}. */
  callId: string;
  note: CallNoteView | null;
}

/** The query string of GET /api/calls for a query (undefined and empty fields left out). */
export function callSearchParams(query: CallSearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  return params;
}

/** Whether text holds a C0 control character or DEL. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const TEXT_FIELDS = ['caller', 'callee', 'did', 'noteRemark'] as const;
const KNOWN_FIELDS = new Set([
  'from',
  'to',
  ...TEXT_FIELDS,
  'status',
  'extensionGroup',
  'dispositionCodes',
  'page',
  'pageSize',
]);

/** Whether `text` is a real local date-time `YYYY-MM-DDTHH:mm[:ss]` (month 1-12, day in the month, ...). */
export function isLocalDateTime(text: string): boolean {
  const match = LOCAL_TIME.exec(text);
  if (!match) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59
  );
}

function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/**
 * Reads a call search from a query string (every value text) or a JSON body (numbers and a list allowed):
 * every field checked, each problem named. Unknown fields are refused so a misspelt filter is not ignored.
 */
export function parseCallSearchQuery(input: unknown): Result<ValidCallSearchQuery> {
  const problems: Fields = [];
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return fail('invalid_payload', 'Invalid search: the query must be an object', [
      { field: '(query)', message: 'must be an object' },
    ]);
  const raw = input as Record<string, unknown>;
  const query: ValidCallSearchQuery = { page: 1, pageSize: DEFAULT_CALL_PAGE_SIZE };
  for (const key of Object.keys(raw))
    if (!KNOWN_FIELDS.has(key)) problems.push({ field: key, message: 'is not a search filter' });
  const present = (key: string) => raw[key] !== undefined && raw[key] !== '' && raw[key] !== null;

  for (const key of ['from', 'to'] as const) {
    if (!present(key)) continue;
    const value = raw[key];
    if (typeof value !== 'string' || !isLocalDateTime(value))
      problems.push({ field: key, message: 'must be a local date-time YYYY-MM-DDTHH:mm[:ss]' });
    else query[key] = value.length === 16 ? `${value}:00` : value;
  }
  if (query.from && query.to && query.from > query.to)
    problems.push({ field: 'to', message: 'must not be before from' });

  for (const key of TEXT_FIELDS) {
    if (!present(key)) continue;
    const value = raw[key];
    const max = key === 'noteRemark' ? 256 : 128;
    if (typeof value !== 'string' || value.trim() === '' || value.length > max)
      problems.push({ field: key, message: `must be text of 1 to ${max} characters` });
    // Control characters would reach the PBX's query string; no number or remark holds one.
    else if (hasControlCharacter(value))
      problems.push({ field: key, message: 'must not hold control characters' });
    else query[key] = value.trim();
  }

  if (present('status')) {
    const value = raw['status'];
    if (typeof value !== 'string' || !(CALL_STATUSES as readonly string[]).includes(value))
      problems.push({ field: 'status', message: `must be one of ${CALL_STATUSES.join(', ')}` });
    else query.status = value as CallStatus;
  }

  if (present('extensionGroup')) {
    const value = integerOf(raw['extensionGroup']);
    if (value === undefined || value < 1)
      problems.push({ field: 'extensionGroup', message: 'must be a positive integer' });
    else query.extensionGroup = value;
  }

  if (present('dispositionCodes')) {
    const value = raw['dispositionCodes'];
    const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value];
    const codes = items.map(integerOf);
    if (codes.length > 100 || codes.some((code) => code === undefined || code < 1))
      problems.push({ field: 'dispositionCodes', message: 'must be 1 to 100 positive integer ids' });
    else query.dispositionCodes = [...new Set(codes as number[])];
  }

  const paging = [
    ['page', 1, 1_000_000],
    ['pageSize', 1, MAX_CALL_PAGE_SIZE],
  ] as const;
  for (const [key, min, max] of paging) {
    if (!present(key)) continue;
    const value = integerOf(raw[key]);
    if (value === undefined || value < min || value > max)
      problems.push({ field: key, message: `must be an integer from ${min} to ${max}` });
    else query[key] = value;
  }

  if (problems.length > 0)
    return fail(
      'invalid_payload',
      `Invalid search: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
      problems,
    );
  return ok(query);
}

/** Reads a `calls:watch` / `calls:unwatch` payload. */
export function parseCallWatch(payload: unknown): Result<CallWatchCommand> {
  const r = new PayloadReader(payload);
  const id = r.input['id'];
  if (r.problems.length === 0 && (typeof id !== 'string' || !/^[A-Za-z0-9._~-]{1,160}$/.test(id)))
    r.problem('id', 'must be a call id');
  return r.result({ id: id as string });
}

/** Body of POST /api/calls/:id/recording-link (optional: absent means play). */
export interface RecordingLinkRequest {
  /** A download link rather than one to play. */
  download?: boolean;
}

/** Reads a recording-link body; none at all asks for a link to play. */
export function parseRecordingLinkRequest(body: unknown): Result<RecordingLinkRequest> {
  const r = new PayloadReader(body ?? {});
  const download = r.flag('download');
  return r.result(download === undefined ? {} : { download });
}
