import type { ServerResponse } from 'node:http';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Logger,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ok,
  parseCallSearchQuery,
  type CallDetail,
  type CallOptionsAnswer,
  type CallSearchAnswer,
  type CallTranscript,
  type Result,
  type TicketLink,
  type ValidCallSearchQuery,
} from '@switchboard/live-protocol';
import { ApiErrors, ApiResult, ApiSignedIn } from '../openapi/api-responses.js';
import { AuditService } from '../ports/audit.service.js';
import type { Principal } from '../access/principal.js';
import { CurrentPrincipal, RequireRole, SessionGuard } from '../auth/session.guard.js';
import { readInput, restError } from '../errors/rest-error.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { guarded } from './call-failure.js';
import { CallTickets, sessionIdOf } from './call-tickets.js';
import { streamCsv } from './calls-export.js';
import { ApiCallQuery, CALLS_SCHEMAS, PBX_READ_ERRORS } from './calls-schemas.js';
import { CallsService, type CallViewer } from './calls.service.js';

/** The search of an export ticket: the query and the scope of the session it was issued to. */
interface ExportSubject {
  query: Omit<ValidCallSearchQuery, 'page' | 'pageSize'>;
  viewer: CallViewer;
}

/** A search in words, for the audit log: "calls from 5551234, 2026-11-24T08:00:00 to 2026-11-24T18:00:00". */
export function searchWords(query: Omit<ValidCallSearchQuery, 'page' | 'pageSize'>): string {
  const parts = [
    query.caller && `from ${query.caller}`,
    query.callee && `to ${query.callee}`,
    query.status && `${query.status.toLowerCase()}`,
    query.did && `DID ${query.did}`,
    query.from && `since ${query.from}`,
    query.to && `until ${query.to}`,
    query.extensionGroup !== undefined && `extension group ${query.extensionGroup}`,
    query.dispositionCodes?.length && `disposition codes ${query.dispositionCodes.join(', ')}`,
    query.noteRemark && `note remark “${query.noteRemark}”`,
  ].filter(Boolean);
  return parts.length > 0 ? `the calls ${parts.join(', ')}` : 'every call';
}

/**
 * The PBX's call history for supervisors and admins (viewers and display links get 403 on every route):
 * search, detail, transcript, and the CSV export. A browser downloads the export without its Bearer header,
 * so POST /api/calls/export-link (audited) hands out a short-lived ticket link to GET /api/calls/export.csv.
 * Supervisors see the calls of their queues only (call-scope.ts).
 */
@ApiTags('calls')
@Controller('api/calls')
export class CallsController {
  private readonly log = new Logger('Calls');

  constructor(
    private readonly calls: CallsService,
    private readonly tickets: CallTickets,
    private readonly audit: AuditService,
  ) {}

  @Get('options')
  @UseGuards(SessionGuard)
  @RequireRole('supervisor')
  @ApiSignedIn()
  @ApiOperation({
    operationId: 'calls_options',
    summary:
      'What the call search offers: the site’s time zone, dispositions, disposition codes, extension groups',
  })
  @ApiResult(CALLS_SCHEMAS.options, 'The search options')
  @ApiErrors(...PBX_READ_ERRORS)
  async options(@Res({ passthrough: true }) response: ServerResponse): Promise<Result<CallOptionsAnswer>> {
    return ok(await guarded(response, 'the search options', this.log, () => this.calls.options()));
  }

