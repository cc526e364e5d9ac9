import { queueStream, type QueueRef } from '@switchboard/live-protocol';
import { computed, type ComputedRef } from 'vue';
import type { QueueRow } from '../lib/board-rows.js';
import { useQueuesStore } from '../stores/queues.store.js';
import { useStreamsStore } from '../stores/streams.store.js';

const NOTES = {
  unknown: 'Connecting…',
  waiting: 'Waiting for the first figures from the gateway…',
  resyncing: 'Refreshing after a reconnection…',
  denied: 'This screen may not show this queue.',
  live: '',
} as const;

/**
 * The rows of a board for `queues`: data, freshness and a note when there is no data. A row keeps its
 * identity until something in it changes, so the clock's ticks do not re-render whole boards.
 */
export function useQueueRows(queues: () => readonly QueueRef[]): ComputedRef<QueueRow[]> {
  const store = useQueuesStore();
  const streams = useStreamsStore();
  let previous: QueueRow[] = [];
  return computed(() => {
    const next = queues().map((ref): QueueRow => {
      const freshness = store.freshness(ref.id);
      const entryNote = streams.entry(queueStream(ref.id), 'queue')?.note;
      const row: QueueRow = {
        id: ref.id,
        name: ref.name,
        view: store.view(ref.id),
        stale: freshness.stale,
        ageMs: freshness.ageMs,
        frozenAt: freshness.frozenAt,
        staleNote: freshness.staleNote,
        recountSince: freshness.recountSince,
        note: entryNote ?? NOTES[freshness.status],
      };
      const before = previous.find((candidate) => candidate.id === ref.id);
      return before && sameRow(before, row) ? before : row;
    });
    if (next.length === previous.length && next.every((row, i) => row === previous[i])) return previous;
    previous = next;
    return next;
  });
}

function sameRow(a: QueueRow, b: QueueRow): boolean {
  return (
    a.name === b.name &&
    a.view === b.view &&
    a.stale === b.stale &&
    a.ageMs === b.ageMs &&
    a.frozenAt === b.frozenAt &&
    a.staleNote === b.staleNote &&
    a.recountSince === b.recountSince &&
    a.note === b.note
  );
}
