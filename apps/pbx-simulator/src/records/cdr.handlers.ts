/**
 * cdr/search (docs/pbx/records.md#cdr-search) and cdr/aidownload (v2.0 only,
 * docs/pbx/records.md#ai-transcription-download).
 */
import type { HandlerTable } from '../contracts.js';
import { pageOf, pageParams } from '../support/paging.js';
import type { AiFileStore } from './ai-files.js';
import { renderCdr } from './cdr-render.js';
import { aiDownloadPredicate, cdrSearchPredicate } from './cdr-filter.js';
import type { RecordStore } from './record-store.js';
import type { StoredCall } from './stored-call.js';

/** Legs a single AI download file covers at most; the newest calls win. */
export const AI_FILE_MAX_CALLS = 10_000;

/** Handlers over the record store's CDRs. */
export function cdrHandlers(records: RecordStore, files: AiFileStore): HandlerTable {
  return {
    'cdr/search': ({ params }) => {
      const { page, pageSize } = pageParams(params, { pageSize: 10_000, maxPageSize: 10_000 });
      const matches = cdrSearchPredicate(params, records.context);
      const result = pageOf(records.newestFirst(), matches, page, pageSize);
      return { total_number: result.total, data: result.items.map((s) => renderCdr(s, records.context)) };
    },
    'cdr/aidownload': ({ params }) => {
      const matches = aiDownloadPredicate(params, records.context.display);
      const calls: StoredCall[] = [];
      for (const stored of records.newestFirst()) {
        if (!matches(stored)) continue;
        calls.push(stored);
        if (calls.length >= AI_FILE_MAX_CALLS) break;
      }
      const file = files.create(calls);
      return { file, download_resource_url: `/api/download/${file}` };
    },
  };
}
