import { ref, shallowRef, type Ref } from 'vue';
import type { ClientResult } from '../../socket/live-socket.js';
import { loadProblem, type LoadStatus } from './admin-types.js';

/** What a list screen asks the PBX for: a page of rows, optionally narrowed by a search text. */
export interface ListQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Trimmed; empty = no search. */
  search: string;
}

/** One page of rows and how many there are in all. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
}

/**
 * The rows a ResourceTable shows and where their read stands. A useResourceList fits it with its page, total and
 * search, which give the table its pager and search box; a screen that reads everything at once has neither.
 */
export interface TableRows<Row> {
  rows: Readonly<Ref<readonly Row[]>>;
  status: Readonly<Ref<LoadStatus>>;
  error: Readonly<Ref<string | null>>;
  /** Reads the rows again (the table's Try again). */
  reload: () => Promise<void>;
  /** 1-based. */
  page?: Readonly<Ref<number>>;
  pageSize?: number;
  total?: Readonly<Ref<number>>;
  /** The search text the rows were read with; empty = none. */
  search?: Readonly<Ref<string>>;
  setPage?: (page: number) => Promise<void>;
  setSearch?: (text: string) => Promise<void>;
}

/**
 * A paged, searchable list read through `load` (e.g. the PBX's `<resource>/list`, or `search` when a text is
 * given): rows, total, status and error for ResourceTable. An answer that arrives after a newer request was
 * made is dropped, so a slow page never overwrites a later search.
 */
export function useResourceList<Row>(
  load: (query: ListQuery) => Promise<ClientResult<ListPage<Row>>>,
  pageSize = 20,
) {
  const rows = shallowRef<Row[]>([]);
  const total = ref(0);
  const page = ref(1);
  const search = ref('');
  const status = ref<LoadStatus>('idle');
  const error = ref<string | null>(null);
  let latest = 0;

  async function reload(): Promise<void> {
    const mine = ++latest;
    status.value = 'loading';
    const answer = await load({ page: page.value, pageSize, search: search.value });
    if (mine !== latest) return;
    if (answer.ok) {
      rows.value = answer.data.rows;
      total.value = answer.data.total;
      error.value = null;
      status.value = 'ready';
      // A delete can empty the last page: step back to one that has rows.
      if (answer.data.rows.length === 0 && page.value > 1 && answer.data.total > 0) {
        page.value = Math.ceil(answer.data.total / pageSize);
        await reload();
      }
      return;
    }
    const problem = loadProblem(answer.error);
    status.value = problem.status;
    error.value = problem.message;
  }

  function setPage(next: number): Promise<void> {
    page.value = Math.max(1, next);
    return reload();
  }

  function setSearch(text: string): Promise<void> {
    search.value = text.trim();
    page.value = 1;
    return reload();
  }

  return { rows, total, page, pageSize, search, status, error, reload, setPage, setSearch };
}
