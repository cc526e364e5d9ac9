import { onBeforeUnmount, ref, watch, type Ref } from 'vue';

/**
 * Index of the board or page to show, advancing every `seconds()` when set and wrapping at `count()`. A
 * change of `count()` only brings the index back in range: it does not restart the period, so a count that
 * moves often (agent pages as exceptions come and go) cannot hold the rotation still.
 */
export function useRotation(count: () => number, seconds: () => number | null): Ref<number> {
  const index = ref(0);
  let timer: ReturnType<typeof setInterval> | undefined;

  watch(
    count,
    (n) => {
      if (index.value >= n) index.value = 0;
    },
    { immediate: true },
  );
  watch(
    seconds,
    (s) => {
      clearInterval(timer);
      timer = undefined;
      if (s === null) return;
      timer = setInterval(() => {
        const n = count();
        if (n > 1) index.value = (index.value + 1) % n;
        else index.value = 0;
      }, s * 1000);
    },
    { immediate: true },
  );
  onBeforeUnmount(() => clearInterval(timer));
  return index;
}
