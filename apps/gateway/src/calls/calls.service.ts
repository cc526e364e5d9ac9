import { HttpStatus, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  CALL_STATUSES,
  MAX_CALL_PAGE_SIZE,
  type CallDetail,
  type CallNoteView,
  type CallOptionsAnswer,
  type CallParty,
  type CallRouteView,
  type CallSearchAnswer,
  type CallSummary,
  type CallTranscript,
  type NamedOption,
  type SessionInfo,
  type ValidCallSearchQuery,
} from '@switchboard/live-protocol';
import { PbxApiError, type MenuOption, type CdrRecord, type PbxClient } from '@switchboard/pbx-api';
import { ADMIN_MAX_BUDGET_WAIT_MS } from '../admin/admin-pbx.controller.js';
import { restError } from '../errors/rest-error.js';
import { outcomeText } from '../inbound/call-history.js';
import { CallerContextService } from '../inbound/caller-context.service.js';
import { InboundRoutesService } from '../inbound/inbound-routes.service.js';
import { CDR_MAX_PAGES, type CdrQuery } from '../pbx/cdr-search.js';
import { CdrSearchService } from '../pbx/cdr-search.service.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { PbxConnectionService, type PbxRequestOptions } from '../pbx/pbx-connection.service.js';
import { QueuesService } from '../queues/queues.service.js';
import { parseCallId } from './call-id.js';
import { callNotFound } from './call-failure.js';
import { noteViewOf, summaryOf, transcriptOf } from './call-mapping.js';
import { callInScope, callScopeOf, type CallScope } from './call-scope.js';
import { CallTimes } from './call-time.js';
import { pageStartedLastFirst, startedLastFirst } from './started-order.js';
import { TranscriptCache, type TranscriptEntry } from './transcript-cache.js';

/** Menu options (disposition codes, extension groups) are read again after this long. */
export const CALL_OPTIONS_TTL_MS = 5 * 60_000;
/** Transcripts are kept for less than the PBX's 30-minute download link. */
export const TRANSCRIPT_TTL_MS = 25 * 60_000;
/**
 * A supervisor's search reads the PBX's matches page by page and keeps those of their scope; it stops after
 * this many records (then `total` counts the calls of the scope among them).
 */
export const SCOPED_SCAN_LIMIT = 50_000;
/** Records per cdr/search request when the gateway pages through a result itself (the PBX's maximum). */
const PBX_PAGE = MAX_CALL_PAGE_SIZE;
/** PBX requests of the call history: background priority, refused with 429 past 2 s of waiting. */
const HISTORY_REQUEST: PbxRequestOptions = { priority: 'background', maxWaitMs: ADMIN_MAX_BUDGET_WAIT_MS };

/** Who is looking: what the scope rule needs of a session (a ticket carries the same). */
export type CallViewer = Pick<SessionInfo, 'role' | 'queues' | 'display'>;

/** A call record found by its id, and its summary. */
export interface FoundCall {
  record: CdrRecord;
  summary: CallSummary;
}

/**
 * The PBX's call history for people: searches of cdr/search with the interface's filters (times read as the
 * site's wall time; CdrSearchService sends them in the form the PBX's firmware takes), a call's detail (parties matched to company
 * contacts, the inbound route, the note and its history from callnotes/get), its AI transcript from
 * cdr/aidownload narrowed to the call, and the scope rule (supervisors see their queues' calls). Every PBX
 * request is background work of the request budget, refused with 429 rather than queued past 2 s.
 */
@Injectable()
export class CallsService implements OnModuleInit {
  private readonly log = new Logger('Calls');
  private readonly transcripts = new TranscriptCache(TRANSCRIPT_TTL_MS, 500);
  private readonly transcriptReads = new Map<string, Promise<TranscriptEntry>>();
  /** Recording file names of calls whose recording link was issued (the stream route reads them). */
  private readonly recordingFiles = new Map<string, string>();
  private menus: { at: number; codes: NamedOption[]; groups: NamedOption[] } | undefined;
  private times: CallTimes | undefined;

  constructor(
    private readonly pbx: PbxConnectionService,
    private readonly cdr: CdrSearchService,
    private readonly queues: QueuesService,
    private readonly routes: InboundRoutesService,
    private readonly context: CallerContextService,
  ) {}

  onModuleInit(): void {
    this.context.useLastCallDetails((record) => this.lastCallDetails(record));
  }

  /** The calls `session` may see. */
  scopeOf(session: CallViewer): CallScope {
    return callScopeOf(session, (id) => this.queues.view(id));
  }

