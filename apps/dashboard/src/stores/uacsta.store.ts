import type { UacstaCallView } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { computed, shallowReactive } from 'vue';
import { useConnectionStore } from './connection.store.js';
import { useStreamsStore } from './streams.store.js';

/** Outcome of a refuse on one desk-phone call. */
export interface RefuseState {
  pending: boolean;
  error: string | null;
}

/** Desk-phone calls seen through uaCSTA, oldest first, and refusing a ringing one. */
export const useUacstaStore = defineStore('uacsta', () => {
  const streams = useStreamsStore();
  const connection = useConnectionStore();
  const refusals = shallowReactive(new Map<string, RefuseState>());

  const calls = computed<UacstaCallView[]>(() =>
    [...(streams.entry('uacsta', 'uacsta')?.data ?? [])].sort((a, b) => a.since - b.since),
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

  return { calls, refuse, refuseState };
});
