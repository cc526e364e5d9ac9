import type { CallSummary } from '@switchboard/live-protocol';

/**
 * The order of every call list: the call that started last first, equal starts by id (so a page boundary falls
 * at the same place in every request).
 */
export function startedLastFirst(a: CallSummary, b: CallSummary): number {
  const byStart = (b.startedAt ?? 0) - (a.startedAt ?? 0);
  if (byStart !== 0) return byStart;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** When the call ended, epoch ms. */
const endOf = (call: CallSummary) => (call.startedAt ?? 0) + call.totalSec * 1000;

/** One PBX page of a search as summaries, with the PBX's count of all matches. */
export interface SummaryPage {
  calls: CallSummary[];
  /** The PBX's count of the search's matches (records, whether or not they could be summarised). */
  total: number;
  /** Records the PBX sent for this page (summaries leave out records without a start). */
  records: number;
}

/**
 * Page `page` of a search in {@link startedLastFirst} order, from the PBX's pages of `pbxPageSize` records.
 * cdr/search answers in the order its records were written, each as its call ended (newest first; the guide
 * names no order, docs/pbx/records.md#cdr-search), so a long call that started early comes after short calls
 * that started later. The read goes on until no record still unread can belong on the page: once the oldest end
 * read is before the start of the page's last call, every later record (ended earlier, so started earlier)
 * falls behind it. A page costs the PBX pages up to that point, usually one more than its own records need.
 */
export async function pageStartedLastFirst(
  readPage: (pbxPage: number) => Promise<SummaryPage>,
  paging: { page: number; pageSize: number; pbxPageSize: number; maxPbxPages: number },
): Promise<{ total: number; calls: CallSummary[] }> {
  const { page, pageSize, pbxPageSize, maxPbxPages } = paging;
  const want = page * pageSize;
  let kept: CallSummary[] = [];
  let total = 0;
  let read = 0;
  let oldestEnd = Number.POSITIVE_INFINITY;
  for (let pbxPage = 1; pbxPage <= maxPbxPages; pbxPage++) {
    const answer = await readPage(pbxPage);
    if (pbxPage === 1) total = answer.total;
    read += answer.records;
    for (const call of answer.calls) oldestEnd = Math.min(oldestEnd, endOf(call));
    // Only the first `want` can be on this page or before it: the rest need not be kept.
    kept = [...kept, ...answer.calls].sort(startedLastFirst).slice(0, want);
    if (answer.records < pbxPageSize || read >= total) break;
    const last = kept[want - 1];
    if (last && oldestEnd < (last.startedAt ?? 0)) break;
  }
  return { total, calls: kept.slice((page - 1) * pageSize, want) };
}
