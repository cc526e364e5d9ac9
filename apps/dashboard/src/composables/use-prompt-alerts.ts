import { onBeforeUnmount, onMounted } from 'vue';
import { beep } from '../lib/beep.js';
import { showNotification } from '../lib/notify.js';
import { callerLine } from '../lib/prompt-outcome.js';
import { useInboundStore } from '../stores/inbound.store.js';
import { usePrefsStore } from '../stores/prefs.store.js';

/** Sound and system notification for each newly held call, as the user's preferences allow. */
export function usePromptAlerts(): void {
  const inbound = useInboundStore();
  const prefs = usePrefsStore();
  let stop: (() => void) | undefined;
  onMounted(() => {
    stop = inbound.onArrival((call) => {
      if (prefs.sound) beep('prompt');
      if (prefs.notifications) {
        showNotification(
          `Held call from ${callerLine(call)}`,
          `To ${call.to}: accept, refuse or block`,
          call.callId,
        );
      }
    });
  });
  onBeforeUnmount(() => stop?.());
}
