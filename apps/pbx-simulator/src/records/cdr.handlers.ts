/**
 * cdr/search (docs/pbx/records.md#cdr-search) and cdr/aidownload (v2.0 only,
 * docs/pbx/records.md#ai-transcription-download).
 */
import type { HandlerTable } from '../contracts.js';
import { pageOf, pageParams } from '../support/paging.js';
import { renderCdr } from './cdr-render.js';
import { aiDownloadPredicate, cdrSearchPredicate, type CdrSearchFirmware } from './cdr-filter.js';
import type { DownloadLinks } from './download-links.js';
import type { RecordStore } from './record-store.js';
import type { StoredCall } from './stored-call.js';

/** Legs a single AI download file covers at most; the newest calls win. */
export const AI_FILE_MAX_CALLS = 10_000;

/**
 * Handlers over the record store's CDRs. `cdrSearch` is the firmware whose cdr/search is answered
 * (docs/pbx/records.md#cdr-search-by-firmware); the default is the newest.
 */
export function cdrHandlers(
  records: RecordStore,
  links: DownloadLinks,
  cdrSearch: CdrSearchFirmware = 'newest',
): HandlerTable {
  return {
    'cdr/search': ({ params }) => {
      const matches = cdrSearchPredicate(params, records.context, cdrSearch);
      // Older firmware has no paging: every match in one answer, so the total is the number of rows.
      const { page, pageSize } =
        cdrSearch === 'older'
          ? { page: 1, pageSize: Number.MAX_SAFE_INTEGER }
          : pageParams(params, { pageSize: 10_000, maxPageSize: 10_000 });
      const result = pageOf(records.newestFirst(), matches, page, pageSize);
      return { total_number: result.total, data: result.items.map((s) => renderCdr(s, records.context)) };
    },
    'cdr/aidownload': ({ params }) => {
      // The link keeps the filter and the newest call it covers; the file is produced when it is downloaded.
      const target = { kind: 'ai' as const, params: { ...params }, upToSeq: records.newestSeq };
      const file = links.issue('ai_transcription_', '.json', target);
      return { file, download_resource_url: `/api/download/${file}` };
    },
  };
}

/** The calls an AI file covers: the newest matching ones (at most AI_FILE_MAX_CALLS) up to when it was issued. */
export function aiFileCalls(
  records: RecordStore,
  params: Record<string, unknown>,
  upToSeq: number,
): StoredCall[] {
  const matches = aiDownloadPredicate(params, records.context.display);
  const calls: StoredCall[] = [];
  for (const stored of records.newestFirst()) {
    if (stored.seq > upToSeq || !matches(stored)) continue;
    calls.push(stored);
    if (calls.length >= AI_FILE_MAX_CALLS) break;
  }
  return calls;
}
