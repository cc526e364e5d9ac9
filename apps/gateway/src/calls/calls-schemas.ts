import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiQuery, type SchemaObject } from '@nestjs/swagger';
import { CALL_STATUSES, MAX_CALL_PAGE_SIZE } from '@switchboard/live-protocol';

// JSON Schemas of the call-history REST types (live-protocol calls.ts), for the OpenAPI document.

const str = (description?: string): SchemaObject => ({
  type: 'string',
  ...(description ? { description } : {}),
});
const int = (description?: string): SchemaObject => ({
  type: 'integer',
  ...(description ? { description } : {}),
});
const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });
const array = (items: SchemaObject): SchemaObject => ({ type: 'array', items });
const obj = (properties: Record<string, SchemaObject>, optional: string[] = []): SchemaObject => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
});

const named = obj({ id: int(), name: str() });
const availability = obj({ available: { type: 'boolean', nullable: true }, reason: str() }, ['reason']);

const summaryFields = {
  id: str('the gateway’s key of the call (URL-safe)'),
  startedAt: nullable(int('epoch ms')),
  from: str(),
  fromName: nullable(str()),
  to: str(),
  toName: nullable(str()),
  direction: { type: 'string', enum: ['inbound', 'outbound', 'internal', 'unknown'] },
  status: str(CALL_STATUSES.join(', ')),
  ringSec: int(),
  talkSec: int(),
  totalSec: int(),
  did: str(),
  trunk: str(),
  hasRecording: { type: 'boolean' },
  hasNote: { type: 'boolean' },
  noteRemark: str(),
  dispositionCodes: array(str()),
} satisfies Record<string, SchemaObject>;
const summaryOptional = ['noteRemark', 'dispositionCodes'];

const party = obj({
  number: str(),
  name: nullable(str()),
  contactName: nullable(str()),
  company: nullable(str()),
});
const revision = obj({
  codes: array(str()),
  remark: str(),
  agent: str(),
  at: nullable(int('epoch ms')),
  scenario: str('“during the call”, “in the call log”, “during wrap-up” or empty'),
});

/** Query parameters of GET /api/calls (and fields of the export-link body). */
export const CALL_QUERY_PARAMETERS: { name: string; description: string; schema: SchemaObject }[] = [
  { name: 'from', description: 'site-local date-time YYYY-MM-DDTHH:mm[:ss], inclusive', schema: str() },
  { name: 'to', description: 'site-local date-time YYYY-MM-DDTHH:mm[:ss], inclusive', schema: str() },
  { name: 'caller', description: 'caller number', schema: str() },
  { name: 'callee', description: 'callee number (or the agent who answered)', schema: str() },
  { name: 'status', description: 'one disposition', schema: { type: 'string', enum: [...CALL_STATUSES] } },
  {
    name: 'did',
    description: '<did number or name>:<trunk name>, several separated by commas',
    schema: str(),
  },
  { name: 'extensionGroup', description: 'extension group id', schema: int() },
  { name: 'dispositionCodes', description: 'disposition code ids, e.g. 1,4', schema: str() },
  { name: 'noteRemark', description: 'call note remark text', schema: str() },
  { name: 'page', description: 'from 1', schema: int() },
  { name: 'pageSize', description: `1 to ${MAX_CALL_PAGE_SIZE}`, schema: int() },
];

export const CALLS_SCHEMAS = {
  options: obj({
    timeZone: str('IANA zone of the PBX site'),
    displayFormat: str('the PBX’s display format'),
    statuses: array(str()),
    dispositionCodes: array(named),
    extensionGroups: array(named),
    maxPageSize: int(),
  }),
  search: obj({
    total: int(),
    page: int(),
    pageSize: int(),
    calls: array(obj(summaryFields, summaryOptional)),
  }),
  searchBody: obj(
    Object.fromEntries(
      CALL_QUERY_PARAMETERS.map((p) => [p.name, { ...p.schema, description: p.description }]),
    ),
    CALL_QUERY_PARAMETERS.map((p) => p.name),
  ),
  detail: obj(
    {
      ...summaryFields,
      caller: party,
      callee: party,
      route: nullable(obj({ name: str(), destination: str() })),
      disposition: str(),
      recording: availability,
      note: nullable(obj({ current: nullable(revision), history: array(revision) })),
      transcript: availability,
    },
    summaryOptional,
  ),
  transcript: obj({
    legs: array(
      obj({
        leg: int(),
        from: str(),
        to: str(),
        status: str(),
        ringSec: int(),
        talkSec: int(),
        entries: array(
          obj({
            speakerNumber: str(),
            speakerName: nullable(str()),
            atMs: int(),
            durationSec: { type: 'number' },
            text: str(),
          }),
        ),
      }),
    ),
    summary: nullable(str()),
  }),
  recordingLinkBody: obj({ download: { type: 'boolean' } }, ['download']),
  ticketLink: obj({ url: str('a path under the gateway, with its ticket'), expiresAt: int('epoch ms') }),
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
    ...CALL_QUERY_PARAMETERS.map((p) =>
      ApiQuery({ name: p.name, required: false, description: p.description, schema: p.schema }),
    ),
  );
}
