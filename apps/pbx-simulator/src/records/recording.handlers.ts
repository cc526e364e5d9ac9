/** recording/list (docs/pbx/records.md#recordings): paging and sorting by id or time. */
import type { HandlerTable } from '../contracts.js';
import { pageOf, pageParams } from '../support/paging.js';
import { renderRecording } from './cdr-render.js';
import type { RecordStore } from './record-store.js';
import type { StoredCall } from './stored-call.js';

/** Page size when the request names none (the PBX's default is not published). */
export const RECORDING_DEFAULT_PAGE_SIZE = 20;

/** Handlers over the record store's recordings. */
export function recordingHandlers(records: RecordStore): HandlerTable {
  return {
    'recording/list': ({ params }) => {
      const { page, pageSize } = pageParams(params, {
        pageSize: RECORDING_DEFAULT_PAGE_SIZE,
        maxPageSize: 10_000,
      });
      const ascending = params['order_by'] === 'asc';
      const recorded: StoredCall[] = [];
      for (const stored of records.newestFirst()) if (stored.recordingId !== undefined) recorded.push(stored);
      // Newest first is id-descending; sorting by time needs the start times (calls end in another order).
      if (params['sort_by'] === 'time') {
        recorded.sort(
          (a, b) => b.call.timestamp - a.call.timestamp || (b.recordingId ?? 0) - (a.recordingId ?? 0),
        );
      }
      if (ascending) recorded.reverse();
      const result = pageOf(recorded, () => true, page, pageSize);
      return {
        total_number: result.total,
        data: result.items.map((s) => renderRecording(s, records.context)),
      };
    },
  };
}
