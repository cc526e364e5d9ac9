import type {
  DisplayTokenCreated,
  DisplayTokenRequest,
  DisplayTokenRevoked,
  DisplayTokenView,
  QueueRef,
} from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { callApi } from '../api/rest-client.js';
import type { ClientResult } from '../socket/live-socket.js';
import { useSessionStore } from './session.store.js';

/** A link just created: its full URL, which the gateway never shows again. */
export interface CreatedLink {
  name: string;
  url: string;
}

/**
 * Display links for admins (REST only: they change when an admin acts, not live): the list without
 * tokens, the queues a link may show, create and revoke. A created link's URL is kept only until the admin
 * dismisses it; it is never stored.
 */
export const useDisplayLinksStore = defineStore('display-links', () => {
  const session = useSessionStore();
  const links = ref<DisplayTokenView[]>([]);
  const queues = ref<QueueRef[]>([]);
  const loading = ref(false);
  const loadError = ref<string | null>(null);
  const created = ref<CreatedLink | null>(null);

  /** Reads the links and the queues (GET /api/display-tokens, GET /api/queues). */
  async function load(): Promise<void> {
    loading.value = true;
    const [listed, known] = await Promise.all([
      callApi<DisplayTokenView[]>('/api/display-tokens', { token: session.token }),
      callApi<QueueRef[]>('/api/queues', { token: session.token }),
    ]);
    loading.value = false;
    if (listed.ok) links.value = listed.data;
    if (known.ok) queues.value = [...known.data].sort((a, b) => a.id - b.id);
    const failed = [listed, known].find((answer) => !answer.ok);
    loadError.value = failed && !failed.ok ? failed.error.message : null;
  }

  /** Creates a link; on success its URL is in `created` (this once) and the list is read again. */
  async function create(request: DisplayTokenRequest): Promise<ClientResult<DisplayTokenCreated>> {
    const answer = await callApi<DisplayTokenCreated>('/api/display-tokens', {
      method: 'POST',
      body: request,
      token: session.token,
    });
    if (answer.ok) {
      created.value = {
        name: answer.data.display.name,
        url: new URL(answer.data.path, location.origin).href,
      };
      links.value = [...links.value, answer.data.display];
      await load();
    }
    return answer;
  }

  /** Revokes a link: screens showing it are disconnected by the gateway at once. */
  async function revoke(id: string): Promise<ClientResult<DisplayTokenRevoked>> {
    const answer = await callApi<DisplayTokenRevoked>(`/api/display-tokens/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      token: session.token,
    });
    // Gone either way when the gateway says there is no such link (another admin revoked it).
    if (answer.ok || answer.error.code === 'not_found')
      links.value = links.value.filter((link) => link.id !== id);
    return answer;
  }

  /** Forgets the created link's URL (the admin copied it, or does not want it). */
  function dismissCreated(): void {
    created.value = null;
  }

  return { links, queues, loading, loadError, created, load, create, revoke, dismissCreated };
});
