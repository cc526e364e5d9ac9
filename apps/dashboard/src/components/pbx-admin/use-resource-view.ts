import { ref, shallowRef } from 'vue';
import { loadProblem, type LoadStatus } from './admin-types.js';
import { pbxItem } from './pbx-rows.js';

/**
 * One object read fresh from the PBX (`<resource>/get`) for a View panel or an edit form: the row from the
 * list shows at once, the PBX's answer replaces it; an answer for a row no longer open is dropped.
 */
export function useResourceView<Item extends { id: number }>(resource: string) {
  const item = shallowRef<Item | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<string | null>(null);

  async function open(row: Item): Promise<Item | null> {
    item.value = row;
    status.value = 'loading';
    error.value = null;
    const answer = await pbxItem<Item>(resource, row.id);
    if (item.value?.id !== row.id) return null;
    if (answer.ok) {
      item.value = answer.data;
      status.value = 'ready';
      return answer.data;
    }
    const problem = loadProblem(answer.error);
    status.value = problem.status;
    error.value = problem.message;
    return null;
  }

  function close(): void {
    item.value = null;
    status.value = 'idle';
  }

  return { item, status, error, open, close };
}
