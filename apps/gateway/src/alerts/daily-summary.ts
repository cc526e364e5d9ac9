import type { QueueIntervalFigures } from '@switchboard/live-protocol';
import { escapeHtml } from './delivery/message-formats.js';

/** One queue's day, as the morning summary lists it. */
export interface SummaryRow {
  queue: string;
  offered: number;
  answered: number;
  abandoned: number;
  /** 0-100, or null when no call counted toward it. */
  serviceLevel: number | null;
  avgWaitSec: number | null;
  longestWaitSec: number | null;
}

/**
 * A whole day of one queue from its intervals. The service level is weighed back into calls (each interval's
 * level times the calls it counts: answered plus abandoned past the short-abandon cut-off), so busy intervals
 * weigh as much as they had calls, as the day figures do.
 */
export function summarizeDay(queue: string, intervals: readonly QueueIntervalFigures[]): SummaryRow {
  let offered = 0;
  let answered = 0;
  let abandoned = 0;
  let within = 0;
  let counted = 0;
  let waitSum = 0;
  let longest: number | null = null;
  for (const interval of intervals) {
    offered += interval.offered;
    answered += interval.answered;
    abandoned += interval.abandoned;
    const calls = interval.answered + interval.abandoned - interval.shortAbandoned;
    if (interval.serviceLevel !== null && calls > 0) {
      within += (interval.serviceLevel / 100) * calls;
      counted += calls;
    }
    if (interval.avgWaitSec !== null) waitSum += interval.avgWaitSec * interval.answered;
    if (interval.longestWaitSec !== null) longest = Math.max(longest ?? 0, interval.longestWaitSec);
  }
  return {
    queue,
    offered,
    answered,
    abandoned,
    serviceLevel: counted > 0 ? (100 * within) / counted : null,
    avgWaitSec: answered > 0 ? waitSum / answered : null,
    longestWaitSec: longest,
  };
}

const COLUMNS: readonly [string, (row: SummaryRow) => string][] = [
  ['Queue', (row) => row.queue],
  ['Offered', (row) => String(row.offered)],
  ['Answered', (row) => String(row.answered)],
  ['Abandoned', (row) => String(row.abandoned)],
  ['Service level', (row) => (row.serviceLevel === null ? '–' : `${Math.round(row.serviceLevel)} %`)],
  ['Average wait', (row) => duration(row.avgWaitSec)],
  ['Longest wait', (row) => duration(row.longestWaitSec)],
];

function duration(sec: number | null): string {
  if (sec === null) return '–';
  const whole = Math.round(sec);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The mail of the morning summary of `date` (YYYY-MM-DD, site time). */
export function summaryMail(
  date: string,
  rows: readonly SummaryRow[],
): { subject: string; text: string; html: string } {
  const subject = `Yesterday at a glance: ${date}`;
  const lines = rows.map((row) => COLUMNS.map(([label, cell]) => `${label}: ${cell(row)}`).join(' · '));
  const text = [`Switchboard, the day of ${date} (site time).`, '', ...lines].join('\n');
  const head = COLUMNS.map(
    ([label]) => `<th style="text-align:left;padding:4px 8px">${escapeHtml(label)}</th>`,
  ).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${COLUMNS.map(([, cell]) => `<td style="padding:4px 8px">${escapeHtml(cell(row))}</td>`).join('')}</tr>`,
    )
    .join('');
  const html = `<p>Switchboard, the day of ${escapeHtml(date)} (site time).</p><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
  return { subject, text, html };
}
