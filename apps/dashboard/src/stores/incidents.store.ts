import type { IncidentView, IncidentsAnswer } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { reactive, ref, shallowRef } from 'vue';
import { callApi } from '../api/rest-client.js';
import type { ClientResult } from '../socket/live-socket.js';
import { useSessionStore } from './session.store.js';

/** How often the console reads the incidents while it is open and visible. */
export const INCIDENTS_POLL_MS = 5_000;

/**
 * Incidents for supervisors and admins (GET /api/incidents): the open ones and the last resolved ones, read
 * when the console opens and every 5 s while it is open and visible (so an acknowledgement made on another
 * screen shows within one read), and acknowledged from here for everyone.
 */
export const useIncidentsStore = defineStore('incidents', () => {
  const session = useSessionStore();
  const open = shallowRef<IncidentView[]>([]);
  const recent = shallowRef<IncidentView[]>([]);
  /** Whether a read has succeeded yet (before that the panel says it is reading). */
  const loaded = ref(false);
  /** Why the last read failed; the last incidents read stay shown. */
  const error = ref<string | null>(null);
  /** Acknowledgements on their way, by incident id. */
  const acknowledging = reactive(new Set<string>());
  /** Why an acknowledgement failed, by incident id. */
  const ackErrors = reactive(new Map<string, string>());

  let timer: ReturnType<typeof setInterval> | undefined;
  let users = 0;
  let latest = 0;

  /** Reads the incidents; an answer overtaken by a later read is dropped. */
  async function load(): Promise<void> {
    const mine = ++latest;
    const answer = await callApi<IncidentsAnswer>('/api/incidents', { token: session.token });
    if (mine !== latest) return;
    if (!answer.ok) {
      error.value = answer.error.message;
      return;
    }
    open.value = answer.data.open;
    recent.value = answer.data.recent;
    loaded.value = true;
    error.value = null;
  }

  function schedule(): void {
    clearInterval(timer);
    timer = undefined;
    if (users === 0 || document.visibilityState === 'hidden') return;
    timer = setInterval(() => void load(), INCIDENTS_POLL_MS);
  }

  /** A hidden tab stops reading; coming back reads at once, then every 5 s again. */
  function onVisibility(): void {
    if (users > 0 && document.visibilityState !== 'hidden') void load();
    schedule();
  }

  /** Starts reading for one more user (the console's panel); returns the matching stop. */
  function watch(): () => void {
    users += 1;
    if (users === 1) {
      document.addEventListener('visibilitychange', onVisibility);
      if (document.visibilityState !== 'hidden') void load();
      schedule();
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      users -= 1;
      if (users > 0) return;
      document.removeEventListener('visibilitychange', onVisibility);
      schedule();
    };
  }

  /** Acknowledges an incident for everyone, then reads the list again (the first acknowledgement is kept). */
  async function acknowledge(id: string): Promise<ClientResult<IncidentView>> {
    acknowledging.add(id);
    ackErrors.delete(id);
    const answer = await callApi<IncidentView>(`/api/incidents/${encodeURIComponent(id)}/acknowledge`, {
      method: 'POST',
      token: session.token,
    });
    acknowledging.delete(id);
    if (answer.ok) {
      const replace = (list: IncidentView[]) =>
        list.map((incident) => (incident.id === id ? answer.data : incident));
      open.value = replace(open.value);
      recent.value = replace(recent.value);
    } else ackErrors.set(id, answer.error.message);
    await load();
    return answer;
  }

  /** Whether the store reads on a timer right now (the console open and visible). */
  const running = (): boolean => timer !== undefined;

  return { open, recent, loaded, error, acknowledging, ackErrors, load, watch, acknowledge, running };
});
