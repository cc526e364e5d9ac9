import type { AuditEntryView } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { useConnectionStore } from './connection.store.js';

/** Entries the console shows. */
export const AUDIT_LIMIT = 50;

/** The recent audit log of supervisor actions, newest first. */
export const useAuditStore = defineStore('audit', () => {
  const connection = useConnectionStore();
  const entries = ref<AuditEntryView[]>([]);
  const loading = ref(false);
  const error = ref<string | null>(null);
  const loadedAt = ref<number | null>(null);

  async function load(limit = AUDIT_LIMIT): Promise<void> {
    if (loading.value) return;
    loading.value = true;
    const answer = await connection.send('audit:recent', { limit });
    loading.value = false;
    if (!answer.ok) {
      error.value = answer.error.message;
      return;
    }
    error.value = null;
    entries.value = [...answer.data].sort((a, b) => b.at - a.at || b.id - a.id);
    loadedAt.value = Date.now();
  }

  return { entries, loading, error, loadedAt, load };
});
