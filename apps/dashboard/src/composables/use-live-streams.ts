import type { StreamId } from '@switchboard/live-protocol';
import { onBeforeUnmount, watch } from 'vue';
import { useStreamsStore } from '../stores/streams.store.js';

/**
 * Keeps the streams `source` returns subscribed while the calling component lives, following changes
 * (e.g. the queue list of a wallboard) with one want/release per difference.
 */
export function useLiveStreams(source: () => readonly StreamId[]): void {
  const streams = useStreamsStore();
  let current: StreamId[] = [];
  watch(
    () => [...new Set(source())].sort().join('|'),
    (key) => {
      const next = key === '' ? [] : (key.split('|') as StreamId[]);
      const added = next.filter((s) => !current.includes(s));
      const removed = current.filter((s) => !next.includes(s));
      if (added.length > 0) streams.want(added);
      if (removed.length > 0) streams.release(removed);
      current = next;
    },
    { immediate: true },
  );
  onBeforeUnmount(() => {
    if (current.length > 0) streams.release(current);
    current = [];
  });
}
