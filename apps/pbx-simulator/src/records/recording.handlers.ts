/**
 * recording/list (docs/pbx/records.md#recordings) and recording/search (docs/pbx/records.md#recording-search):
 * paging and sorting by id or time; search narrows by time (Unix seconds), caller, callee and recording ids.
 * recording/download (docs/pbx/records.md#recording-download): step 1, a link to the file, valid 30 minutes.
 */
import { toInt } from '@switchboard/pbx-api';
import type { HandlerTable } from '../contracts.js';
import { idList } from '../handlers/sim-resource.js';
import { notFound } from '../sim-errors.js';
import { pageOf, pageParams } from '../support/paging.js';
import { recordFileOf, renderRecording } from './cdr-render.js';
import type { DownloadLinks } from './download-links.js';
import type { RecordStore } from './record-store.js';
import type { StoredCall } from './stored-call.js';

/** Page size when the request names none (the PBX's default is not published). */
export const RECORDING_DEFAULT_PAGE_SIZE = 20;

type Recorded = StoredCall & { recordingId: number };

/** Handlers over the record store's recordings. */
export function recordingHandlers(records: RecordStore, links: DownloadLinks): HandlerTable {
  const answer = (params: Record<string, unknown>, matches: (stored: Recorded) => boolean) => {
    const { page, pageSize } = pageParams(params, {
      pageSize: RECORDING_DEFAULT_PAGE_SIZE,
      maxPageSize: 10_000,
    });
    const recorded: Recorded[] = [];
    for (const stored of records.newestFirst())
      if (stored.recordingId !== undefined && matches(stored as Recorded)) recorded.push(stored as Recorded);
    // Newest first is id-descending; sorting by time needs the start times (calls end in another order).
    if (params['sort_by'] === 'time') {
      recorded.sort((a, b) => b.call.timestamp - a.call.timestamp || b.recordingId - a.recordingId);
    }
    if (params['order_by'] === 'asc') recorded.reverse();
    const result = pageOf(recorded, () => true, page, pageSize);
    return {
      total_number: result.total,
      data: result.items.map((s) => renderRecording(s, records.context)),
    };
  };
  return {
    'recording/list': ({ params }) => answer(params, () => true),
    'recording/search': ({ params }) => answer(params, searchPredicate(params)),
    'recording/download': ({ params }) => {
      // The rules let exactly one of id and file through.
      const id = toInt(params['id']);
      const stored =
        id !== undefined ? records.findRecording(id) : records.findRecordingFile(String(params['file']));
      if (stored?.recordingId === undefined) {
        const field = id !== undefined ? 'id' : 'file';
        throw notFound(field, params[field], 'not_exist', 'no recording has this ' + field);
      }
      const target = { kind: 'recording' as const, recordingId: stored.recordingId };
      const name = links.issue(`Recording-${stored.recordingId}-download-`, '.wav', target);
      return {
        file: recordFileOf(stored, records.context.display),
        download_resource_url: `/api/download/${name}`,
      };
    },
  };
}

/** recording/search filters; an empty filter is no filter. */
function searchPredicate(params: Record<string, unknown>): (stored: Recorded) => boolean {
  const text = (key: string) => {
    const value = params[key];
    return value === undefined || value === '' ? undefined : String(value);
  };
  const from = toInt(text('start_time'));
  const to = toInt(text('end_time'));
  const caller = text('caller');
  const callee = text('callee');
  const ids = text('ids') === undefined ? undefined : new Set(idList(params['ids']));
  return ({ call, recordingId }) =>
    (from === undefined || call.timestamp >= from) &&
    (to === undefined || call.timestamp <= to) &&
    (caller === undefined || call.call_from_number === caller) &&
    (callee === undefined || call.call_to_number === callee || call.agent_number === callee) &&
    (ids === undefined || ids.has(recordingId));
}
