/**
 * cdr/list (docs/pbx/records.md#cdr-list): every record, rendered as cdr/search renders it, paged like cdr/search
 * (10,000 per page at most and by default) and sorted by one of the fields the guide lists.
 */
import type { CdrListSortField } from '@switchboard/pbx-api';
import type { HandlerTable } from '../contracts.js';
import { pageOf, pageParams } from '../support/paging.js';
import { renderCdr, srcAddrOf } from './cdr-render.js';
import type { RecordStore } from './record-store.js';
import type { StoredCall } from './stored-call.js';

type SortKey = (stored: StoredCall) => number | string;

/**
 * The value each sort field orders by. `id` is the record's place in the store (what the legacy `id` counts;
 * new records carry no `id`), `time` its start, and the rest the CDR field itself.
 */
const SORT_KEYS: Readonly<Record<CdrListSortField, SortKey>> = {
  id: (s) => s.seq,
  uid: (s) => s.call.call_id,
  time: (s) => s.call.timestamp,
  duration: (s) => s.call.duration,
  ring_duration: (s) => s.call.ring_duration,
  talk_duration: (s) => s.call.talk_duration,
  disposition: (s) => s.call.disposition,
  src_trunk: (s) => s.call.src_trunk,
  dst_trunk: (s) => s.call.dst_trunk,
  call_type: (s) => s.call.type,
  did_number: (s) => s.call.did_number,
  // As renderCdr writes it: the caller's number on inbound calls, empty otherwise.
  dod_number: (s) => (s.call.type === 'Inbound' ? s.call.call_from_number : ''),
  src_addr: (s) => srcAddrOf(s),
};

function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Call ids (`1736150400.12`) and addresses compare their numbers as numbers.
  return String(a).localeCompare(String(b), 'en', { numeric: true });
}

/**
 * The records in the order asked. Without `sort_by` they come newest first (as cdr/search answers), `sort_by`
 * alone sorts descending too, and equal values keep the newest first: the simulator's choice, the guide names no
 * default order.
 */
function ordered(records: RecordStore, params: Record<string, unknown>): Iterable<StoredCall> {
  const field = params['sort_by'];
  const asc = params['order_by'] === 'asc';
  if (field === undefined || field === '' || field === 'id') {
    return asc ? [...records.newestFirst()].reverse() : records.newestFirst();
  }
  const key = SORT_KEYS[field as CdrListSortField];
  const keyed = [...records.newestFirst()].map((stored) => ({ stored, value: key(stored) }));
  keyed.sort((a, b) => {
    const order = compare(a.value, b.value);
    return order === 0 ? b.stored.seq - a.stored.seq : asc ? order : -order;
  });
  return keyed.map((entry) => entry.stored);
}

/** cdr/list over the record store. */
export function cdrListHandlers(records: RecordStore): HandlerTable {
  return {
    'cdr/list': ({ params }) => {
      const { page, pageSize } = pageParams(params, { pageSize: 10_000, maxPageSize: 10_000 });
      const result = pageOf(ordered(records, params), () => true, page, pageSize);
      return { total_number: result.total, data: result.items.map((s) => renderCdr(s, records.context)) };
    },
  };
}
