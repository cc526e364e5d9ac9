import type { CdrRecord, CdrSearchParams, CdrSearchResponse, PbxTimeFormat } from '@switchboard/pbx-api';
import type { PbxRequestOptions } from './pbx-connection.service.js';

/** The filters of a cdr/search other than its time window and its paging. */
export type CdrFilters = Omit<CdrSearchParams, 'page' | 'page_size' | 'start_time' | 'end_time'>;

/**
 * What to search for: filters, and a time window of instants (epoch ms). Both ends are inclusive to the
 * second, as the PBX compares whole seconds.
 */
export interface CdrQuery {
  filters?: CdrFilters;
  since?: number;
  until?: number;
}

/** One page as it was asked for, whatever the PBX did with the paging parameters. */
export interface CdrPage {
  records: CdrRecord[];
  /** Matches in all; the rows received when the PBX ignored paging and sent them all. */
  total: number;
}

/** How the PBX takes `start_time`/`end_time`: Unix seconds, or text in its display format. */
export type CdrTimeForm = 'unix' | 'display';

/** The PBX's largest page (docs/pbx/records.md#cdr-search). */
export const CDR_MAX_PAGE_SIZE = 10_000;
/** A read of several pages stops here whatever the caller asked: 1,000 pages is far beyond any search. */
export const CDR_MAX_PAGES = 1_000;

/** What the dialect needs from the gateway: the request itself, the display format, and a log. */
export interface CdrSearchPort {
  send(params: CdrSearchParams, how: PbxRequestOptions): Promise<CdrSearchResponse>;
  /** The PBX's display format in the site's zone (system/information). */
  displayFormat(how: PbxRequestOptions): Promise<PbxTimeFormat>;
  warn(message: string, meta: Record<string, unknown>): void;
  info(message: string, meta: Record<string, unknown>): void;
}

/**
 * cdr/search on whatever firmware the PBX runs (docs/pbx/records.md#cdr-search-by-firmware). The newest
 * firmware takes times as Unix seconds or display text and pages; older firmware takes display text only (a
 * Unix time silently finds nothing) and has no paging (every match comes at once). So:
 * - time form: Unix seconds first; while the form is not known, a window Unix seconds find nothing in is asked
 *   again in the display format, and the first form that finds records is kept until {@link forget};
 * - paging: every answer's rows are checked against `page_size` and `total_number`; an answer that ignored
 *   the paging ends the read with what came, and the page asked for is cut from it here.
 * Each page costs at most two cdr/search requests (and one system/information), a read at most
 * {@link CDR_MAX_PAGES} pages.
 */
export class CdrSearchDialect {
  private form: CdrTimeForm | undefined;
  /** Bumped by {@link forget}: what a request sent before it found is not learnt. */
  private generation = 0;
  private readonly warned = new Set<string>();

  constructor(private readonly port: CdrSearchPort) {}

  /** The time form found to work, or undefined while not known. */
  get timeForm(): CdrTimeForm | undefined {
    return this.form;
  }

  /** Forgets the time form (the PBX reconnected: it may run another firmware now). */
  forget(): void {
    this.form = undefined;
    this.generation++;
  }

  /** Another firmware was seen: forget the time form and warn again about what this one does. */
  firmwareChanged(): void {
    this.forget();
    this.warned.clear();
  }

  /** Page `page` of `pageSize` records, newest first. */
  async page(
    query: CdrQuery,
    paging: { page: number; pageSize: number },
    how: PbxRequestOptions,
  ): Promise<CdrPage> {
    const { page, pageSize } = paging;
    checkPaging(page, pageSize);
    const answer = await this.fetch(query, page, pageSize, how);
    const rows = answer.data;
    const total = totalOf(answer);
    if (ignoredPaging(page, pageSize, rows.length, total)) {
      this.pagingIgnored(page, pageSize, rows.length, total);
      return { records: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length };
    }
    if (rows.length < pageSize && (page - 1) * pageSize + rows.length < total)
      this.shortPage(page, pageSize, rows.length, total);
    return { records: rows, total };
  }

  /**
   * Every match, a page at a time, until the last page, `maxRecords` records (whole pages) or
   * {@link CDR_MAX_PAGES}. A PBX that ignores paging gives everything in its first answer.
   */
  async *pages(
    query: CdrQuery,
    options: { pageSize: number; maxRecords?: number },
    how: PbxRequestOptions,
  ): AsyncGenerator<CdrRecord[], void> {
    const { pageSize, maxRecords = Number.POSITIVE_INFINITY } = options;
    checkPaging(1, pageSize);
    let read = 0;
    let firstKey: string | undefined;
    for (let page = 1; read < maxRecords; page++) {
      if (page > CDR_MAX_PAGES) {
        this.warnOnce('page-limit', 'cdr/search read stopped at its page limit', {
          pages: CDR_MAX_PAGES,
          records: read,
        });
        return;
      }
      const answer = await this.fetch(query, page, pageSize, how);
      const rows = answer.data;
      const total = totalOf(answer);
      if (ignoredPaging(page, pageSize, rows.length, total)) {
        this.pagingIgnored(page, pageSize, rows.length, total);
        // A first answer holds every match; a later one only repeats what the earlier pages gave.
        if (page === 1) yield rows;
        return;
      }
      const key = rows[0]?.record_id;
      if (page === 1) firstKey = key;
      else if (key !== undefined && key === firstKey) {
        // The PBX answered the first page again: it ignores `page`; the pages read so far are all there is.
        this.pagingIgnored(page, pageSize, rows.length, total);
        return;
      }
      read += rows.length;
      if (rows.length > 0) yield rows;
      if (rows.length < pageSize) {
        if (read < total) this.shortPage(page, pageSize, rows.length, total);
        return;
      }
      if (read >= total) return;
    }
  }

