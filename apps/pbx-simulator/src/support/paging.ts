/** Paging over filtered sequences without copying them. */
import { toInt } from '@switchboard/pbx-api';

/** Page number and size from request params, with defaults and a ceiling on the size. */
export function pageParams(
  params: Record<string, unknown>,
  defaults: { pageSize: number; maxPageSize: number },
): { page: number; pageSize: number } {
  const page = toInt(params['page']) ?? 1;
  const pageSize = Math.min(toInt(params['page_size']) ?? defaults.pageSize, defaults.maxPageSize);
  return { page, pageSize };
}

/** The items on `page` (1-based) of the matching ones, and how many match in all. */
export function pageOf<T>(
  items: Iterable<T>,
  matches: (item: T) => boolean,
  page: number,
  pageSize: number,
): { total: number; items: T[] } {
  const offset = (page - 1) * pageSize;
  const out: T[] = [];
  let total = 0;
  for (const item of items) {
    if (!matches(item)) continue;
    if (total >= offset && out.length < pageSize) out.push(item);
    total++;
  }
  return { total, items: out };
}
