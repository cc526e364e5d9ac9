import type { PauseReasonView } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { useConnectionStore } from './connection.store.js';

/**
 * The PBX's pause reasons for the pause menu, asked of the gateway whenever the menu opens (the gateway
 * caches them and reads the PBX at most every few minutes, so asking is cheap and the list stays current).
 */
export const usePauseReasonsStore = defineStore('pauseReasons', () => {
  const connection = useConnectionStore();
  const reasons = ref<PauseReasonView[]>([]);
  const error = ref<string | null>(null);
  const loading = ref(false);

  async function load(): Promise<void> {
    if (loading.value) return;
    loading.value = true;
    const answer = await connection.send('agent:pause-reasons', {});
    loading.value = false;
    if (answer.ok) {
      reasons.value = answer.data.reasons;
      error.value = null;
    } else error.value = `The pause reasons could not be read: ${answer.error.message}`;
  }

  return { reasons, error, loading, load };
});