  /** Every match of {@link pages}, in one array. */
  async all(
    query: CdrQuery,
    options: { pageSize: number; maxRecords?: number },
    how: PbxRequestOptions,
  ): Promise<CdrRecord[]> {
    const out: CdrRecord[] = [];
    for await (const rows of this.pages(query, options, how)) out.push(...rows);
    return out;
  }

  /** One request for one page, in the time form that works (found out on the way when not known). */
  private async fetch(
    query: CdrQuery,
    page: number,
    pageSize: number,
    how: PbxRequestOptions,
  ): Promise<CdrSearchResponse> {
    checkWindow(query);
    const base: CdrSearchParams = { ...query.filters, page, page_size: pageSize };
    if (query.since === undefined && query.until === undefined) return this.port.send(base, how);
    const generation = this.generation;
    const known = this.form;
    const first = await this.port.send({ ...base, ...(await this.times(query, known ?? 'unix', how)) }, how);
    if (known !== undefined) return first;
    if (first.data.length > 0) {
      this.learn('unix', generation);
      return first;
    }
    // Nothing in Unix seconds: an empty window, or firmware that ignores Unix seconds without an error.
    const retry = await this.port.send({ ...base, ...(await this.times(query, 'display', how)) }, how);
    if (retry.data.length > 0) this.learn('display', generation);
    return retry;
  }

  private async times(query: CdrQuery, form: CdrTimeForm, how: PbxRequestOptions): Promise<CdrSearchParams> {
    const { since, until } = query;
    if (form === 'unix') {
      return {
        ...(since === undefined ? {} : { start_time: String(Math.floor(since / 1000)) }),
        ...(until === undefined ? {} : { end_time: String(Math.floor(until / 1000)) }),
      };
    }
    const display = await this.port.displayFormat(how);
    return {
      ...(since === undefined ? {} : { start_time: display.format(new Date(since)) }),
      ...(until === undefined ? {} : { end_time: display.format(new Date(until)) }),
    };
  }

  private learn(form: CdrTimeForm, generation: number): void {
    if (generation !== this.generation || this.form === form) return;
    this.form = form;
    this.port.info('cdr/search time form found', { form });
    if (form === 'display')
      this.warnOnce(
        'display-times',
        'the PBX finds call records by display-format times only (older firmware)',
        {
          form,
        },
      );
  }

  private pagingIgnored(page: number, pageSize: number, rows: number, total: number): void {
    this.warnOnce('paging-ignored', 'the PBX ignored cdr/search paging; using the records it sent', {
      page,
      pageSize,
      rows,
      total,
    });
  }

  private shortPage(page: number, pageSize: number, rows: number, total: number): void {
    this.warnOnce(
      'short-page',
      'cdr/search answered fewer records than its total; using the records it sent',
      {
        page,
        pageSize,
        rows,
        total,
      },
    );
  }

  private warnOnce(kind: string, message: string, meta: Record<string, unknown>): void {
    if (this.warned.has(kind)) return;
    this.warned.add(kind);
    this.port.warn(message, meta);
  }
}

/**
 * Whether an answer shows the PBX ignored the paging: more rows than a page holds, or a later page whose rows
 * would run past the total (older firmware sends every match for any page).
 */
export function ignoredPaging(page: number, pageSize: number, rows: number, total: number): boolean {
  return rows > pageSize || (page > 1 && rows > 0 && (page - 1) * pageSize + rows > total);
}

function totalOf(answer: CdrSearchResponse): number {
  const total: unknown = answer.total_number;
  return typeof total === 'number' && Number.isFinite(total) ? total : answer.data.length;
}

function checkPaging(page: number, pageSize: number): void {
  if (!Number.isSafeInteger(page) || page < 1)
    throw new RangeError(`page must be a whole number from 1, got ${page}`);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > CDR_MAX_PAGE_SIZE)
    throw new RangeError(`pageSize must be a whole number from 1 to ${CDR_MAX_PAGE_SIZE}, got ${pageSize}`);
}

function checkWindow({ since, until }: CdrQuery): void {
  for (const [name, value] of [
    ['since', since],
    ['until', until],
  ] as const) {
    if (value !== undefined && !Number.isFinite(value))
      throw new RangeError(`${name} must be an instant in epoch ms, got ${value}`);
  }
}
