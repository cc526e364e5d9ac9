import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiQuery, type SchemaObject } from '@nestjs/swagger';
import {
  CALL_STATUSES,
  MAX_CALL_PAGE_SIZE,
  type Availability,
  type CallDetail,
  type CallNoteRevisionView,
  type CallNoteView,
  type CallOptionsAnswer,
  type CallParty,
  type CallRouteView,
  type CallSearchAnswer,
  type CallSearchQuery,
  type CallSummary,
  type CallTranscript,
  type NamedOption,
  type RecordingLinkRequest,
  type TicketLink,
  type TranscriptEntry,
  type TranscriptLeg,
} from '@switchboard/live-protocol';
import {
  epochMs,
  integer,
  listOf,
  objectOf,
  oneOf,
  orNull,
  text,
  type OptionalKeys,
} from '../openapi/schema-builders.js';

// JSON Schemas of the call-history REST types (live-protocol calls.ts), held to their types by objectOf.

const flag: SchemaObject = { type: 'boolean' };
const named = objectOf<NamedOption>({ id: integer(), name: text() });
const availability = objectOf<Availability>({ available: orNull(flag), reason: text() }, ['reason']);

const summaryFields = {
  id: text('the gateway’s key of the call (URL-safe)'),
  startedAt: orNull(epochMs),
  from: text(),
  fromName: orNull(text()),
  to: text(),
  toName: orNull(text()),
  direction: oneOf('inbound', 'outbound', 'internal', 'unknown'),
  status: text(CALL_STATUSES.join(', ')),
  ringSec: integer(),
  talkSec: integer(),
  totalSec: integer(),
  did: text(),
  trunk: text(),
  hasRecording: flag,
  hasNote: flag,
  noteRemark: text(),
  dispositionCodes: listOf(text()),
} satisfies Record<keyof CallSummary, SchemaObject>;
const summaryOptional: OptionalKeys<CallSummary>[] = ['noteRemark', 'dispositionCodes'];

const party = objectOf<CallParty>({
  number: text(),
  name: orNull(text()),
  contactName: orNull(text()),
  company: orNull(text()),
});
const revision = objectOf<CallNoteRevisionView>({
  codes: listOf(text()),
  remark: text(),
  agent: text(),
  at: orNull(epochMs),
  scenario: text('“during the call”, “in the call log”, “during wrap-up” or empty'),
});

/** Query parameters of GET /api/calls (and fields of the export-link body), one per field of the query. */
export const CALL_QUERY_PARAMETERS: {
  [K in keyof Required<CallSearchQuery>]: { description: string; schema: SchemaObject };
} = {
  from: { description: 'site-local date-time YYYY-MM-DDTHH:mm[:ss], inclusive', schema: text() },
  to: { description: 'site-local date-time YYYY-MM-DDTHH:mm[:ss], inclusive', schema: text() },
  caller: { description: 'caller number', schema: text() },
  callee: { description: 'callee number (or the agent who answered)', schema: text() },
  status: { description: 'one disposition', schema: oneOf(...CALL_STATUSES) },
  did: { description: '<did number or name>:<trunk name>, several separated by commas', schema: text() },
  extensionGroup: { description: 'extension group id', schema: integer() },
  dispositionCodes: { description: 'disposition code ids, e.g. 1,4', schema: text() },
  noteRemark: { description: 'call note remark text', schema: text() },
  page: { description: 'from 1', schema: integer() },
  pageSize: { description: `1 to ${MAX_CALL_PAGE_SIZE}`, schema: integer() },
};
const queryFields = Object.keys(CALL_QUERY_PARAMETERS) as (keyof CallSearchQuery)[];

export const CALLS_SCHEMAS = {
  options: objectOf<CallOptionsAnswer>({
    timeZone: text('IANA zone of the PBX site'),
    displayFormat: text('the PBX’s display format'),
    statuses: listOf(text()),
    dispositionCodes: listOf(named),
    extensionGroups: listOf(named),
    maxPageSize: integer(),
  }),
  search: objectOf<CallSearchAnswer>({
    total: integer(),
    page: integer(),
    pageSize: integer(),
    calls: listOf(objectOf<CallSummary>(summaryFields, summaryOptional)),
  }),
  searchBody: objectOf<CallSearchQuery>(
    Object.fromEntries(
      queryFields.map((name) => {
        const { schema, description } = CALL_QUERY_PARAMETERS[name];
        return [name, { ...schema, description }];
      }),
    ) as Record<keyof CallSearchQuery, SchemaObject>,
    queryFields,
  ),
  detail: objectOf<CallDetail>(
    {
      ...summaryFields,
      caller: party,
      callee: party,
      route: orNull(objectOf<CallRouteView>({ name: text(), destination: text() })),
      disposition: text(),
      recording: availability,
      note: orNull(objectOf<CallNoteView>({ current: orNull(revision), history: listOf(revision) })),
      transcript: availability,
    },
    summaryOptional,
  ),
  transcript: objectOf<CallTranscript>({
    legs: listOf(
      objectOf<TranscriptLeg>({
        leg: integer(),
        from: text(),
        to: text(),
        status: text(),
        ringSec: integer(),
        talkSec: integer(),
        entries: listOf(
          objectOf<TranscriptEntry>({
            speakerNumber: text(),
            speakerName: orNull(text()),
            atMs: integer(),
            durationSec: { type: 'number' },
            text: text(),
          }),
        ),
      }),
    ),
    summary: orNull(text()),
  }),
  recordingLinkBody: objectOf<RecordingLinkRequest>({ download: flag }, ['download']),
  ticketLink: objectOf<TicketLink>({
    url: text('a path under the gateway, with its ticket'),
    expiresAt: epochMs,
  }),
};

/** The errors of every route that reads from the PBX: budget full, PBX refusing, PBX unreachable. */
export const PBX_READ_ERRORS = [
  HttpStatus.TOO_MANY_REQUESTS,
  HttpStatus.BAD_GATEWAY,
  HttpStatus.SERVICE_UNAVAILABLE,
] as const;

/** Every query parameter of GET /api/calls, documented (all optional). */
export function ApiCallQuery(): MethodDecorator {
  return applyDecorators(
    ...queryFields.map((name) => {
      const { description, schema } = CALL_QUERY_PARAMETERS[name];
      return ApiQuery({ name, required: false, description, schema });
    }),
  );
}