  /** Whether a call is in the session's scope. */
  inScope(scope: CallScope, call: CallSummary): boolean {
    return callInScope(scope, call, (c) => this.routeQueueOf(c));
  }

  async options(): Promise<CallOptionsAnswer> {
    const [times, menus] = await Promise.all([this.callTimes(), this.menuOptions()]);
    return {
      timeZone: times.display.timeZone,
      displayFormat: times.display.pattern,
      statuses: CALL_STATUSES,
      dispositionCodes: menus.codes,
      extensionGroups: menus.groups,
      maxPageSize: MAX_CALL_PAGE_SIZE,
    };
  }

  /** One page of the session's calls, the call that started last first (startedLastFirst). */
  async search(session: CallViewer, query: ValidCallSearchQuery): Promise<CallSearchAnswer> {
    const scope = this.scopeOf(session);
    const [times, filters] = await Promise.all([this.callTimes(), this.filtersOf(query)]);
    const { page, pageSize } = query;
    if (scope === 'all') {
      // The PBX lists calls as they end: its pages are read until the page in start order is certain.
      const answer = await pageStartedLastFirst(
        async (pbxPage) => {
          const read = await this.cdr.page(filters, { page: pbxPage, pageSize: PBX_PAGE }, HISTORY_REQUEST);
          const calls = read.records.flatMap((record) => summaryOf(record, times.readDisplay) ?? []);
          return { calls, total: read.total, records: read.records.length };
        },
        { page, pageSize, pbxPageSize: PBX_PAGE, maxPbxPages: CDR_MAX_PAGES },
      );
      return { total: answer.total, page, pageSize, calls: answer.calls };
    }
    // The PBX cannot filter by scope: read its matches and keep the scope's, up to SCOPED_SCAN_LIMIT.
    const mine: CallSummary[] = [];
    for await (const calls of this.pages(filters, times, SCOPED_SCAN_LIMIT))
      for (const call of calls) if (this.inScope(scope, call)) mine.push(call);
    mine.sort(startedLastFirst);
    return { total: mine.length, page, pageSize, calls: mine.slice((page - 1) * pageSize, page * pageSize) };
  }

  /** Every call of the search in the session's scope, a PBX page at a time (the CSV export). */
  async *exportPages(session: CallViewer, query: ValidCallSearchQuery): AsyncGenerator<CallSummary[]> {
    const scope = this.scopeOf(session);
    const [times, filters] = await Promise.all([this.callTimes(), this.filtersOf(query)]);
    for await (const calls of this.pages(filters, times, Number.MAX_SAFE_INTEGER))
      yield scope === 'all' ? calls : calls.filter((call) => this.inScope(scope, call));
  }

  /** The call `id` if the session may see it: 404 for none, 403 for one outside the scope. */
  async find(session: CallViewer, id: string): Promise<FoundCall> {
    const key = parseCallId(id);
    if (!key) throw callNotFound(id);
    const startedAt = key.startSec * 1000;
    const [times, answer] = await Promise.all([
      this.callTimes(),
      this.cdr.page({ since: startedAt, until: startedAt }, { page: 1, pageSize: 1_000 }, HISTORY_REQUEST),
    ]);
    const record = answer.records.find((r) => r.record_id === key.recordId);
    const summary = record ? summaryOf(record, times.readDisplay) : undefined;
    if (!record || !summary) throw callNotFound(id);
    if (!this.inScope(this.scopeOf(session), summary))
      throw restError(
        HttpStatus.FORBIDDEN,
        'forbidden',
        'This call is not one of your queues’ calls; ask an administrator if you need it.',
      );
    return { record, summary };
  }

  async detail(session: CallViewer, id: string): Promise<CallDetail> {
    const { record, summary } = await this.find(session, id);
    const note = await this.noteOf(record);
    const known = this.transcripts.get(summary.id);
    return {
      ...summary,
      caller: this.party(summary.from, summary.fromName),
      callee: this.party(summary.to, summary.toName),
      route: this.routeView(summary),
      disposition: outcomeText(summary.status),
      recording: summary.hasRecording
        ? { available: true }
        : { available: false, reason: 'The PBX kept no recording of this call.' },
      note,
      transcript: !known
        ? { available: null }
        : 'transcript' in known
          ? { available: true }
          : { available: false, reason: known.missing },
    };
  }

  /** The call's AI transcript; 404 with the reason when the PBX has none. */
  async transcript(session: CallViewer, id: string): Promise<CallTranscript> {
    const found = await this.find(session, id);
    const entry = await this.transcriptEntry(found);
    if ('missing' in entry) throw restError(HttpStatus.NOT_FOUND, 'not_found', entry.missing);
    return entry.transcript;
  }

