import { onBeforeUnmount, onMounted } from 'vue';
import { useClockStore } from '../stores/clock.store.js';

/** The shared clock, ticking while the calling component is mounted. */
export function useClock(): ReturnType<typeof useClockStore> {
  const clock = useClockStore();
  let stop: (() => void) | undefined;
  onMounted(() => {
    stop = clock.use();
  });
  onBeforeUnmount(() => stop?.());
  return clock;
}