  @Get()
  @UseGuards(SessionGuard)
  @RequireRole('supervisor')
  @ApiSignedIn()
  @ApiOperation({
    operationId: 'calls_search',
    summary: 'Search the PBX’s call records, the latest start first (supervisors: their queues’ calls)',
  })
  @ApiCallQuery()
  @ApiResult(CALLS_SCHEMAS.search, 'One page of calls')
  @ApiErrors(HttpStatus.BAD_REQUEST, ...PBX_READ_ERRORS)
  async search(
    @Query() raw: Record<string, unknown>,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<Result<CallSearchAnswer>> {
    const query = readInput(parseCallSearchQuery, raw);
    return ok(
      await guarded(response, 'the call records', this.log, () =>
        this.calls.search(principal.session, query),
      ),
    );
  }

  @Post('export-link')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  @RequireRole('supervisor')
  @ApiSignedIn()
  @ApiOperation({
    operationId: 'calls_export_link',
    summary: 'A 5-minute link to the CSV of a search (audited); the body is the search, paging ignored',
  })
  @ApiBody({ required: false, schema: CALLS_SCHEMAS.searchBody })
  @ApiResult(CALLS_SCHEMAS.ticketLink, 'The link to open')
  @ApiErrors(HttpStatus.BAD_REQUEST)
  exportLink(@Body() body: unknown, @CurrentPrincipal() principal: Principal): Result<TicketLink> {
    const { page: _page, pageSize: _pageSize, ...query } = readInput(parseCallSearchQuery, body ?? {});
    const { session } = principal;
    const subject: ExportSubject = {
      query,
      viewer: { role: session.role, queues: session.queues, display: session.display },
    };
    const { ticket, expiresAt } = this.tickets.issue({
      user: session.user,
      purpose: 'export',
      subject: JSON.stringify(subject),
      ...sessionIdOf(principal),
    });
    this.audit.record({
      user: session.user,
      action: 'calls:export',
      target: '',
      result: 'ok',
      detail: `CSV export link for ${searchWords(query)}`,
      facts: { call: searchWords(query) },
    });
    return ok({ url: `/api/calls/export.csv?ticket=${encodeURIComponent(ticket)}`, expiresAt });
  }

  @Get('export.csv')
  @ApiOperation({
    operationId: 'calls_export_csv',
    summary: "The CSV of a search, streamed (RFC 4180; formula-like cells prefixed with ')",
    description: 'Authorised by the ticket of POST /api/calls/export-link, not by a Bearer header.',
  })
  @ApiQuery({ name: 'ticket', required: true })
  @ApiResponse({
    status: 200,
    description: 'The CSV',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiErrors(HttpStatus.UNAUTHORIZED, ...PBX_READ_ERRORS)
  async exportCsv(@Query('ticket') ticket: unknown, @Res() response: ServerResponse): Promise<void> {
    const check = this.tickets.check(ticket, ['export']);
    if (!check.ok) throw restError(HttpStatus.UNAUTHORIZED, 'unauthorized', check.message);
    const subject = JSON.parse(check.grant.subject) as ExportSubject;
    const query = readInput(parseCallSearchQuery, subject.query);
    const times = await guarded(response, 'the call records', this.log, () => this.calls.callTimes());
    const pages = this.calls.exportPages(subject.viewer, query)[Symbol.asyncIterator]();
    // The first page is read before anything is sent, so a PBX that fails answers in the one error shape.
    const first = await guarded(response, 'the call records', this.log, () => pages.next());
    response.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="calls-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
    });
    const all = (async function* () {
      if (first.done) return;
      yield first.value;
      for (let next = await pages.next(); !next.done; next = await pages.next()) yield next.value;
    })();
    try {
      const rows = await streamCsv(response, all, (ms) => times.localOf(ms));
      this.log.log({ msg: 'call export streamed', user: check.grant.user, rows });
    } catch (error) {
      this.log.warn({ msg: 'call export broke off', user: check.grant.user, error: describePbxError(error) });
      response.destroy();
    } finally {
      await pages.return?.(undefined);
    }
  }

  @Get(':id')
  @UseGuards(SessionGuard)
  @RequireRole('supervisor')
  @ApiSignedIn()
  @ApiOperation({
    operationId: 'calls_detail',
    summary:
      'A call: parties and contacts, route, note and its history, recording and transcript availability',
  })
  @ApiParam({ name: 'id', schema: { type: 'string' } })
  @ApiResult(CALLS_SCHEMAS.detail, 'The call')
  @ApiErrors(HttpStatus.NOT_FOUND, ...PBX_READ_ERRORS)
  async detail(
    @Param('id') id: string,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<Result<CallDetail>> {
    return ok(await guarded(response, 'the call', this.log, () => this.calls.detail(principal.session, id)));
  }

  @Get(':id/transcript')
  @UseGuards(SessionGuard)
  @RequireRole('supervisor')
  @ApiSignedIn()
  @ApiOperation({
    operationId: 'calls_transcript',
    summary: 'The call’s AI transcript (legs, speakers, times) and summary; 404 with the reason when none',
  })
  @ApiParam({ name: 'id', schema: { type: 'string' } })
  @ApiResult(CALLS_SCHEMAS.transcript, 'The transcript')
  @ApiErrors(HttpStatus.NOT_FOUND, ...PBX_READ_ERRORS)
  async transcript(
    @Param('id') id: string,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<Result<CallTranscript>> {
    return ok(
      await guarded(response, 'the AI transcript', this.log, () =>
        this.calls.transcript(principal.session, id),
      ),
    );
  }
}
