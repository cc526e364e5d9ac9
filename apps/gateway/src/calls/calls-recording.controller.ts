import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
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
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ok, parseRecordingLinkRequest, type Result, type TicketLink } from '@switchboard/live-protocol';
import type { RecordingStream } from '@switchboard/pbx-api';
import { ApiErrors, ApiResult, ApiSignedIn } from '../openapi/api-responses.js';
import { AuditService } from '../ports/audit.service.js';
import type { Principal } from '../access/principal.js';
import { CurrentPrincipal, RequireRole, SessionGuard } from '../auth/session.guard.js';
import { readInput, restError } from '../errors/rest-error.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import {
  parseContentRange,
  parseRange,
  rangeHeader,
  resolveRange,
  type ByteRange,
  type SuffixRange,
} from './byte-range.js';
import { guarded } from './call-failure.js';
import { CallTickets, sessionIdOf } from './call-tickets.js';
import { CALLS_SCHEMAS, PBX_READ_ERRORS } from './calls-schemas.js';
import { CallsService } from './calls.service.js';
import { RangeSlice } from './range-slice.js';
import { RecentKeys } from './recent-keys.js';

/**
 * A player renews its recording link before it expires (and once after an error): within this long, the same
 * user playing or downloading the same call again is one entry of the audit log, not one per link.
 */
export const RECORDING_AUDIT_WINDOW_MS = 15 * 60_000;

/** Recordings are served as WAV whatever the PBX labels them (it sends 8 kHz mono WAV, or octet-stream). */
const AUDIO_TYPE = 'audio/wav';

/** A call in words for the audit log: "the call from 5551234 to 1005 at 2026-11-24 10:02:03". */
function callWords(call: { from: string; to: string }, at: string): string {
  return `the call from ${call.from || 'an unknown number'} to ${call.to || 'an unknown number'}${at ? ` at ${at}` : ''}`;
}

/**
 * Call recordings, played and downloaded through the gateway. A browser's <audio> cannot send the Bearer
 * header, so POST /api/calls/:id/recording-link (supervisors and admins, the call in their scope; audited as
 * played or downloaded) returns a 5-minute ticket link bound to the user, the call and the purpose, and
 * GET /api/calls/:id/recording?ticket= streams the PBX's file with HTTP Range support: the browser's range is
 * sent on to the PBX (206 passed through; a PBX answering 200 is cut to the range here), backpressure is kept
 * by the pipeline and the PBX stream is destroyed when the browser goes away. The PBX's token and download
 * link never leave the gateway.
 */
@ApiTags('calls')
@Controller('api/calls/:id')
export class CallsRecordingController {
  private readonly log = new Logger('CallRecordings');
  private readonly audited = new RecentKeys(RECORDING_AUDIT_WINDOW_MS);

  constructor(
    private readonly calls: CallsService,
    private readonly tickets: CallTickets,
    private readonly audit: AuditService,
  ) {}

