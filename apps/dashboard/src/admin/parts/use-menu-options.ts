import type { MenuOptionsMenu } from '@switchboard/pbx-api/rules';
import { ref, shallowRef } from 'vue';
import { pbx } from './pbx-call.js';
import { loadProblem, type LoadStatus } from './admin-types.js';

/** A menu read without an id (queue_agent needs its queue's id and is not read here). */
type ListedMenu = Exclude<MenuOptionsMenu, 'queue_agent'>;

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
    // Menu names come from the screens' own tables (ivr-keys.ts and the like); the gateway checks them by the rules.
    const answer = await pbx('system/get_menuoptions', { menu: menu as ListedMenu });
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
