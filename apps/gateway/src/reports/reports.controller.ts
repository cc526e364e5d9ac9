import type { ServerResponse } from 'node:http';
import {
  applyDecorators,
  Controller,
  Get,
  HttpStatus,
  Logger,
  Param,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  DAY_REPORT_MAX_DAYS_BACK,
  ok,
  parseDayReportQuery,
  type QueueAgentsTodayAnswer,
  type QueueIntervalsAnswer,
  type QueueRef,
  type Result,
} from '@switchboard/live-protocol';
import type { Principal } from '../access/principal.js';
import { inScope } from '../access/principal.js';
import { CurrentPrincipal, RequireRole, SessionGuard } from '../auth/session.guard.js';
import { guarded } from '../calls/call-failure.js';
import { readInput, restError } from '../errors/rest-error.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { ApiErrors, ApiResult, ApiSignedIn } from '../openapi/api-responses.js';
import { PBX_READ_ERRORS } from '../calls/calls-schemas.js';
import { dayStartOfDate, localDateOf } from '../queues/day-boundary.js';
import { agentsCsv, intervalsCsv, type QueueDay } from './day-csv.js';
import { DayFiguresService } from './day-figures.service.js';
import { REPORT_SCHEMAS } from './reports-schemas.js';

const DAY_MS = 86_400_000;

/**
 * The day in intervals and per agent. Intervals: every signed-in session of the queue, display links too (a
 * TV's interval tile). Per-agent figures and the CSV reports: supervisors and admins, of the queues in their
 * scope (viewers and display links see no one's performance). A queue out of scope is answered as unknown.
 */
@ApiTags('reports')
@ApiSignedIn()
@Controller('api')
@UseGuards(SessionGuard)
export class ReportsController {
  private readonly log = new Logger('Reports');

  constructor(
    private readonly figures: DayFiguresService,
    private readonly hub: StreamHub,
  ) {}

  @Get('queues/:id/intervals')
  @ApiOperation({
    operationId: 'queue_intervals',
    summary: 'A queue’s day so far in intervals, with the same weekday of last week beside it',
  })
  @ApiParam({ name: 'id', description: 'queue id' })
  @ApiResult(REPORT_SCHEMAS.intervals, 'Today’s intervals and last week’s')
  @ApiErrors(HttpStatus.NOT_FOUND)
  async intervals(
    @Param('id') id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Result<QueueIntervalsAnswer>> {
    const queue = this.queueOf(id, principal);
    return ok(await this.figures.intervals(queue.id, Date.now()));
  }

  @Get('queues/:id/agents')
  @RequireRole('supervisor')
  @ApiOperation({
    operationId: 'queue_agents_today',
    summary: 'Today’s figures of each agent of a queue: calls, missed calls, time in each state, occupancy',
  })
  @ApiParam({ name: 'id', description: 'queue id' })
  @ApiResult(REPORT_SCHEMAS.agents, 'One row per agent')
  @ApiErrors(HttpStatus.FORBIDDEN, HttpStatus.NOT_FOUND)
  agents(@Param('id') id: string, @CurrentPrincipal() principal: Principal): Result<QueueAgentsTodayAnswer> {
    const queue = this.queueOf(id, principal);
    return ok(this.figures.agents(queue.id, Date.now()));
  }

  @Get('reports/intervals.csv')
  @ApiDayReport(
    'report_intervals_csv',
    'CSV of a day’s intervals, per queue in scope (RFC 4180; site-local times)',
  )
  async intervalsCsv(
    @Query() raw: Record<string, unknown>,
    @CurrentPrincipal() principal: Principal,
    @Res() response: ServerResponse,
  ): Promise<void> {
    const { date, days } = await this.report(raw, principal, response);
    send(response, `intervals-${date}.csv`, intervalsCsv(days, this.figures.timeZone));
  }

  @Get('reports/agents.csv')
  @ApiDayReport(
    'report_agents_csv',
    'CSV of a day’s figures per agent and queue in scope (time in state: today only)',
  )
  async agentsCsv(
    @Query() raw: Record<string, unknown>,
    @CurrentPrincipal() principal: Principal,
    @Res() response: ServerResponse,
  ): Promise<void> {
    const { date, days } = await this.report(raw, principal, response);
    send(response, `agents-${date}.csv`, agentsCsv(days));
  }

  /** The queue `id` names, when the session may see it; otherwise 404 as if there were none. */
  private queueOf(id: string, principal: Principal): QueueRef {
    const queueId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
    const queue = this.hub.queueCatalogue().find((q) => q.id === queueId);
    if (!queue || !inScope(principal.session, queue.id))
      throw restError(HttpStatus.NOT_FOUND, 'not_found', `There is no queue ${id}.`);
    return queue;
  }

  /** The day and queues a report asks for, each queue's figures of that day. */
  private async report(
    raw: Record<string, unknown>,
    principal: Principal,
    response: ServerResponse,
  ): Promise<{ date: string; days: QueueDay[] }> {
    const query = readInput(parseDayReportQuery, raw);
    const timeZone = this.figures.timeZone;
    const now = Date.now();
    const today = localDateOf(now, timeZone);
    const earliest = localDateOf(now - DAY_REPORT_MAX_DAYS_BACK * DAY_MS, timeZone);
    if (query.date > today || query.date < earliest)
      throw restError(
        HttpStatus.BAD_REQUEST,
        'invalid_payload',
        `Invalid request: date must be from ${earliest} to ${today}`,
        {
          fields: [{ field: 'date', message: `must be from ${earliest} to ${today}` }],
        },
      );
    const queues = query.queues
      ? query.queues.map((id) => this.queueOf(String(id), principal))
      : this.hub.queueCatalogue().filter((queue) => inScope(principal.session, queue.id));
    const dayStart = query.date === today ? this.figures.todayStart : dayStartOfDate(query.date, timeZone);
    const days = await guarded(response, 'the call records', this.log, () =>
      Promise.all(
        queues.map(async (queue) => ({ queue, day: await this.figures.dayOf(queue.id, dayStart, now) })),
      ),
    );
    this.log.log({
      msg: 'day report',
      user: principal.session.user,
      date: query.date,
      queues: queues.length,
    });
    return { date: query.date, days };
  }
}

/** What both day reports are: supervisors' CSVs of a date and queues, documented alike. */
function ApiDayReport(operationId: string, summary: string): MethodDecorator {
  return applyDecorators(
    RequireRole('supervisor'),
    ApiOperation({ operationId, summary }),
    ApiQuery({ name: 'date', required: true, description: 'YYYY-MM-DD in the site’s time zone' }),
    ApiQuery({
      name: 'queues',
      required: false,
      description: 'queue ids, comma-separated; omitted: all in scope',
    }),
    ApiResponse({
      status: 200,
      description: 'The CSV',
      content: { 'text/csv': { schema: { type: 'string' } } },
    }),
    ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.FORBIDDEN, HttpStatus.NOT_FOUND, ...PBX_READ_ERRORS),
  );
}

function send(response: ServerResponse, filename: string, body: string): void {
  response.writeHead(200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
  response.end(body);
}