  /** Keeps a call's recording file name for its stream route (bounded; the oldest forgotten first). */
  rememberRecording(callId: string, file: string): void {
    this.recordingFiles.delete(callId);
    this.recordingFiles.set(callId, file);
    for (const oldest of this.recordingFiles.keys()) {
      if (this.recordingFiles.size <= 1_000) break;
      this.recordingFiles.delete(oldest);
    }
  }

  /**
   * The recording file name of a call whose ticket was checked: remembered when the link was issued, else
   * read from its record (the scope was checked when the ticket was issued). Undefined: no recording.
   */
  async recordingFileOf(callId: string): Promise<string | undefined> {
    const known = this.recordingFiles.get(callId);
    if (known) return known;
    const { record } = await this.find({ role: 'admin', queues: 'all', display: false }, callId);
    const file = record.record_file?.trim();
    if (file) this.rememberRecording(callId, file);
    return file || undefined;
  }

  /** The note of a record (current and history) from callnotes/get; the record's own copy if that fails. */
  async noteOf(record: CdrRecord): Promise<CallNoteView | null> {
    const noteId = record.call_note_id || record.call_note?.id;
    if (!noteId) return null;
    const groupId = record.call_note?.group_id || record.call_id || record.uid;
    const fallback = record.call_note ? noteViewOf({ current: record.call_note, history: [] }) : null;
    if (!groupId) return fallback;
    return this.readNote(noteId, groupId).catch((error: unknown) => {
      this.log.warn({ msg: 'call note not read; showing the record’s copy', error: describePbxError(error) });
      return fallback;
    });
  }

  /** callnotes/get of a note, with codes named from the menu options where the note has ids only. */
  async readNote(id: string, groupId: string): Promise<CallNoteView> {
    const answer = await this.request('callnotes/get', (client) =>
      client.callNote.get({ id, group_id: groupId }),
    );
    const codes = this.menus ? new Map(this.menus.codes.map((code) => [code.id, code.name])) : undefined;
    return noteViewOf(answer, codes);
  }

  /** A PBX request of the call history: background priority, refused with 429 past 2 s of waiting. */
  request<T>(operation: string, send: (client: PbxClient) => Promise<T>): Promise<T> {
    return this.pbx.request(operation, send, HISTORY_REQUEST);
  }

  /** The site's zone and the PBX's display format (system/information, read again every few minutes). */
  async callTimes(): Promise<CallTimes> {
    const display = await this.cdr.displayFormat(HISTORY_REQUEST);
    if (this.times?.display !== display) this.times = new CallTimes(display);
    return this.times;
  }

  private async menuOptions(): Promise<{ codes: NamedOption[]; groups: NamedOption[] }> {
    if (this.menus && Date.now() - this.menus.at < CALL_OPTIONS_TTL_MS) return this.menus;
    const read = async (menu: 'disposition_code' | 'ext_group'): Promise<NamedOption[]> => {
      // Editions differ in the menus they have: one the PBX refuses offers nothing to filter by.
      const answer = await this.request('system/get_menuoptions', (client) =>
        client.system.menuOptions({ menu }),
      ).catch((error: unknown) => {
        if (!(error instanceof PbxApiError)) throw error;
        this.log.warn({ msg: 'menu options not read', menu, error: describePbxError(error) });
        return { data: [] as MenuOption[] };
      });
      return answer.data
        .map((option) => ({ id: Number(option.value), name: String(option.text ?? '').trim() }))
        .filter((option) => Number.isSafeInteger(option.id) && option.id > 0)
        .sort((a, b) => a.name.localeCompare(b.name));
    };
    const codes = await read('disposition_code');
    const groups = await read('ext_group');
    this.menus = { at: Date.now(), codes, groups };
    return this.menus;
  }

  /** The cdr/search filters of a query (no paging), its times as instants of the site's wall time. */
  private async filtersOf(query: ValidCallSearchQuery): Promise<CdrQuery> {
    const times = query.from || query.to ? await this.callTimes() : undefined;
    const params: NonNullable<CdrQuery['filters']> = {};
    if (query.caller) params.call_from = query.caller;
    if (query.callee) params.call_to = query.callee;
    if (query.status) params.status = query.status;
    if (query.did) params.did = query.did;
    if (query.extensionGroup !== undefined) params.extension_group = query.extensionGroup;
    if (query.dispositionCodes?.length) params.disposition_code_list = query.dispositionCodes.join(',');
    if (query.noteRemark) params.call_note_remark = query.noteRemark;
    return {
      filters: params,
      ...(query.from && times ? { since: times.instantOfLocal(query.from) } : {}),
      ...(query.to && times ? { until: times.instantOfLocal(query.to) } : {}),
    };
  }

