import type { DayReport, DayReportQuery } from '@switchboard/live-protocol';
import type { ClientResult } from '../socket/live-socket.js';
import { startDownload } from './call-download.js';
import { problemText } from './call-format.js';

/** A day report reads the PBX's call records of a whole day: give it longer than a small REST call. */
export const DAY_REPORT_TIMEOUT_MS = 60_000;

/** The gateway's address of a day report: `/api/reports/agents.csv?date=2026-11-24` (queues when named). */
export function dayReportUrl(report: DayReport, query: DayReportQuery): string {
  const params = new URLSearchParams({ date: query.date });
  if (query.queues && query.queues.length > 0) params.set('queues', query.queues.join(','));
  // URLSearchParams writes the comma as %2C; the gateway reads either, the plain one is easier to read in logs.
  return `/api/reports/${report}.csv?${params.toString().replace(/%2C/g, ',')}`;
}

/** The file name the browser saves: the gateway's (Content-Disposition), else `agents-2026-11-24.csv`. */
export function reportFileName(report: DayReport, date: string, disposition: string | null): string {
  const named = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] : undefined;
  if (named) {
    try {
      return decodeURIComponent(named);
    } catch {
      return named;
    }
  }
  return `${report}-${date}.csv`;
}

type Failure = Extract<ClientResult<unknown>, { ok: false }>;

/** Whether an answer is the gateway's JSON Result of a failure. */
function isFailure(answer: unknown): answer is Failure {
  if (typeof answer !== 'object' || answer === null) return false;
  const candidate = answer as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  return (
    candidate.ok === false &&
    typeof candidate.error?.code === 'string' &&
    typeof candidate.error.message === 'string'
  );
}

/** A report read into memory, ready to hand to the browser. */
export interface ReportFile {
  blob: Blob;
  fileName: string;
}

/**
 * Reads a day report as this session (the bearer token a link cannot carry, so not a plain link): the CSV as a
 * Blob, or the gateway's error (its JSON Result, HTTP 400/403/404/502) in words.
 */
export async function fetchDayReport(
  report: DayReport,
  query: DayReportQuery,
  token: string | null,
  timeoutMs = DAY_REPORT_TIMEOUT_MS,
): Promise<ClientResult<ReportFile>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const headers: Record<string, string> = { Accept: 'text/csv, application/json' };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  try {
    const response = await fetch(dayReportUrl(report, query), {
      headers,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && !type.includes('application/json')) {
      const blob = await response.blob();
      const fileName = reportFileName(report, query.date, response.headers.get('content-disposition'));
      return { ok: true, data: { blob, fileName } };
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (isFailure(answer))
      return { ok: false, error: { ...answer.error, message: problemText(answer.error) } };
    return {
      ok: false,
      error: { code: 'bad_answer', message: `The gateway answered HTTP ${response.status} to the report.` },
    };
  } catch (error) {
    return {
      ok: false,
      error: controller.signal.aborted
        ? {
            code: 'timeout',
            message: `The gateway did not answer within ${Math.round(timeoutMs / 1000)} s.`,
          }
        : {
            code: 'offline',
            message: `Cannot reach the gateway (${error instanceof Error ? error.message : 'network error'}).`,
          },
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Hands a report read into memory to the browser as a download, and lets go of it after. */
export function saveReport(file: ReportFile): void {
  const url = URL.createObjectURL(file.blob);
  startDownload(url, file.fileName);
  // The click has started the download; the browser keeps its copy. A minute leaves slow disks room.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
