import {
  PbxTimeFormat,
  type CdrRecord,
  type CdrSearchParams,
  type CdrSearchResponse,
} from '@switchboard/pbx-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/support/test-config.js';
import { CDR_MAX_PAGES, CdrSearchDialect, ignoredPaging, type CdrSearchPort } from './cdr-search.js';
import { CdrSearchService, DISPLAY_FORMAT_TTL_MS } from './cdr-search.service.js';
import type { EventGap, PbxConnectionService } from './pbx-connection.service.js';

const HOW = { priority: 'background' } as const;
/** 2025-08-22 16:44:40 UTC, 12:44:40 in New York. */
const T0 = 1_755_881_080;
const ZONE = 'America/New_York';
const DISPLAY = new PbxTimeFormat({ dateFormat: 'MM/DD/YYYY', timeFormat: 'hh:mm:ss A', timeZone: ZONE });

/** `count` records a minute apart from T0 on, newest first as the PBX answers. */
function records(count: number): CdrRecord[] {
  return Array.from({ length: count }, (_, i) => ({ record_id: `r${i}`, timestamp: T0 + 60 * i })).reverse();
}

/**
 * A PBX's cdr/search over `stored`: the newest firmware takes Unix seconds or display text and pages; older
 * firmware takes display text only (a Unix time finds nothing) and answers every match.
 */
function fakePbx(firmware: 'newest' | 'older', stored: CdrRecord[]) {
  const sent: CdrSearchParams[] = [];
  const warnings: string[] = [];
  const displayReads = { count: 0 };
  const timeOf = (text: string | undefined): number | undefined | null => {
    if (text === undefined) return undefined;
    if (/^\d+$/.test(text)) return firmware === 'newest' ? Number(text) : null;
    try {
      return DISPLAY.parse(text).getTime() / 1000;
    } catch {
      return null;
    }
  };
  const port: CdrSearchPort = {
    send: (params) => {
      sent.push(params);
      const from = timeOf(params.start_time);
      const to = timeOf(params.end_time);
      const matches =
        from === null || to === null
          ? []
          : stored.filter(
              (r) =>
                (from === undefined || (r.timestamp ?? 0) >= from) &&
                (to === undefined || (r.timestamp ?? 0) <= to),
            );
      if (firmware === 'older')
        return Promise.resolve({
          errcode: 0,
          errmsg: 'SUCCESS',
          total_number: matches.length,
          data: matches,
        });
      const page = Number(params.page ?? 1);
      const size = Number(params.page_size ?? 10_000);
      const data = matches.slice((page - 1) * size, page * size);
      return Promise.resolve({ errcode: 0, errmsg: 'SUCCESS', total_number: matches.length, data });
    },
    displayFormat: () => {
      displayReads.count++;
      return Promise.resolve(DISPLAY);
    },
    warn: (message) => warnings.push(message),
    info: () => undefined,
  };
  return { port, sent, warnings, displayReads, dialect: new CdrSearchDialect(port) };
}

const ids = (rows: readonly CdrRecord[]) => rows.map((r) => r.record_id);

