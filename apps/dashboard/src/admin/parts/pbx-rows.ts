import type { AdminOperationName } from '@switchboard/live-protocol';
import { pbx } from './pbx-call.js';
import type { ClientResult } from '../../socket/live-socket.js';
import type { ListPage, ListQuery } from './use-resource-list.js';

/** A list or search answer: rows under `data`, or under `list` on the messaging resources. */
interface RowsAnswer<Row> {
  total_number?: number;
  data?: Row[];
  list?: Row[];
}

/** A resource with both `<resource>/list` and `<resource>/search` among the admin operations. */
export type ListedResource = {
  [N in AdminOperationName]: N extends `${infer R}/list`
    ? `${R}/search` extends AdminOperationName
      ? R
      : never
    : never;
}[AdminOperationName];

/** A resource with `<resource>/get` among the admin operations. */
export type FetchedResource = {
  [N in AdminOperationName]: N extends `${infer R}/get` ? R : never;
}[AdminOperationName];

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
export function pbxListLoader<Row>(resource: ListedResource) {
  return async (query: ListQuery): Promise<ClientResult<ListPage<Row>>> => {
    const page = { page: query.page, page_size: query.pageSize };
    const answer =
      query.search !== ''
        ? await pbx(`${resource}/search`, { ...page, search_value: query.search })
        : await pbx(`${resource}/list`, page);
    // Row is the caller's reading of this resource's rows (each list answer holds its resource's own type).
    return pbxRows(answer as ClientResult<RowsAnswer<Row>>);
  };
}

/** One object by id (`<resource>/get`); the client hands it over under `data` whatever key the PBX used. */
export async function pbxItem<Item>(resource: FetchedResource, id: number): Promise<ClientResult<Item>> {
  const answer = await pbx(`${resource}/get`, { id });
  if (!answer.ok) return answer;
  // Item is the caller's reading of this resource's object (each get answer holds its resource's own type).
  const item = (answer.data as { data?: Item }).data;
  return item === undefined
    ? { ok: false, error: { code: 'not_found', message: `The PBX has no ${resource} ${id}.` } }
    : { ok: true, data: item };
}
