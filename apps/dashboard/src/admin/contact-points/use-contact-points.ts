import type {
  AlertChannelCreated,
  AlertChannelRequest,
  AlertChannelView,
  DeliveryView,
} from '@switchboard/live-protocol';
import { ref, shallowRef } from 'vue';
import { callApi, type RestOptions } from '../../api/rest-client.js';
import type { ClientResult } from '../../socket/live-socket.js';
import { useSessionStore } from '../../stores/session.store.js';
import { useLoadState } from '../parts/use-load-state.js';

/** A Test waits for the receiver's first answer: the gateway gives it up to 15 s, the page a little more. */
export const TEST_TIMEOUT_MS = 20_000;

/** What a Test came to, per contact point: under way, or its outcome in a sentence. */
export interface TestState {
  busy: boolean;
  ok: boolean | null;
  text: string | null;
}

/**
 * The contact points of the screen over the gateway's REST (admins; they change when an admin acts, so no
 * live stream): the list with each one's delivery state, create, test, the delivery log, delete.
 */
export function useContactPoints() {
  const session = useSessionStore();
  const channels = shallowRef<AlertChannelView[]>([]);
  const { status, error, start, settle } = useLoadState();
  const loaded = ref(false);
  let latest = 0;

  const call = <T>(path: string, options: RestOptions = {}): Promise<ClientResult<T>> =>
    callApi<T>(path, { ...options, token: session.token });
  const one = (id: string, rest = '') => `/api/alert-channels/${encodeURIComponent(id)}${rest}`;

  /** Reads the list again; an answer overtaken by a later read is dropped. */
  async function reload(): Promise<void> {
    const mine = ++latest;
    if (!loaded.value) start();
    const answer = await call<AlertChannelView[]>('/api/alert-channels');
    if (mine !== latest) return;
    if (answer.ok) {
      channels.value = answer.data;
      loaded.value = true;
    }
    settle(answer);
  }

  /** Creates a contact point; the list is read again when it was. */
  async function create(request: AlertChannelRequest): Promise<ClientResult<AlertChannelCreated>> {
    const answer = await call<AlertChannelCreated>('/api/alert-channels', { method: 'POST', body: request });
    if (answer.ok) {
      channels.value = [...channels.value, answer.data.channel];
      await reload();
    }
    return answer;
  }

  /** Sends a test message and answers its first attempt; the list is read again for the new delivery state. */
  async function test(id: string): Promise<ClientResult<DeliveryView>> {
    const answer = await call<DeliveryView>(one(id, '/test'), { method: 'POST', timeoutMs: TEST_TIMEOUT_MS });
    await reload();
    return answer;
  }

  /** The last attempts of a contact point, newest first. */
  function deliveries(id: string): Promise<ClientResult<DeliveryView[]>> {
    return call<DeliveryView[]>(one(id, '/deliveries'));
  }

  /** Deletes a contact point; gone from the list too when another admin deleted it first. */
  async function remove(id: string): Promise<ClientResult<{ deleted: string }>> {
    const answer = await call<{ deleted: string }>(one(id), { method: 'DELETE' });
    if (answer.ok || answer.error.code === 'not_found')
      channels.value = channels.value.filter((channel) => channel.id !== id);
    return answer;
  }

  return { channels, status, error, loaded, reload, create, test, deliveries, remove };
}

/** What useContactPoints gives a screen. */
export type ContactPoints = ReturnType<typeof useContactPoints>;
