import { onBeforeUnmount, ref, watch, type Ref } from 'vue';

/** Index of the board to show, advancing every `seconds()` when set and wrapping at `count()`. */
export function useRotation(count: () => number, seconds: () => number | null): Ref<number> {
  const index = ref(0);
  let timer: ReturnType<typeof setInterval> | undefined;

  watch(
    [count, seconds],
    ([n, s]) => {
      clearInterval(timer);
      timer = undefined;
      if (index.value >= n) index.value = 0;
      if (s !== null && n > 1) {
        timer = setInterval(() => {
          index.value = (index.value + 1) % Math.max(1, count());
        }, s * 1000);
      }
    },
    { immediate: true },
  );
  onBeforeUnmount(() => clearInterval(timer));
  return index;
}
