/**
 * Words and times of the Calls pages. Times are always shown in the PBX site's zone (the gateway's
 * `timeZone`), never the browser's, so two supervisors in different places read the same call the same way.
 */
import type { ClientResult } from '../socket/live-socket.js';
import { formatDuration } from './format.js';

type Failure = Extract<ClientResult<unknown>, { ok: false }>['error'];

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per zone: building one costs more than formatting a row. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock parts of an instant in a zone. */
function wallParts(epochMs: number, timeZone: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) parts[part.type] = part.value;
  return parts;
}

/** `2026-11-24 09:13:05`: an instant as the site's wall clock shows it; a dash when unknown. */
export function siteDateTime(epochMs: number | null, timeZone: string): string {
  if (epochMs === null || !Number.isFinite(epochMs)) return '–';
  const p = wallParts(epochMs, timeZone);
  return `${p['year']}-${p['month']}-${p['day']} ${p['hour']}:${p['minute']}:${p['second']}`;
}

/** `YYYY-MM-DD` of an instant in the site's zone. */
export function siteDate(epochMs: number, timeZone: string): string {
  const p = wallParts(epochMs, timeZone);
  return `${p['year']}-${p['month']}-${p['day']}`;
}

/** The default search range: the whole of today in the site's zone, as `datetime-local` values. */
export function todayRange(nowMs: number, timeZone: string): { from: string; to: string } {
  const day = siteDate(nowMs, timeZone);
  return { from: `${day}T00:00:00`, to: `${day}T23:59:59` };
}

/** A duration in seconds as `m:ss` or `h:mm:ss`. */
export function callDuration(seconds: number): string {
  return formatDuration(seconds);
}

/** An offset in milliseconds as `mm:ss` (transcript timestamps); hours only when there are any. */
export function offsetClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

const STATUS_WORDS: Record<string, string> = {
  ANSWERED: 'answered',
  'NO ANSWER': 'not answered',
  BUSY: 'busy',
  FAILED: 'failed',
  VOICEMAIL: 'voicemail',
};

/** A disposition as people say it; a value the PBX adds later is shown as it spells it. */
export function statusWords(status: string): string {
  return STATUS_WORDS[status] ?? status.toLowerCase();
}

/** A party as one line: `Ana Li (1001)`, or just the number. */
export function partyLine(number: string, name: string | null | undefined): string {
  return name && name !== number ? `${name} (${number})` : number || '–';
}

/** The one error shape as a sentence, naming each failing field when the gateway names them. */
export function problemText(error: Failure): string {
  const fields = error.fields?.map((f) => `${f.field} ${f.message}`).join('; ');
  return fields && !error.message.includes(fields) ? `${error.message} (${fields})` : error.message;
}

/** Whether a failure means the PBX (not the gateway) is out of reach. */
export function isPbxUnavailable(error: Failure): boolean {
  return error.code === 'pbx_unavailable';
}

/** How long ago a previous call was, zone-free: "12 min ago", "5 h ago", "3 days ago". */
export function callAgo(at: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
