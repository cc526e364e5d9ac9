import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { CallerContext, LastCallContext } from '@switchboard/live-protocol';
import {
  PBX_ERRCODE,
  PBX_EVENT,
  PbxApiError,
  type CdrRecord,
  type CompanyContact,
} from '@switchboard/pbx-api';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { CdrSearchService } from '../pbx/cdr-search.service.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { PollingService } from '../polling/polling.module.js';
import { CallHistory, lastCallOf, outcomeText, withLastCall } from './call-history.js';
import { ContactDirectory, type ContactMatch } from './contact-directory.js';
import type { CallerContextSource } from './held-calls.types.js';

/** How often the phonebook index is rebuilt. */
export const CONTACT_REFRESH_MS = 10 * 60_000;
/** Delay before the first rebuild, so start-up requests (queues, snapshots) go first. */
const FIRST_SWEEP_DELAY_MS = 2_000;
/** Today's records of one number are read at most this many per look-up. */
const HISTORY_PAGE_SIZE = 200;
const PHONEBOOK_JOB = 'phonebook';
/** A caller's previous call is read with a page this small (newest first: the first is the one wanted). */
const LAST_CALL_PAGE_SIZE = 2;
/** A number's previous call is read again after this long (sooner when the number ends a call). */
const LAST_CALL_KEEP_MS = 10 * 60_000;
/** Numbers whose previous call is kept; the memory is emptied when it is full. */
const LAST_CALLS_KEPT = 5_000;

/**
 * Adds what the call history knows about a record (its id in /api/calls, its AI summary); registered by the
 * calls module. Resolves to null summary when there is none; never rejects.
 */
export type LastCallDetails = (record: CdrRecord) => Promise<{ callId?: string; summary: string | null }>;

/**
 * Caller context for held calls, gathered cheaply: a phonebook index rebuilt in the background (no request
 * while a call waits), today's calls per number kept from new-CDR events, and, the first time a number
 * holds a call today, one cdr/search for that number so repeat callers are recognised after a restart.
 * The rebuild is a job of the poll scheduler, so it runs only where polling runs (the cluster's leader).
 */
