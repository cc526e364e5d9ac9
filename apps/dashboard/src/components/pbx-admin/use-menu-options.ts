import { ref, shallowRef } from 'vue';
import { pbx } from './pbx-call.js';
import { loadProblem, type LoadStatus } from './admin-types.js';

/** One choice of a PBX menu (system/get_menuoptions): the object's name and its id, as text. */
export interface MenuChoice {
  text: string;
  value: string;
  type?: string;
}

/**
 * The PBX's menus a form picks ids from (extensions, queues, IVRs, prompts...), each read once by `load` and
 * kept for the life of the screen; a failed read is said and can be tried again.
 */
export function useMenuOptions() {
  const menus = shallowRef<Record<string, MenuChoice[]>>({});
  const status = ref<Record<string, LoadStatus>>({});
  const errors = ref<Record<string, string>>({});

  async function load(menu: string): Promise<void> {
    if (status.value[menu] === 'loading' || status.value[menu] === 'ready') return;
    status.value = { ...status.value, [menu]: 'loading' };
    const answer = await pbx<{ data?: MenuChoice[] }>('system/get_menuoptions', { menu });
    if (answer.ok) {
      menus.value = { ...menus.value, [menu]: answer.data.data ?? [] };
      status.value = { ...status.value, [menu]: 'ready' };
      return;
    }
    const problem = loadProblem(answer.error);
    status.value = { ...status.value, [menu]: problem.status };
    errors.value = { ...errors.value, [menu]: problem.message };
  }

  /** The choices of `menu`; empty until `load(menu)` has read them. */
  const choices = (menu: string): MenuChoice[] => menus.value[menu] ?? [];

  /** Reads a menu again after a failure. */
  function retry(menu: string): Promise<void> {
    status.value = { ...status.value, [menu]: 'idle' };
    return load(menu);
  }

  return { choices, status, errors, load, retry };
}
