/**
 * Editing the PBX's queue pause reasons as one list. queue_pause_reason/update replaces the whole list, so a
 * reason left out is deleted (docs/pbx/queues-and-agents.md#pause-reasons); before saving, the admin sees what will go, come
 * and change. Pure.
 */

import type { QueuePauseReason } from '@switchboard/pbx-api/rules';

/** A pause reason as the PBX keeps it: a feature code and the text agents see. */
export type PauseReason = QueuePauseReason;

/** A row of the editor: the reason being edited and the PBX reason it started from (none when added). */
export interface PauseReasonDraft extends PauseReason {
  /** Stable key for the row (list rendering, focus). */
  key: string;
  /** Index in the list as read from the PBX; null for an added row. */
  origin: number | null;
}

/** What saving the drafts does to the PBX's list. */
export interface PauseReasonDiff {
  deleted: PauseReason[];
  added: PauseReason[];
  changed: { before: PauseReason; after: PauseReason }[];
  /** The kept reasons are in another order. */
  reordered: boolean;
}

/** Drafts of the list as read, one per reason. */
export function draftsOf(saved: readonly PauseReason[]): PauseReasonDraft[] {
  return saved.map((r, index) => ({ code: r.code, reason: r.reason, key: `saved-${index}`, origin: index }));
}

const trimmed = (r: PauseReason): PauseReason => ({ code: r.code.trim(), reason: r.reason.trim() });

/** What saving `drafts` over `saved` would do. */
export function diffPauseReasons(
  saved: readonly PauseReason[],
  drafts: readonly PauseReasonDraft[],
): PauseReasonDiff {
  const kept = drafts.flatMap((d) => {
    const origin = d.origin;
    const before = origin === null ? undefined : saved[origin];
    return origin === null || before === undefined ? [] : [{ origin, before, after: trimmed(d) }];
  });
  const keptOrigins = new Set(kept.map((k) => k.origin));
  const changed = kept
    .filter(({ before, after }) => before.code !== after.code || before.reason !== after.reason)
    .map(({ before, after }) => ({ before, after }));
  const order = kept.map((k) => k.origin);
  return {
    deleted: saved.filter((_, index) => !keptOrigins.has(index)),
    added: drafts.filter((d) => d.origin === null || saved[d.origin] === undefined).map(trimmed),
    changed,
    reordered: order.some((origin, i) => i > 0 && origin < (order[i - 1] ?? -1)),
  };
}

/** True when saving would change nothing. */
export function isUnchanged(diff: PauseReasonDiff): boolean {
  return diff.deleted.length === 0 && diff.added.length === 0 && diff.changed.length === 0 && !diff.reordered;
}

/** One problem of a row, by its key and field. */
export interface PauseReasonProblem {
  key: string;
  field: 'code' | 'reason';
  message: string;
}

/**
 * A feature code: `*` or `#` then digits, as the PBX's defaults (`*01`) and its update sample (`#02`) write
 * them (docs/pbx/queues-and-agents.md#pause-reasons).
 */
export const PAUSE_CODE = /^[*#]\d{1,6}$/;
/** Longest reason text we send; agents' phones and the console show it on one line. */
export const PAUSE_REASON_MAX = 64;

/** Problems that would make the PBX refuse the list or confuse agents: blanks, bad codes, duplicates. */
export function checkPauseReasons(drafts: readonly PauseReasonDraft[]): PauseReasonProblem[] {
  const problems: PauseReasonProblem[] = [];
  const codes = new Map<string, number>();
  const reasons = new Map<string, number>();
  drafts.forEach((draft, index) => {
    const { code, reason } = trimmed(draft);
    if (code === '') problems.push({ key: draft.key, field: 'code', message: 'Code is required.' });
    else if (!PAUSE_CODE.test(code))
      problems.push({
        key: draft.key,
        field: 'code',
        message: 'Code is * or # followed by digits, e.g. *05.',
      });
    else if (codes.has(code))
      problems.push({
        key: draft.key,
        field: 'code',
        message: `Code ${code} is also used on row ${(codes.get(code) ?? 0) + 1}.`,
      });
    else codes.set(code, index);
    const folded = reason.toLowerCase();
    if (reason === '') problems.push({ key: draft.key, field: 'reason', message: 'Reason is required.' });
    else if (reason.length > PAUSE_REASON_MAX)
      problems.push({
        key: draft.key,
        field: 'reason',
        message: `Reason is at most ${PAUSE_REASON_MAX} characters.`,
      });
    else if (reasons.has(folded))
      problems.push({
        key: draft.key,
        field: 'reason',
        message: `"${reason}" is also row ${(reasons.get(folded) ?? 0) + 1}.`,
      });
    else reasons.set(folded, index);
  });
  return problems;
}

/** The body of queue_pause_reason/update for the drafts, in their order. */
export function pauseReasonUpdateBody(drafts: readonly PauseReasonDraft[]): {
  pause_reason_list: PauseReason[];
} {
  return { pause_reason_list: drafts.map(trimmed) };
}

/** Moves the row at `from` to `to` (both clamped), returning a new list. */
export function moveDraft<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (from < 0 || from >= copy.length) return copy;
  const [item] = copy.splice(from, 1) as [T];
  copy.splice(Math.max(0, Math.min(to, copy.length)), 0, item);
  return copy;
}
