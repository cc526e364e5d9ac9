import { onBeforeUnmount, watch } from 'vue';
import { mayReloadFor, noteReloadFor, reloadDue } from '../lib/self-reload.js';
import { useConnectionStore } from '../stores/connection.store.js';

/** How the page reloads; a seam for tests (jsdom cannot navigate). */
export const pageReload = { reload: (): void => globalThis.location.reload() };

/**
 * A board nobody touches (wallboard TV, embed) replaces itself when the gateway serves another build or
 * protocol: at a quiet moment (`quiet()`, checked every second: no alert has just started), or after a
 * minute at the latest, reloading the same address so its display link and rotation stay. One reload per
 * target at most, so a deploy that still differs cannot loop the page.
 */
export function useSelfUpdate(quiet: () => boolean): void {
  const connection = useConnectionStore();
  let timer: ReturnType<typeof setInterval> | undefined;
  const stopTimer = () => {
    clearInterval(timer);
    timer = undefined;
  };
  watch(
    () => connection.updateWanted,
    (wanted) => {
      stopTimer();
      if (!wanted || !mayReloadFor(wanted.target, Date.now(), globalThis.sessionStorage)) return;
      const wantedAt = Date.now();
      timer = setInterval(() => {
        if (!reloadDue(wantedAt, Date.now(), quiet())) return;
        stopTimer();
        noteReloadFor(wanted.target, Date.now(), globalThis.sessionStorage);
        pageReload.reload();
      }, 1000);
    },
    { immediate: true },
  );
  onBeforeUnmount(stopTimer);
}