  @Post('recording-link')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SessionGuard)
  @RequireRole('supervisor')
  @ApiSignedIn()
  @ApiOperation({
    operationId: 'calls_recording_link',
    summary: 'A 5-minute link to play (or download) the call’s recording; audited',
  })
  @ApiParam({ name: 'id', schema: { type: 'string' } })
  @ApiBody({ required: false, schema: CALLS_SCHEMAS.recordingLinkBody })
  @ApiResult(CALLS_SCHEMAS.ticketLink, 'The link to open')
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, ...PBX_READ_ERRORS)
  async link(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<Result<TicketLink>> {
    const { download } = readInput(parseRecordingLinkRequest, body);
    const { session } = principal;
    const found = await guarded(response, 'the call', this.log, () => this.calls.find(session, id));
    const times = await guarded(response, 'the call', this.log, () => this.calls.callTimes());
    const { summary, record } = found;
    if (!summary.hasRecording || !record.record_file)
      throw restError(HttpStatus.NOT_FOUND, 'not_found', 'The PBX kept no recording of this call.');
    this.calls.rememberRecording(id, record.record_file);
    const purpose = download === true ? 'download' : 'play';
    const { ticket, expiresAt } = this.tickets.issue({
      user: session.user,
      purpose,
      subject: id,
      ...sessionIdOf(principal),
    });
    const words = callWords(summary, summary.startedAt === null ? '' : times.localOf(summary.startedAt));
    if (this.audited.first(`${session.user}\n${purpose}\n${id}`))
      this.audit.record({
        user: session.user,
        action: 'call:recording',
        target: id,
        result: 'ok',
        detail: `${purpose === 'download' ? 'downloaded' : 'played'} the recording of ${words}`,
        facts: { operation: purpose, call: words },
      });
    return ok({
      url: `/api/calls/${encodeURIComponent(id)}/recording?ticket=${encodeURIComponent(ticket)}`,
      expiresAt,
    });
  }

  @Get('recording')
  @ApiOperation({
    operationId: 'calls_recording',
    summary: 'The call’s recording (audio/wav), streamed with HTTP Range support',
    description: 'Authorised by the ticket of POST /api/calls/{id}/recording-link, not by a Bearer header.',
  })
  @ApiParam({ name: 'id', schema: { type: 'string' } })
  @ApiQuery({ name: 'ticket', required: true })
  @ApiResponse({
    status: 200,
    description: 'The whole file',
    content: { [AUDIO_TYPE]: { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({
    status: 206,
    description: 'The range asked for',
    content: { [AUDIO_TYPE]: { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiErrors(HttpStatus.UNAUTHORIZED, HttpStatus.NOT_FOUND, ...PBX_READ_ERRORS)
  async stream(
    @Param('id') id: string,
    @Query('ticket') ticket: unknown,
    @Req() request: IncomingMessage,
    @Res() response: ServerResponse,
  ): Promise<void> {
    const check = this.tickets.check(ticket, ['play', 'download'], id);
    if (!check.ok) throw restError(HttpStatus.UNAUTHORIZED, 'unauthorized', check.message);
    const range = parseRange(request.headers.range);
    if (range === 'invalid')
      throw restError(
        HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
        'invalid_payload',
        'The Range header must name one byte range, e.g. bytes=0-.',
      );
    const file = await guarded(response, 'the recording', this.log, () => this.calls.recordingFileOf(id));
    if (!file) throw restError(HttpStatus.NOT_FOUND, 'not_found', 'The PBX kept no recording of this call.');
    const aborted = new AbortController();
    response.once('close', () => aborted.abort());
    const opened = await guarded(response, 'the recording', this.log, () =>
      this.calls.request('recording/download', (client) =>
        client.recording.open(
          { file },
          { ...(range ? { range: rangeHeader(range) } : {}), signal: aborted.signal },
        ),
      ),
    );
    await this.send(opened, range, check.grant.purpose === 'download', response);
  }

  /** Answers with the PBX's file: its range passed through, or cut to the range when the PBX sent it whole. */
  private async send(
    opened: RecordingStream,
    range: ByteRange | SuffixRange | undefined,
    download: boolean,
    response: ServerResponse,
  ): Promise<void> {
    const { status, headers, body } = opened;
    const size = Number(headers['content-length'] ?? Number.NaN);
    const common: Record<string, string> = {
      'Content-Type': AUDIO_TYPE,
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, no-store',
      'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${opened.file.replace(/["\\\r\n]/g, '_')}"`,
    };
    let slice: RangeSlice | undefined;
    if (status === 416) {
      body.destroy();
      throw restError(
        HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
        'invalid_payload',
        'The range asked for lies outside the recording.',
      );
    }
    if (status === 206) {
      const answered = parseContentRange(headers['content-range']);
      response.writeHead(206, {
        ...common,
        ...(headers['content-range'] ? { 'Content-Range': headers['content-range'] } : {}),
        ...(answered ? { 'Content-Length': String(answered.end - answered.start + 1) } : {}),
      });
    } else if (range && Number.isFinite(size)) {
      // The PBX sent the whole file for a range: skip to the range here.
      const wanted = resolveRange(range, size);
      if (!wanted) {
        body.destroy();
        response.setHeader('Content-Range', `bytes */${size}`);
        throw restError(
          HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
          'invalid_payload',
          'The range asked for lies outside the recording.',
        );
      }
      response.writeHead(206, {
        ...common,
        'Content-Range': `bytes ${wanted.start}-${wanted.end}/${size}`,
        'Content-Length': String(wanted.end - wanted.start + 1),
      });
      slice = new RangeSlice(wanted.start, wanted.end);
    } else {
      response.writeHead(200, {
        ...common,
        ...(Number.isFinite(size) ? { 'Content-Length': String(size) } : {}),
      });
    }
    try {
      if (slice) await pipeline(body, slice, response);
      else await pipeline(body, response);
    } catch (error) {
      // The browser went away (seeking, closing the page) or the PBX broke off: nothing more can be said.
      body.destroy();
      if (!response.destroyed) response.destroy();
      this.log.debug({ msg: 'recording stream ended early', error: describePbxError(error) });
    }
  }
}
