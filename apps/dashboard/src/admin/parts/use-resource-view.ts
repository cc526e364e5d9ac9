import { shallowRef } from 'vue';
import { pbxItem, type FetchedResource } from './pbx-rows.js';
import { useLoadState } from './use-load-state.js';

/**
 * One object read fresh from the PBX (`<resource>/get`) for a View panel or an edit form: the row from the
 * list shows at once, the PBX's answer replaces it; an answer for a row no longer open is dropped.
 */
export function useResourceView<Item extends { id: number }>(resource: FetchedResource) {
  const item = shallowRef<Item | null>(null);
  const { status, error, start, settle } = useLoadState();

  async function open(row: Item): Promise<Item | null> {
    item.value = row;
    start();
    error.value = null;
    const answer = await pbxItem<Item>(resource, row.id);
    if (item.value?.id !== row.id) return null;
    if (answer.ok) item.value = answer.data;
    return settle(answer) ? item.value : null;
  }

  function close(): void {
    item.value = null;
    status.value = 'idle';
  }

  return { item, status, error, open, close };
}
