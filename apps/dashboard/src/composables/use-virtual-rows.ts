import { computed, onBeforeUnmount, ref, type Ref } from 'vue';
import { useElementSize } from './use-element-size.js';

/** The rows to render for a scroll position: `[start, end)` plus the offset of the first one. */
export interface RowWindow {
  start: number;
  end: number;
  offsetPx: number;
}

/**
 * Which rows of a fixed-height list are on screen (plus `overscan` each side) at `scrollTop`: the whole list
 * never reaches the DOM, so 10,000 rows cost what 40 do.
 */
export function rowWindow(
  scrollTop: number,
  viewportPx: number,
  rowPx: number,
  total: number,
  overscan: number,
): RowWindow {
  if (total <= 0 || rowPx <= 0) return { start: 0, end: 0, offsetPx: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowPx);
  const visible = Math.ceil(Math.max(viewportPx, rowPx) / rowPx) + 1;
  const start = Math.max(0, Math.min(first, total - 1) - overscan);
  const end = Math.min(total, first + visible + overscan);
  return { start, end, offsetPx: start * rowPx };
}

/** Where a list scrolled by `scrollTop` must scroll so row `index` is fully in view (unchanged when it is). */
export function scrollToShow(index: number, scrollTop: number, viewportPx: number, rowPx: number): number {
  const top = index * rowPx;
  if (top < scrollTop) return top;
  if (top + rowPx > scrollTop + viewportPx) return top + rowPx - viewportPx;
  return scrollTop;
}

/** The row a key moves to from `active` in a list of `total` with `perPage` rows on screen, or null. */
export function rowAfterKey(key: string, active: number, total: number, perPage: number): number | null {
  if (total === 0) return null;
  const last = total - 1;
  const moves: Record<string, number> = {
    ArrowDown: active + 1,
    ArrowUp: active - 1,
    PageDown: active + Math.max(1, perPage - 1),
    PageUp: active - Math.max(1, perPage - 1),
    Home: 0,
    End: last,
  };
  const next = moves[key];
  return next === undefined ? null : Math.min(last, Math.max(0, next));
}

/**
 * A virtual list over a scrolling element: the window of rows to render, the active row moved by the
 * keyboard (kept in view) and scroll handling batched to one update per frame.
 */
export function useVirtualRows(options: {
  scroller: Ref<HTMLElement | null>;
  total: () => number;
  rowPx: number;
  /** Height of a sticky header inside the scroller, above the first row. */
  headerPx?: number;
  overscan?: number;
}) {
  const headerPx = options.headerPx ?? 0;
  const scrollTop = ref(0);
  // Followed as the scroller resizes (window resized, panel above it wrapping): the window of rows too.
  const size = useElementSize(options.scroller);
  const viewportPx = computed(() => Math.max(0, size.height.value - headerPx));
  const active = ref(0);
  let frame = 0;

  const window = computed(() =>
    rowWindow(scrollTop.value, viewportPx.value, options.rowPx, options.total(), options.overscan ?? 4),
  );
  const perPage = computed(() => Math.max(1, Math.floor(viewportPx.value / options.rowPx)));

  function measure(): void {
    const element = options.scroller.value;
    if (!element) return;
    scrollTop.value = element.scrollTop;
  }

  /** Scroll listener: one measurement per animation frame however often the browser fires. */
  function onScroll(): void {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      measure();
    });
  }

  /** Moves the active row for a key; returns true when the key was used. */
  function onKey(key: string): boolean {
    const next = rowAfterKey(key, active.value, options.total(), perPage.value);
    if (next === null) return false;
    setActive(next);
    return true;
  }

  /** Makes `index` the active row and scrolls it into view. */
  function setActive(index: number): void {
    active.value = index;
    const element = options.scroller.value;
    if (!element) return;
    const target = scrollToShow(index, element.scrollTop, element.clientHeight - headerPx, options.rowPx);
    if (target !== element.scrollTop) element.scrollTop = target;
    measure();
  }

  /** Back to the top (a new result). */
  function reset(): void {
    active.value = 0;
    if (options.scroller.value) options.scroller.value.scrollTop = 0;
    measure();
  }

  onBeforeUnmount(() => cancelAnimationFrame(frame));

  return { window, active, measure, onScroll, onKey, setActive, reset };
}