describe('CdrSearchDialect: the time form', () => {
  it('newest firmware: Unix seconds find the records at once, and are kept', async () => {
    const pbx = fakePbx('newest', records(5));
    const found = await pbx.dialect.all({ since: (T0 + 120) * 1000 }, { pageSize: 100 }, HOW);
    expect(ids(found)).toEqual(['r4', 'r3', 'r2']);
    expect(pbx.dialect.timeForm).toBe('unix');
    expect(pbx.sent).toEqual([{ page: 1, page_size: 100, start_time: String(T0 + 120) }]);
    expect(pbx.displayReads.count).toBe(0);
    // Known now: an empty window costs one request.
    expect(await pbx.dialect.all({ since: (T0 + 9_999) * 1000 }, { pageSize: 100 }, HOW)).toEqual([]);
    expect(pbx.sent).toHaveLength(2);
    expect(pbx.warnings).toEqual([]);
  });

  it('older firmware: Unix seconds find nothing, the display format does, and is kept', async () => {
    const pbx = fakePbx('older', records(5));
    const window = { since: (T0 + 60) * 1000, until: (T0 + 180) * 1000 };
    expect(ids(await pbx.dialect.all(window, { pageSize: 100 }, HOW))).toEqual(['r3', 'r2', 'r1']);
    expect(pbx.dialect.timeForm).toBe('display');
    expect(pbx.sent.map((p) => [p.start_time, p.end_time])).toEqual([
      [String(T0 + 60), String(T0 + 180)],
      // The site's zone, in the PBX's display format.
      ['08/22/2025 12:45:40 PM', '08/22/2025 12:47:40 PM'],
    ]);
    expect(pbx.warnings).toEqual([
      'the PBX finds call records by display-format times only (older firmware)',
    ]);
    // Known now: straight to the display format.
    const page = await pbx.dialect.page({ since: (T0 + 240) * 1000 }, { page: 1, pageSize: 10 }, HOW);
    expect(ids(page.records)).toEqual(['r4']);
    expect(pbx.sent.at(-1)?.start_time).toBe('08/22/2025 12:48:40 PM');
    expect(pbx.sent).toHaveLength(3);
  });

  it('while not known, a window empty in both forms finds nothing, learns nothing and costs two requests', async () => {
    for (const firmware of ['newest', 'older'] as const) {
      const pbx = fakePbx(firmware, records(3));
      const page = await pbx.dialect.page({ since: (T0 + 3_600) * 1000 }, { page: 1, pageSize: 10 }, HOW);
      expect(page).toEqual({ records: [], total: 0 });
      expect(pbx.dialect.timeForm).toBeUndefined();
      expect(pbx.sent).toHaveLength(2);
    }
  });

  it('a search without a time window is sent once, as it is', async () => {
    const pbx = fakePbx('older', records(3));
    const page = await pbx.dialect.page({ filters: { call_from: '5551' } }, { page: 1, pageSize: 2 }, HOW);
    expect(page.records).toHaveLength(2);
    expect(pbx.sent).toEqual([{ call_from: '5551', page: 1, page_size: 2 }]);
    expect(pbx.dialect.timeForm).toBeUndefined();
  });

  it('forget() starts over with Unix seconds; an answer to a request sent before it teaches nothing', async () => {
    const pbx = fakePbx('older', records(3));
    await pbx.dialect.all({ since: T0 * 1000 }, { pageSize: 10 }, HOW);
    expect(pbx.dialect.timeForm).toBe('display');
    pbx.dialect.forget();
    expect(pbx.dialect.timeForm).toBeUndefined();

    const send = pbx.port.send;
    let release: (() => void) | undefined;
    pbx.port.send = (params, how) =>
      new Promise<CdrSearchResponse>((resolve) => {
        release = () => void send(params, how).then(resolve);
      });
    const inFlight = pbx.dialect.all({ since: T0 * 1000 }, { pageSize: 10 }, HOW);
    await vi.waitFor(() => expect(release).toBeDefined());
    pbx.dialect.forget();
    pbx.port.send = send;
    release?.();
    expect(ids(await inFlight)).toEqual(['r2', 'r1', 'r0']);
    expect(pbx.dialect.timeForm).toBeUndefined();
  });

  it('refuses a window that is not an instant', async () => {
    const pbx = fakePbx('newest', records(1));
    await expect(pbx.dialect.page({ since: Number.NaN }, { page: 1, pageSize: 1 }, HOW)).rejects.toThrow(
      'since must be an instant in epoch ms, got NaN',
    );
    expect(pbx.sent).toEqual([]);
  });
});

