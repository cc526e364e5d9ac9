import { callStreamsOf, STREAM_KEYS, type StreamId, type UacstaCallView } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { computed, shallowReactive } from 'vue';
import { useConnectionStore } from './connection.store.js';
import { useSessionStore } from './session.store.js';
import { useStreamsStore } from './streams.store.js';

/** Outcome of a refuse on one desk-phone call. */
export interface RefuseState {
  pending: boolean;
  error: string | null;
}

/**
 * Desk-phone calls seen through uaCSTA, oldest first, and refusing a ringing one. A limited scope watches
 * `uacsta:<id>` per queue (its agents' phones); an agent of several queues shows once.
 */
export const useUacstaStore = defineStore('uacsta', () => {
  const streams = useStreamsStore();
  const connection = useConnectionStore();
  const session = useSessionStore();
  const refusals = shallowReactive(new Map<string, RefuseState>());

  /** The streams of desk-phone calls this session watches (views subscribe them). */
  const streamIds = computed<StreamId[]>(() =>
    // Nothing before the session is known: a limited scope must not ask for the whole stream first.
    session.info ? callStreamsOf('uacsta', session.info) : [],
  );
  const calls = computed<UacstaCallView[]>(() =>
    [...streams.combined(streamIds.value, 'uacsta', STREAM_KEYS.uacsta).data].sort(
      (a, b) => a.since - b.since,
    ),
  );

  async function refuse(call: Pick<UacstaCallView, 'key' | 'extension' | 'callId'>): Promise<boolean> {
    if (refusals.get(call.key)?.pending) return false;
    refusals.set(call.key, { pending: true, error: null });
    const answer = await connection.send('uacsta:refuse', { extension: call.extension, callId: call.callId });
    refusals.set(call.key, { pending: false, error: answer.ok ? null : answer.error.message });
    return answer.ok;
  }

  function refuseState(key: string): RefuseState | undefined {
    return refusals.get(key);
  }

  return { streams: streamIds, calls, refuse, refuseState };
});
