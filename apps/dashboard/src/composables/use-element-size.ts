import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue';

/**
 * The live content size of an element (ResizeObserver), for layouts computed in script such as the
 * agent grid. Falls back to the window size where ResizeObserver is missing.
 */
export function useElementSize(target: Ref<HTMLElement | null>): {
  width: Ref<number>;
  height: Ref<number>;
  /** Whether the sizes are the element's own: false before the first measurement, and where none is possible. */
  measured: Ref<boolean>;
} {
  const width = ref(0);
  const height = ref(0);
  const measured = ref(false);
  let observer: ResizeObserver | undefined;

  const measure = () => {
    const element = target.value;
    if (!element) return;
    width.value = element.clientWidth;
    height.value = element.clientHeight;
    measured.value = true;
  };

  onMounted(() => {
    measure();
    if (typeof ResizeObserver === 'function' && target.value) {
      observer = new ResizeObserver(measure);
      observer.observe(target.value);
    } else {
      globalThis.addEventListener('resize', measure);
    }
  });

  onBeforeUnmount(() => {
    observer?.disconnect();
    globalThis.removeEventListener('resize', measure);
  });

  return { width, height, measured };
}
