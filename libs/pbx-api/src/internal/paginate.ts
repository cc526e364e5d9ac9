/** One page of a paginated operation. */
export interface Page<T> {
  items: readonly T[];
  /** Records across all pages, when the PBX reports it (`total_number`). */
  total?: number | undefined;
}

/** Fetches page `page` (1-based) holding up to `pageSize` records. */
export type PageFetcher<T> = (page: number, pageSize: number) => Promise<Page<T>>;

/**
 * Yields every record of a paginated operation, one page request at a time, starting at page 1.
 * Stops after an empty or short page, or once `total` records have been seen. Pages are requested only
 * as the caller consumes records, so breaking out of the loop sends nothing more.
 *
 * `pageSize` is passed to the fetcher unchecked so that the operation's own rules report a bad value
 * (naming the field); if the fetcher accepts a size that is not a positive integer, iteration stops after
 * the first page rather than guessing when the last page came.
 */
export async function* paginate<T>(fetchPage: PageFetcher<T>, pageSize: number): AsyncGenerator<T, void> {
  const sizeIsUsable = Number.isInteger(pageSize) && pageSize >= 1;
  let seen = 0;
  for (let page = 1; ; page++) {
    const { items, total } = await fetchPage(page, pageSize);
    for (const item of items) yield item;
    seen += items.length;
    const reachedTotal = total !== undefined && seen >= total;
    if (!sizeIsUsable || items.length === 0 || items.length < pageSize || reachedTotal) return;
  }
}
