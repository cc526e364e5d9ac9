import type { PbxSuccess } from '../types.js';

/**
 * Shapes shared by the read-and-edit operations of configuration resources
 * (docs/pbx/configuration.md#reading-and-editing-configuration).
 */

/** Paging and sorting of a `list` operation, all optional. */
export interface PbxListParams<SortBy extends string = never> {
  /** 1-based page. */
  page?: number;
  page_size?: number;
  sort_by?: SortBy;
  order_by?: 'asc' | 'desc';
}

/** A `search` operation: the list's parameters plus a keyword. */
export interface PbxSearchParams<SortBy extends string = never> extends PbxListParams<SortBy> {
  /** A keyword; empty or absent matches everything. */
  search_value?: string;
}

/** One object by ID (get, delete). */
export interface PbxByIdParams {
  id: number;
}

/** Several objects by ID (query). */
export interface PbxByIdsParams {
  /** IDs separated by commas, e.g. `1,2`. */
  ids: string;
}

/** Answer of a list or search: one page of rows and how many match in all. */
export interface PbxRowsResponse<Row> extends PbxSuccess {
  total_number: number;
  data: Row[];
}

/** Answer of a query: the objects found, in the order asked; unknown IDs are left out. */
export interface PbxQueryResponse<Row> extends PbxSuccess {
  data: Row[];
}

/** Answer of a get: one object under `data` (whatever key the PBX used; see quirks.ts). */
export interface PbxObjectResponse<Item> extends PbxSuccess {
  data: Item;
}

/** Answer of an update or delete: the envelope only. */
export type PbxDoneResponse = PbxSuccess;