describe('CdrSearchDialect: paging', () => {
  it('reads every page of the newest firmware, and warns of nothing', async () => {
    const pbx = fakePbx('newest', records(25));
    const found = await pbx.dialect.all({ since: T0 * 1000 }, { pageSize: 10 }, HOW);
    expect(ids(found)).toEqual(ids(records(25)));
    expect(pbx.sent.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pbx.warnings).toEqual([]);
  });

  it('older firmware sends every match at once: one request is the whole read, with one warning', async () => {
    const pbx = fakePbx('older', records(25));
    await pbx.dialect.all({ since: T0 * 1000 }, { pageSize: 10 }, HOW);
    const sentBefore = pbx.sent.length;
    const found = await pbx.dialect.all({ since: T0 * 1000 }, { pageSize: 10 }, HOW);
    expect(ids(found)).toEqual(ids(records(25)));
    expect(pbx.sent.length - sentBefore).toBe(1);
    expect(pbx.warnings.filter((w) => w.includes('ignored cdr/search paging'))).toHaveLength(1);
  });

  it('a page of older firmware is cut from everything it sent, and counts the rows', async () => {
    const pbx = fakePbx('older', records(25));
    const query = { filters: { call_to: '6400' } };
    const second = await pbx.dialect.page(query, { page: 2, pageSize: 10 }, HOW);
    expect(second).toEqual({ records: records(25).slice(10, 20), total: 25 });
    // Fewer matches than a page: page 2 is empty, not page 1 again.
    const few = fakePbx('older', records(4));
    expect(await few.dialect.page(query, { page: 2, pageSize: 10 }, HOW)).toEqual({ records: [], total: 4 });
    expect(await few.dialect.page(query, { page: 1, pageSize: 10 }, HOW)).toEqual({
      records: records(4),
      total: 4,
    });
  });

  it('stops when the PBX answers the first page again for a later one', async () => {
    const stored = records(30);
    const sent: CdrSearchParams[] = [];
    const warnings: string[] = [];
    const dialect = new CdrSearchDialect({
      send: (params) => {
        sent.push(params);
        return Promise.resolve({
          errcode: 0,
          errmsg: 'SUCCESS',
          total_number: 30,
          data: stored.slice(0, 10),
        });
      },
      displayFormat: () => Promise.resolve(DISPLAY),
      warn: (message) => warnings.push(message),
      info: () => undefined,
    });
    const found = await dialect.all({}, { pageSize: 10 }, HOW);
    expect(ids(found)).toEqual(ids(stored.slice(0, 10)));
    expect(sent).toHaveLength(2);
    expect(warnings).toEqual(['the PBX ignored cdr/search paging; using the records it sent']);
  });

  it('stops at a short page that leaves the total unread, with a warning', async () => {
    const warnings: string[] = [];
    const dialect = new CdrSearchDialect({
      send: () => Promise.resolve({ errcode: 0, errmsg: 'SUCCESS', total_number: 500, data: records(7) }),
      displayFormat: () => Promise.resolve(DISPLAY),
      warn: (message) => warnings.push(message),
      info: () => undefined,
    });
    expect(await dialect.all({}, { pageSize: 10 }, HOW)).toHaveLength(7);
    expect(warnings).toEqual(['cdr/search answered fewer records than its total; using the records it sent']);
  });

  it('never reads more than its page limit, however many pages the PBX claims', async () => {
    let served = 0;
    const dialect = new CdrSearchDialect({
      send: () => {
        served++;
        const data = [{ record_id: `x${served}`, timestamp: T0 }];
        return Promise.resolve({
          errcode: 0,
          errmsg: 'SUCCESS',
          total_number: Number.MAX_SAFE_INTEGER,
          data,
        });
      },
      displayFormat: () => Promise.resolve(DISPLAY),
      warn: () => undefined,
      info: () => undefined,
    });
    expect(await dialect.all({}, { pageSize: 1 }, HOW)).toHaveLength(CDR_MAX_PAGES);
    expect(served).toBe(CDR_MAX_PAGES);
    // And a record limit stops it after the page that reaches it.
    served = 0;
    expect(await dialect.all({}, { pageSize: 1, maxRecords: 3 }, HOW)).toHaveLength(3);
    expect(served).toBe(3);
  });

  it('refuses paging the PBX cannot take', async () => {
    const pbx = fakePbx('newest', records(1));
    await expect(pbx.dialect.page({}, { page: 0, pageSize: 10 }, HOW)).rejects.toThrow(RangeError);
    await expect(pbx.dialect.all({}, { pageSize: 10_001 }, HOW)).rejects.toThrow(
      'pageSize must be a whole number from 1 to 10000, got 10001',
    );
    expect(pbx.sent).toEqual([]);
  });

  it('tells ignored paging from the answers alone', () => {
    expect(ignoredPaging(1, 10, 11, 11)).toBe(true);
    expect(ignoredPaging(1, 10, 10, 25)).toBe(false);
    expect(ignoredPaging(3, 10, 5, 25)).toBe(false);
    expect(ignoredPaging(2, 10, 4, 4)).toBe(true);
    expect(ignoredPaging(2, 10, 0, 4)).toBe(false);
  });
});