@Injectable()
export class CallerContextService implements CallerContextSource, OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('CallerContext');
  private readonly contacts = new ContactDirectory();
  private readonly history: CallHistory;
  private readonly unsubscribe: (() => void)[] = [];
  private lastCallDetails: LastCallDetails | undefined;
  /** Each number's previous call as last read; dropped when the number ends a call (30012). */
  private readonly lastCalls = new Map<string, { at: number; value: LastCallContext | undefined }>();

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly cdr: CdrSearchService,
    private readonly polling: PollingService,
  ) {
    this.history = new CallHistory(config.stats.timeZone);
  }

  onModuleInit(): void {
    this.unsubscribe.push(
      this.pbx.onEvent(PBX_EVENT.NEW_CDR, (event) => {
        if (!event.msg.call_from) return;
        this.lastCalls.delete(event.msg.call_from);
        this.history.record(
          event.msg.call_from,
          event.msg.call_id,
          Date.now(),
          outcomeText(String(event.msg.status)),
        );
      }),
    );
    // sweep() never rejects: a failed rebuild keeps the old index and waits for the next interval.
    this.polling.add(
      { key: PHONEBOOK_JOB, kind: 'phonebook', intervalMs: CONTACT_REFRESH_MS, run: () => this.sweep() },
      FIRST_SWEEP_DELAY_MS,
    );
  }

  onModuleDestroy(): void {
    this.polling.remove(PHONEBOOK_JOB);
    for (const off of this.unsubscribe) off();
  }

  /** When the phonebook index was last rebuilt (epoch ms), or null before the first rebuild. */
  get phonebookLoadedAt(): number | null {
    return this.contacts.lastLoadedAt;
  }

  /** The company contact a number matches, from the phonebook index (no PBX request). */
  contactOf(number: string): ContactMatch | undefined {
    return this.contacts.lookup(number);
  }

  /** Lets the prompt's last-call context carry the call's id and AI summary (the calls module). */
  useLastCallDetails(details: LastCallDetails): void {
    this.lastCallDetails = details;
  }

  /** What is known now, without asking the PBX. */
  initial(from: string, callId: string): CallerContext {
    const contact = this.contacts.lookup(from);
    const { callsToday, lastOutcome } = this.history.get(from, callId);
    return {
      contactName: contact?.contactName ?? null,
      company: contact?.company ?? null,
      callsToday,
      lastOutcome,
    };
  }

  /**
   * Reads today's records of `from` (once per day) and the caller's previous call (with its note and AI
   * summary) in the background; resolves to the improved context, if any. A failed last-call look-up leaves
   * the rest of the context as it is.
   */
  async enrich(from: string, callId: string): Promise<CallerContext | undefined> {
    const [today, lastCall] = await Promise.all([
      this.loadToday(from, callId),
      this.lastCall(from, callId).catch((error: unknown) => {
        this.log.debug({ msg: 'last call not read', error: describePbxError(error) });
        return undefined;
      }),
    ]);
    if (!today && !lastCall) return undefined;
    return withLastCall(today ?? this.initial(from, callId), lastCall);
  }

  /** The caller's newest call on record (any day), with its note remark and AI summary when known. */
  private async lastCall(from: string, callId: string): Promise<LastCallContext | undefined> {
    const known = this.lastCalls.get(from);
    if (known && Date.now() - known.at < LAST_CALL_KEEP_MS) return known.value;
    const value = await this.readLastCall(from, callId);
    if (this.lastCalls.size >= LAST_CALLS_KEPT) this.lastCalls.clear();
    this.lastCalls.set(from, { at: Date.now(), value });
    return value;
  }

  private async readLastCall(from: string, callId: string): Promise<LastCallContext | undefined> {
    const answer = await this.cdr.page(
      { filters: { call_from: from } },
      { page: 1, pageSize: LAST_CALL_PAGE_SIZE },
      { priority: 'background' },
    );
    const record = answer.records.find((r) => (r.call_id ?? r.uid) !== callId);
    if (!record) return undefined;
    const details = this.lastCallDetails ? await this.lastCallDetails(record) : { summary: null };
    return lastCallOf(record, details);
  }

  private async loadToday(from: string, callId: string): Promise<CallerContext | undefined> {
    if (!this.history.needsLoad(from)) return undefined;
    const dayStart = this.history.dayStart();
    const dayStartSec = Math.floor(dayStart / 1000);
    const answer = await this.cdr.page(
      { filters: { call_from: from }, since: dayStart },
      { page: 1, pageSize: HISTORY_PAGE_SIZE },
      // Background enrichment: the prompt is already on screen, so this waits for the polling budget.
      { priority: 'background' },
    );
    for (const record of answer.records) {
      const at = (record.timestamp ?? dayStartSec) * 1000;
      const id = record.call_id ?? record.record_id;
      if (id && id !== callId)
        this.history.record(from, id, at, outcomeText(String(record.disposition ?? '')));
    }
    this.history.markLoaded(from);
    return this.initial(from, callId);
  }

  private async sweep(): Promise<void> {
    try {
      const count = await this.contacts.sweep((ids) => this.readContacts(ids), Date.now());
      this.log.debug({ msg: 'phonebook index rebuilt', contacts: count, numbers: this.contacts.size });
    } catch (error) {
      this.log.warn({
        msg: 'phonebook index not rebuilt; keeping the previous one',
        error: describePbxError(error),
      });
    }
  }

  private async readContacts(ids: number[]): Promise<CompanyContact[]> {
    try {
      const answer = await this.pbx.request(
        'company_contact/query',
        (client) => client.companyContact.query({ ids: ids.join(',') }),
        { priority: 'background' },
      );
      return answer.data ?? [];
    } catch (error) {
      // A batch past the last contact may be answered 40004 NOT FOUND (docs/pbx/errors-and-formats.md): no
      // contacts there. Any other failure must end the sweep, which keeps the previous index, rather than
      // count as an empty batch and wipe the phonebook.
      if (error instanceof PbxApiError && error.errcode === PBX_ERRCODE.NOT_FOUND) return [];
      throw error;
    }
  }
}
