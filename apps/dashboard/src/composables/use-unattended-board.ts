import { computed, type ComputedRef } from 'vue';
import { useRoute } from 'vue-router';
import { parseBoardOptions, type BoardOptions, type QueryInput } from '../lib/board-options.js';
import { useQueueAlertsStore } from '../stores/queue-alerts.store.js';
import { useSessionStore } from '../stores/session.store.js';
import { useSelfUpdate } from './use-self-update.js';
import { useTheme } from './use-theme.js';

/**
 * What every screen nobody touches (wallboard TV, embed on an intranet page) sets up first: its options and
 * theme from the URL, its session from a display link (`?display=`) or the stored sign-in, and a self-update.
 */
export function useUnattendedBoard(): {
  session: ReturnType<typeof useSessionStore>;
  options: ComputedRef<BoardOptions>;
} {
  const route = useRoute();
  const session = useSessionStore();
  const alerts = useQueueAlertsStore();
  // Nobody presses reload on a TV or an embed: a new build or protocol replaces the page when no alert has
  // just started.
  useSelfUpdate(() => !alerts.anyFlashing());

  const options = computed(() => parseBoardOptions(route.query as QueryInput));
  useTheme(() => options.value.theme);

  if (options.value.display) session.openDisplay(options.value.display);
  else session.resume();
  return { session, options };
}