describe('CdrSearchService: finding out again', () => {
  afterEach(() => vi.useRealTimers());

  function service(firmwareVersions: string[]) {
    const recovered: (() => void)[] = [];
    const gaps: ((gap: EventGap) => void)[] = [];
    let reads = 0;
    const pbx = {
      request: (operation: string) => {
        if (operation === 'system/information') {
          const firmware = firmwareVersions[Math.min(reads++, firmwareVersions.length - 1)];
          return Promise.resolve({
            data: {
              system_date_format: 'MM/DD/YYYY',
              system_time_format: 'hh:mm:ss A',
              firmware_version: firmware,
            },
          });
        }
        // Older firmware with one record at T0: only the display text finds it.
        return Promise.resolve({ total_number: 0, data: [] });
      },
      onRecovered: (listener: () => void) => (recovered.push(listener), () => undefined),
      onEventGap: (listener: (gap: EventGap) => void) => (gaps.push(listener), () => undefined),
    } as unknown as PbxConnectionService;
    const cdr = new CdrSearchService(testConfig({ SITE_TIME_ZONE: ZONE }), pbx);
    cdr.onModuleInit();
    return { cdr, recovered, gaps, pbx, reads: () => reads };
  }

  it('reads the display format in the site zone, and again after its time to live', async () => {
    vi.useFakeTimers({ now: T0 * 1000 });
    const { cdr, reads } = service(['37.1']);
    // Callers at the same moment share one read.
    const [format, same] = await Promise.all([cdr.displayFormat(), cdr.displayFormat()]);
    expect(same).toBe(format);
    expect(reads()).toBe(1);
    expect(format.format(T0)).toBe('08/22/2025 12:44:40 PM');
    expect(await cdr.displayFormat()).toBe(format);
    vi.advanceTimersByTime(DISPLAY_FORMAT_TTL_MS);
    expect(await cdr.displayFormat()).not.toBe(format);
  });

  it('forgets the time form when the PBX answers again, when events flow again, and on another firmware', async () => {
    vi.useFakeTimers({ now: T0 * 1000 });
    const { cdr, recovered, gaps, pbx } = service(['37.1', '37.1', '37.2']);
    const findsAtT0 = (params: CdrSearchParams) =>
      Promise.resolve({
        total_number: 1,
        data: params.start_time === '08/22/2025 12:44:40 PM' ? [{ record_id: 'a', timestamp: T0 }] : [],
      });
    const original = pbx.request.bind(pbx);
    (pbx as { request: unknown }).request = (operation: string, send: unknown, how: unknown) =>
      operation === 'cdr/search'
        ? (send as (c: unknown) => Promise<unknown>)({ cdr: { search: findsAtT0 } })
        : original(operation, send as never, how as never);
    const learn = async () => {
      await cdr.page({ since: T0 * 1000 }, { page: 1, pageSize: 10 });
      expect(cdr.timeForm).toBe('display');
    };
    await learn();
    recovered.forEach((listener) => listener());
    expect(cdr.timeForm).toBeUndefined();
    await learn();
    gaps.forEach((listener) => listener({ start: 0, end: 1, first: false }));
    expect(cdr.timeForm).toBeUndefined();
    await learn();
    // The display format is read again after its time to live: the same firmware keeps what was found.
    vi.advanceTimersByTime(DISPLAY_FORMAT_TTL_MS);
    await cdr.displayFormat();
    expect(cdr.timeForm).toBe('display');
    vi.advanceTimersByTime(DISPLAY_FORMAT_TTL_MS);
    await cdr.displayFormat();
    expect(cdr.timeForm).toBeUndefined();
  });
});
