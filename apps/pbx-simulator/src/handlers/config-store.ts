/**
 * State of one configuration resource (docs/pbx/configuration.md#reading-and-editing-configuration): rows by
 * id, pages sorted as `sort_by`/`order_by` ask, keyword search, query by ids, unique fields answering 40003,
 * unknown ids answering 40004 naming `id`, and the handlers of list / search / get / query / update / delete.
 */
import { toInt } from '@switchboard/pbx-api';
import type { HandlerResult, HandlerTable, OperationHandler } from '../contracts.js';
import { duplicateKey, notFound } from '../sim-errors.js';
import { pageOf, pageParams } from '../support/paging.js';
import { idList, nextId } from './sim-resource.js';

/** How a store reads its rows. */
export interface StoreShape<T extends { id: number }> {
  /** The resource as the PBX names it in paths and 40003 answers, e.g. `pin_list`. */
  resource: string;
  /** Fresh copies of the seeded rows (called on every reset, so tests may change the rows they get). */
  seed: () => T[];
  /** Texts `search_value` is looked for in (case-insensitive, anywhere in the text). */
  searchIn: (row: T) => readonly string[];
  /** Values `sort_by` may order by; `id` is always one. */
  sortBy?: Readonly<Record<string, (row: T) => string | number>>;
  /** Fields unique within the resource (40003 on create and update). */
  unique?: readonly (keyof T & string)[];
  /** Default page size of list and search (the PBX publishes none). */
  pageSize?: number;
}

/** Rows of one resource. */
export class ConfigStore<T extends { id: number }> {
  private rows = new Map<number, T>();

  constructor(readonly shape: StoreShape<T>) {
    this.reset();
  }

  reset(): void {
    this.rows = new Map(this.shape.seed().map((row) => [row.id, row]));
  }

  /** Every row by id, as stored (callers must not change them). */
  all(): T[] {
    return [...this.rows.values()].sort((a, b) => a.id - b.id);
  }

  /** The row with this id; 40004 naming `id` when there is none. */
  get(id: unknown): T {
    const row = this.rows.get(toInt(id) ?? 0);
    if (!row) throw notFound('id', id, 'not_exist', `no ${this.shape.resource} has this id`);
    return row;
  }

  has(id: number): boolean {
    return this.rows.has(id);
  }

  /** Rows with these ids (text `1,2`), in the order asked; unknown ids are left out. */
  query(ids: unknown): T[] {
    return idList(ids).flatMap((id) => {
      const row = this.rows.get(id);
      return row ? [row] : [];
    });
  }

  /** A page of rows matching `search_value` (absent or empty = all), sorted and paged as `params` ask. */
  page(params: Record<string, unknown>): { total: number; items: T[] } {
    const { page, pageSize } = pageParams(params, {
      pageSize: this.shape.pageSize ?? 100,
      maxPageSize: 10_000,
    });
    const keyword = String(params['search_value'] ?? '')
      .trim()
      .toLowerCase();
    const matches = (row: T) =>
      keyword === '' || this.shape.searchIn(row).some((text) => text.toLowerCase().includes(keyword));
    return pageOf(this.sorted(params), matches, page, pageSize);
  }

  /** Adds a row with the next id after the largest; 40003 when a unique field's value is taken. */
  insert(fields: Omit<T, 'id'>): T {
    this.checkUnique(fields as Partial<T>, undefined);
    const row = { ...fields, id: nextId(this.rows.keys()) } as T;
    this.rows.set(row.id, row);
    return row;
  }

  /** Changes the fields given of an existing row; 40004 for an unknown id, 40003 for a taken value. */
  update(id: unknown, changes: Partial<T>): T {
    const row = this.get(id);
    this.checkUnique(changes, row.id);
    const updated = { ...row, ...changes, id: row.id };
    this.rows.set(row.id, updated);
    return updated;
  }

  /** Removes a row; 40004 naming `id` when there is none (deleting twice fails the second time). */
  delete(id: unknown): T {
    const row = this.get(id);
    this.rows.delete(row.id);
    return row;
  }

  private sorted(params: Record<string, unknown>): T[] {
    const key = this.shape.sortBy?.[String(params['sort_by'] ?? 'id')] ?? ((row: T) => row.id);
    const sign = params['order_by'] === 'desc' ? -1 : 1;
    return this.all().sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const order =
        typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return sign * (order || a.id - b.id);
    });
  }

  private checkUnique(fields: Partial<T>, self: number | undefined): void {
    for (const field of this.shape.unique ?? []) {
      const value = fields[field];
      if (value === undefined) continue;
      const taken = [...this.rows.values()].find((row) => row.id !== self && row[field] === value);
      if (taken)
        throw duplicateKey([
          {
            field,
            value: String(value),
            external_source: this.shape.resource,
            external_source_name: String((taken as Record<string, unknown>)['name'] ?? taken.id),
          },
        ]);
    }
  }
}

/** How a resource's answers are shaped around its store. */
export interface EditableAnswers<T extends { id: number }> {
  /** Where list, search and query put rows: `data`, or `list` on the messaging pages. */
  rows: 'data' | 'list';
  /** Key of get's answer (default `data`). */
  getKey?: string;
  /** A row as list and search show it (default: as stored). */
  summary?: (row: T) => Record<string, unknown>;
  /** A row as get and query show it (default: as stored). */
  detail?: (row: T) => Record<string, unknown>;
  /** Applies update's params (already validated by the operation's rules). */
  update: (id: unknown, params: Record<string, unknown>) => void;
  /** Checks before a delete (e.g. the object is still in use); throw to refuse. */
  beforeDelete?: (row: T) => void;
}

/** list / search / get / query / update / delete of `resource` over `store`. */
export function editableHandlers<T extends { id: number }>(
  store: ConfigStore<T>,
  answers: EditableAnswers<T>,
): HandlerTable {
  const resource = store.shape.resource;
  const summary = answers.summary ?? ((row: T) => ({ ...row }));
  const detail = answers.detail ?? ((row: T) => ({ ...row }));
  const page: OperationHandler = ({ params }): HandlerResult => {
    const { total, items } = store.page(params);
    return { total_number: total, [answers.rows]: items.map(summary) };
  };
  const table: Record<string, OperationHandler> = {
    [`${resource}/list`]: page,
    [`${resource}/search`]: page,
    [`${resource}/get`]: ({ params }) => ({ [answers.getKey ?? 'data']: detail(store.get(params['id'])) }),
    [`${resource}/query`]: ({ params }) => ({
      [answers.rows]: store.query(params['ids'] ?? params['id']).map(detail),
    }),
    [`${resource}/update`]: ({ params }) => {
      answers.update(params['id'], params);
      return {};
    },
    [`${resource}/delete`]: ({ params }) => {
      answers.beforeDelete?.(store.get(params['id']));
      store.delete(params['id']);
      return {};
    },
  };
  return table as HandlerTable;
}

/** The fields of `params` that are among `keys` and present, for an update. */
export function picked<T>(params: Record<string, unknown>, keys: readonly (keyof T & string)[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (params[key] !== undefined) out[key] = params[key];
  return out as Partial<T>;
}