  /** The search's records as summaries, a PBX page of 10,000 at a time, up to `limit` records. */
  private async *pages(filters: CdrQuery, times: CallTimes, limit: number): AsyncGenerator<CallSummary[]> {
    const options = { pageSize: PBX_PAGE, maxRecords: limit };
    for await (const records of this.cdr.pages(filters, options, HISTORY_REQUEST))
      yield records.flatMap((record) => summaryOf(record, times.readDisplay) ?? []);
  }

  private party(number: string, name: string | null): CallParty {
    const contact = number ? this.context.contactOf(number) : undefined;
    return { number, name, contactName: contact?.contactName ?? null, company: contact?.company ?? null };
  }

  /** The queue an inbound call's route leads to, when the routes say. */
  private routeQueueOf(call: Pick<CallSummary, 'from' | 'did' | 'trunk'>): number | undefined {
    const destination = this.routes.routeOf({
      to: call.did,
      trunk: call.trunk,
      from: call.from,
    })?.destination;
    return destination?.kind === 'queue' ? destination.queueId : undefined;
  }

  private routeView(call: CallSummary): CallRouteView | null {
    if (call.direction !== 'inbound' || call.did === '') return null;
    const route = this.routes.routeOf({ to: call.did, trunk: call.trunk, from: call.from });
    if (!route || route.names.length === 0) return null;
    const { destination } = route;
    const words =
      destination.kind === 'queue'
        ? this.queueWords(destination.queueId)
        : destination.kind === 'other'
          ? destination.words
          : `not known: ${destination.reason}`;
    return { name: route.names.join(', '), destination: words };
  }

  private queueWords(queueId: number): string {
    const view = this.queues.view(queueId);
    if (!view?.name) return `queue ${queueId}`;
    return `queue ${view.name}${view.number ? ` (${view.number})` : ''}`;
  }

  /** The transcript of a call, from the cache or cdr/aidownload (one read at a time per call). */
  private transcriptEntry(found: FoundCall): Promise<TranscriptEntry> {
    const { summary } = found;
    const known = this.transcripts.get(summary.id);
    if (known) return Promise.resolve(known);
    const running = this.transcriptReads.get(summary.id);
    if (running) return running;
    const read = this.readTranscript(found)
      .then((entry) => {
        this.transcripts.set(summary.id, entry);
        return entry;
      })
      .finally(() => this.transcriptReads.delete(summary.id));
    this.transcriptReads.set(summary.id, read);
    return read;
  }

  private async readTranscript({ record, summary }: FoundCall): Promise<TranscriptEntry> {
    if (summary.status !== 'ANSWERED' || summary.talkSec === 0)
      return { missing: 'This call was not answered, so there is no conversation to transcribe.' };
    const uid = record.uid ?? record.call_id;
    if (!uid || summary.startedAt === null)
      return { missing: 'The PBX’s record of this call has no id its AI transcripts could be matched on.' };
    const times = await this.callTimes();
    const at = times.displayOfSec(summary.startedAt / 1000);
    // Narrowed to this call: its caller and its start second (the file holds at most 10,000 calls).
    const legs = await this.request('cdr/aidownload', (client) =>
      client.cdr.aiDownload({ call_from: summary.from, start_time: at, end_time: at }),
    );
    const transcript = transcriptOf(legs, uid, [
      this.party(summary.from, summary.fromName),
      this.party(summary.to, summary.toName),
    ]);
    return transcript
      ? { transcript }
      : { missing: 'The PBX has no AI transcript of this call (AI transcription may be off for it).' };
  }

  /** What the held-call prompt adds to a caller's previous call: its id here and its AI summary. */
  private async lastCallDetails(record: CdrRecord): Promise<{ callId?: string; summary: string | null }> {
    try {
      const times = await this.callTimes();
      const summary = summaryOf(record, times.readDisplay);
      if (!summary) return { summary: null };
      const entry = await this.transcriptEntry({ record, summary });
      return { callId: summary.id, summary: 'transcript' in entry ? entry.transcript.summary : null };
    } catch (error) {
      this.log.debug({ msg: 'last call’s AI summary not read', error: describePbxError(error) });
      return { summary: null };
    }
  }
}
