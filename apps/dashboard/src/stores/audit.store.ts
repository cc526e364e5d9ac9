import {
  auditActionGroup,
  auditSearchText,
  type AuditEntryView,
  type KnownAuditAction,
} from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { liveSocket } from '../socket/live-socket.js';
import { useConnectionStore } from './connection.store.js';

/** Entries the console keeps. */
export const AUDIT_LIMIT = 200;

/** What the audit panel filters by; empty fields filter nothing. */
export interface AuditFilter {
  user: string;
  /** An action, `pbx` for every admin PBX call, or '' for all. */
  action: KnownAuditAction | 'pbx' | '';
  text: string;
}

/**
 * The audit trail, newest first, live: on every (re)connection it asks `audit:follow` for the recent
 * entries, and the gateway then pushes each new entry this session may read (`audit:entry`). Nothing polls.
 */
export const useAuditStore = defineStore('audit', () => {
  const connection = useConnectionStore();
  const entries = ref<AuditEntryView[]>([]);
  const loading = ref(false);
  const error = ref<string | null>(null);
  /** When the trail was last known complete (the answer to audit:follow), epoch ms; null before. */
  const loadedAt = ref<number | null>(null);
  const filter = ref<AuditFilter>({ user: '', action: '', text: '' });
  let following = false;

  liveSocket().on('audit:entry', (entry) => {
    if (following) keep([entry]);
  });
  liveSocket().on('disconnect', () => (following = false));

  function keep(incoming: readonly AuditEntryView[]): void {
    const byId = new Map(entries.value.map((entry) => [entry.id, entry]));
    for (const entry of incoming) byId.set(entry.id, entry);
    entries.value = [...byId.values()].sort((a, b) => b.at - a.at || b.id - a.id).slice(0, AUDIT_LIMIT);
  }

  /** Starts following the trail on this connection (again after a reconnection). */
  async function follow(limit = AUDIT_LIMIT): Promise<void> {
    if (loading.value) return;
    loading.value = true;
    const answer = await connection.send('audit:follow', { limit });
    loading.value = false;
    if (!answer.ok) {
      error.value = answer.error.message;
      return;
    }
    following = true;
    error.value = null;
    keep(answer.data);
    loadedAt.value = Date.now();
  }

  /** The people who appear in the trail, for the person filter. */
  const users = computed(() => [...new Set(entries.value.map((entry) => entry.user))].sort());

  const shown = computed(() => {
    const { user, action, text } = filter.value;
    const needle = text.trim().toLowerCase();
    return entries.value.filter(
      (entry) =>
        (user === '' || entry.user === user) &&
        (action === '' || auditActionGroup(entry.action) === action) &&
        (needle === '' || auditSearchText(entry).includes(needle)),
    );
  });

  return { entries, shown, users, filter, loading, error, loadedAt, follow };
});
