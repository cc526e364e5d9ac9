import { watch, type Ref } from 'vue';
import { beep } from '../lib/beep.js';
import type { QueueRow } from '../lib/board-rows.js';
import { queueTiles } from '../lib/queue-tiles.js';

/** Beeps when a figure of any shown queue turns critical (not while it stays critical). */
export function useCriticalSound(rows: Ref<QueueRow[]>, now: () => number, enabled: () => boolean): void {
  let critical = new Set<string>();
  watch(
    () =>
      rows.value
        .flatMap((row) =>
          row.view
            ? queueTiles(row.view, row.frozenAt ?? now())
                .filter((tile) => tile.level === 'critical')
                .map((tile) => `${row.id}:${tile.metric}`)
            : [],
        )
        .sort()
        .join('|'),
    (key) => {
      const next = new Set(key === '' ? [] : key.split('|'));
      const newlyCritical = [...next].some((item) => !critical.has(item));
      critical = next;
      if (newlyCritical && enabled()) beep('critical');
    },
  );
}
