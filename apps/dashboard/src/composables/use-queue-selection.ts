import { computed, nextTick, ref, watch, type ComputedRef, type Ref } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import type { QueueRow } from '../lib/board-rows.js';

/** The console's detail area: which queues it shows, and whether it follows the most severe one. */
export interface QueueSelection {
  ids: ComputedRef<number[]>;
  /** True until the supervisor picks or pins: the area shows the most severe queue. */
  following: ComputedRef<boolean>;
  /** True while a followed queue is held because the pointer or focus is in the area. */
  held: ComputedRef<boolean>;
  /** The pointer entered (true) or left (false) the area. */
  hover(inside: boolean): void;
  /** Focus entered (true) or left (false) the area. */
  focus(inside: boolean): void;
  /** Keeps what is shown now: the supervisor clicked in it. */
  pin(): void;
  /** Back to following the most severe queue. */
  follow(): void;
  open(id: number): void;
  add(id: number): void;
  close(id: number): void;
}

/**
 * The queues open in the detail area, kept in the address (`?open=2,5`) so a reload or a bookmark keeps them.
 * Until the supervisor picks a queue or clicks in the detail, it follows the most severe queue, but never
 * while the pointer or focus is in it: an agent table and its Listen buttons must not change under a hand
 * about to click. A click pins what is shown.
 */
export function useQueueSelection(sorted: Ref<readonly QueueRow[]>): QueueSelection {
  const route = useRoute();
  const router = useRouter();
  const fromUrl = String(route.query['open'] ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const picked = ref<number[] | null>(fromUrl.length > 0 ? fromUrl : null);
  watch(picked, (ids) => {
    void router.replace({ query: { ...route.query, open: ids?.join(',') || undefined } });
  });

  const hovering = ref(false);
  const focused = ref(false);
  const severest = computed(() => sorted.value.find((row) => row.view)?.id ?? null);
  /** The queue followed now: the most severe, frozen while the pointer or focus is in the area. */
  const followed = ref<number | null>(null);
  watch(
    [severest, hovering, focused],
    ([id, hover, focus]) => {
      if ((!hover && !focus) || followed.value === null) followed.value = id;
    },
    { immediate: true },
  );

  const ids = computed(() => picked.value ?? (followed.value === null ? [] : [followed.value]));
  const focusTitle = (id: number) =>
    void nextTick(() => document.getElementById(`queue-title-${id}`)?.focus());
  return {
    ids,
    following: computed(() => picked.value === null),
    held: computed(() => picked.value === null && (hovering.value || focused.value)),
    hover(inside) {
      hovering.value = inside;
    },
    focus(inside) {
      focused.value = inside;
    },
    pin() {
      picked.value ??= [...ids.value];
    },
    follow() {
      picked.value = null;
    },
    open(id) {
      picked.value = [id];
      focusTitle(id);
    },
    /** A few queues side by side at most: more would not fit a laptop. */
    add(id) {
      picked.value = [...ids.value.filter((other) => other !== id), id].slice(-3);
      focusTitle(id);
    },
    close(id) {
      picked.value = ids.value.filter((other) => other !== id);
    },
  };
}
