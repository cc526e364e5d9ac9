/**
 * Filters of cdr/search and cdr/aidownload. Times are unix seconds or the PBX display format; a time in any
 * other format matches nothing (docs/pbx/errors-and-formats.md#time-filters), it is not an error. On older
 * firmware cdr/search takes the display format only (docs/pbx/records.md#cdr-search-by-firmware).
 */
import { toInt } from '@switchboard/pbx-api';
import type { DisplayTime } from '../support/display-time.js';
import { aiStatusOf } from './ai-transcript.js';
import { currentNote, type RenderContext } from './cdr-render.js';
import type { StoredCall } from './stored-call.js';

/**
 * Which firmware's cdr/search the simulator answers like (docs/pbx/records.md#cdr-search-by-firmware):
 * `newest` takes unix seconds or the display format and pages; `older` takes the display format only (unix
 * seconds match nothing, without an error) and ignores `page`/`page_size`.
 */
export const CDR_SEARCH_FIRMWARES = ['newest', 'older'] as const;
export type CdrSearchFirmware = (typeof CDR_SEARCH_FIRMWARES)[number];

/** Decides whether a stored call matches. */
export type CallPredicate = (stored: StoredCall) => boolean;

const MATCH_NOTHING: CallPredicate = () => false;

/** `1700000000` (unless `displayOnly`) or display text -> unix seconds; undefined when neither. */
export function parseFilterTime(text: string, display: DisplayTime, displayOnly = false): number | undefined {
  const trimmed = text.trim();
  if (/^\d{1,12}$/.test(trimmed)) return displayOnly ? undefined : Number(trimmed);
  return display.parse(trimmed);
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function timePredicates(
  params: Record<string, unknown>,
  display: DisplayTime,
  displayOnly: boolean,
): CallPredicate[] | undefined {
  const out: CallPredicate[] = [];
  const start = text(params['start_time']);
  const end = text(params['end_time']);
  if (start !== undefined) {
    const from = parseFilterTime(start, display, displayOnly);
    if (from === undefined) return undefined;
    out.push((s) => s.call.timestamp >= from);
  }
  if (end !== undefined) {
    const to = parseFilterTime(end, display, displayOnly);
    if (to === undefined) return undefined;
    out.push((s) => s.call.timestamp <= to);
  }
  return out;
}

const all =
  (predicates: CallPredicate[]): CallPredicate =>
  (stored) =>
    predicates.every((p) => p(stored));

/**
 * The filters cdr/search and cdr/aidownload share: the time window, the caller and the called party (the
 * dialled number or the agent who answered). Undefined when the window matches nothing.
 */
function windowAndParties(
  params: Record<string, unknown>,
  display: DisplayTime,
  displayOnly = false,
): CallPredicate[] | undefined {
  const predicates = timePredicates(params, display, displayOnly);
  if (!predicates) return undefined;
  // enable_fuzzy_search=1 (older copies of the page) matches a part of the number.
  const same =
    text(params['enable_fuzzy_search']) === '1'
      ? (n: string, q: string) => n.includes(q)
      : (n: string, q: string) => n === q;
  const from = text(params['call_from']);
  if (from) predicates.push((s) => same(s.call.call_from_number, from));
  const to = text(params['call_to']);
  if (to) predicates.push((s) => same(s.call.call_to_number, to) || same(s.call.agent_number, to));
  return predicates;
}

/** cdr/search filters (docs/pbx/records.md#cdr-search) of the newest firmware or an older one. */
export function cdrSearchPredicate(
  params: Record<string, unknown>,
  context: RenderContext,
  firmware: CdrSearchFirmware = 'newest',
): CallPredicate {
  const predicates = windowAndParties(params, context.display, firmware === 'older');
  if (!predicates) return MATCH_NOTHING;
  const status = text(params['status']);
  if (status) predicates.push((s) => s.call.disposition === status);
  const pin = text(params['pin_code']);
  // Generated calls carry no PIN; a PIN filter therefore matches none of them.
  if (pin) predicates.push(() => false);
  // The scenarios define no extension groups, so a group filter matches nothing.
  if (params['extension_group'] !== undefined && params['extension_group'] !== '')
    predicates.push(() => false);
  const did = text(params['did']);
  if (did) {
    const wanted = did.split(',').map((item) => {
      const at = item.lastIndexOf(':');
      return { did: item.slice(0, at).trim(), trunk: item.slice(at + 1).trim() };
    });
    predicates.push((s) =>
      wanted.some(
        (w) =>
          s.call.src_trunk === w.trunk &&
          (s.call.did_number === w.did || (w.did !== '' && context.didName(s.call.did_number) === w.did)),
      ),
    );
  }
  const codes = text(params['disposition_code_list']);
  if (codes) {
    const ids = new Set(codes.split(',').map((c) => toInt(c)));
    predicates.push(
      (s) => currentNote(s, context)?.disposition_code_list.some((c) => ids.has(c.id)) ?? false,
    );
  }
  const remark = text(params['call_note_remark'])?.toLowerCase();
  if (remark) predicates.push((s) => currentNote(s, context)?.remark.toLowerCase().includes(remark) ?? false);
  return all(predicates);
}

/** cdr/aidownload filters (docs/pbx/records.md#ai-transcription-download). */
export function aiDownloadPredicate(params: Record<string, unknown>, display: DisplayTime): CallPredicate {
  const predicates = windowAndParties(params, display);
  if (!predicates) return MATCH_NOTHING;
  const type = text(params['call_type']);
  if (type) predicates.push((s) => s.call.type === type);
  const status = text(params['last_status']);
  if (status) predicates.push((s) => aiStatusOf(s) === status);
  return all(predicates);
}
