import type {
  CallDetail,
  CallOptionsAnswer,
  CallSummary,
  CallTranscript,
  Role,
} from '@switchboard/live-protocol';
import { vi } from 'vitest';
import { sessionInfo } from './fake-socket.js';

/** A request the page sent to the fake gateway. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/** An answer: HTTP status and the JSON body (or a promise of them, to hold an answer back). */
type Reply = [status: number, body: unknown] | Promise<[number, unknown]>;

export const CALL_OPTIONS: CallOptionsAnswer = {
  timeZone: 'Europe/Berlin',
  displayFormat: 'YYYY/MM/DD HH:mm:ss',
  statuses: ['ANSWERED', 'NO ANSWER', 'BUSY', 'FAILED', 'VOICEMAIL'],
  dispositionCodes: [
    { id: 1, name: 'Resolved' },
    { id: 4, name: 'Complaint' },
  ],
  extensionGroups: [],
  maxPageSize: 10_000,
};

/** One call as the search lists it; `i` makes the id, numbers and time differ. */
export function callSummary(i: number, overrides: Partial<CallSummary> = {}): CallSummary {
  return {
    id: `c${i}`,
    startedAt: Date.UTC(2026, 10, 24, 8, 0, 0) - i * 60_000,
    from: `55501${String(i).padStart(5, '0')}`,
    fromName: null,
    to: '1001',
    toName: 'Ana Li',
    direction: 'inbound',
    status: 'ANSWERED',
    ringSec: 5,
    talkSec: 65,
    totalSec: 70,
    did: '5550100',
    trunk: 'carrier-b',
    hasRecording: true,
    hasNote: true,
    noteRemark: 'Password reset requested',
    dispositionCodes: ['Resolved'],
    ...overrides,
  };
}

/** The full record of call `c1`. */
export function callDetail(overrides: Partial<CallDetail> = {}): CallDetail {
  return {
    ...callSummary(1),
    caller: { number: '5550100001', name: null, contactName: 'Eva Stone', company: 'Acme GmbH' },
    callee: { number: '1001', name: 'Ana Li', contactName: null, company: null },
    route: { name: 'Sales line', destination: 'queue Sales (6400)' },
    disposition: 'answered',
    recording: { available: true },
    note: {
      current: {
        codes: ['Resolved'],
        remark: 'Password reset requested; reset link sent',
        agent: 'Ana Li',
        at: Date.UTC(2026, 10, 24, 7, 2, 0),
        scenario: 'during wrap-up',
      },
      history: [
        {
          codes: [],
          remark: 'Password reset requested',
          agent: 'Ana Li',
          at: Date.UTC(2026, 10, 24, 7, 1, 0),
          scenario: 'during the call',
        },
      ],
    },
    transcript: { available: null },
    ...overrides,
  };
}

export const TRANSCRIPT: CallTranscript = {
  summary: 'The caller could not sign in; the agent sent a reset link.',
  legs: [
    {
      leg: 1,
      from: '5550100001',
      to: '1001',
      status: 'ANSWERED',
      ringSec: 5,
      talkSec: 65,
      entries: [
        {
          speakerNumber: '1001',
          speakerName: 'Ana Li',
          atMs: 1_200,
          durationSec: 3,
          text: 'Hello, Ana here.',
        },
        {
          speakerNumber: '5550100001',
          speakerName: null,
          atMs: 65_400,
          durationSec: 4,
          text: 'I cannot sign in.',
        },
      ],
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A gateway answering the Calls pages' REST calls: the session, the options, and whatever `routes` says for
 * `METHOD path` (path without the query string); everything else 404. Records every request.
 */
export function fakeCallsGateway(role: Role, routes: Record<string, (request: SentRequest) => Reply> = {}) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    const request = { method, url, body };
    sent.push(request);
    if (url === '/api/auth/session')
      return json(200, { ok: true, data: { session: sessionInfo({ user: role, role }), expiresAt: 1 } });
    if (url === '/api/calls/options' && !routes['GET /api/calls/options'])
      return json(200, { ok: true, data: CALL_OPTIONS });
    const handler = routes[`${method} ${url.split('?')[0]}`];
    if (!handler) return json(404, { ok: false, error: { code: 'not_found', message: `no route ${url}` } });
    const [status, answer] = await handler(request);
    return json(status, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

/** The query parameters of a sent URL. */
export function paramsOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}
