import { pbx } from './pbx-call.js';
import type { ClientResult } from '../../socket/live-socket.js';
import type { ListPage, ListQuery } from './use-resource-list.js';

/** A list or search answer: rows under `data`, or under `list` on the messaging resources. */
interface RowsAnswer<Row> {
  total_number?: number;
  data?: Row[];
  list?: Row[];
}

/** One page of rows from a list or search answer, whichever key the resource uses. */
export function pbxRows<Row>(answer: ClientResult<RowsAnswer<Row>>): ClientResult<ListPage<Row>> {
  if (!answer.ok) return answer;
  const rows = answer.data.data ?? answer.data.list ?? [];
  return { ok: true, data: { rows, total: answer.data.total_number ?? rows.length } };
}

/**
 * Reads a page of `resource` for ResourceTable: `<resource>/list`, or `<resource>/search` with `search_value`
 * while a search text is given.
 */
export function pbxListLoader<Row>(resource: string) {
  return async (query: ListQuery): Promise<ClientResult<ListPage<Row>>> => {
    const searching = query.search !== '';
    const answer = await pbx<RowsAnswer<Row>>(`${resource}/${searching ? 'search' : 'list'}`, {
      page: query.page,
      page_size: query.pageSize,
      ...(searching ? { search_value: query.search } : {}),
    });
    return pbxRows(answer);
  };
}

/** One object by id (`<resource>/get`); the client hands it over under `data` whatever key the PBX used. */
export async function pbxItem<Item>(resource: string, id: number): Promise<ClientResult<Item>> {
  const answer = await pbx<{ data?: Item }>(`${resource}/get`, { id });
  if (!answer.ok) return answer;
  return answer.data.data === undefined
    ? { ok: false, error: { code: 'not_found', message: `The PBX has no ${resource} ${id}.` } }
    : { ok: true, data: answer.data.data };
}
