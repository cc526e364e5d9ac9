import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { useConnectionStore } from './connection.store.js';

/** How often the clock ticks: fine enough for a smooth countdown ring. */
export const TICK_MS = 250;

/**
 * One shared clock for every ticking figure (time in state, longest wait, countdowns, data age), corrected
 * to the gateway's clock. `serverSecond` changes once a second, so most of the screen re-renders only then.
 */
export const useClockStore = defineStore('clock', () => {
  const connection = useConnectionStore();
  const localNow = ref(Date.now());
  let timer: ReturnType<typeof setInterval> | undefined;
  let users = 0;

  /** Gateway time now (epoch ms). */
  const serverNow = computed(() => localNow.value + connection.serverOffsetMs);
  /** Gateway time, whole seconds (epoch ms), for displays that change once a second. */
  const serverSecond = computed(() => Math.floor(serverNow.value / 1000) * 1000);
  /** Local time, whole seconds, for "updated N s ago" against local receive times. */
  const localSecond = computed(() => Math.floor(localNow.value / 1000) * 1000);

  function tick(): void {
    localNow.value = Date.now();
  }

  /** Starts ticking for one more user; returns the matching stop. */
  function use(): () => void {
    users += 1;
    tick();
    timer ??= setInterval(tick, TICK_MS);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      users -= 1;
      if (users === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  }

  return { localNow, serverNow, serverSecond, localSecond, tick, use };
});
