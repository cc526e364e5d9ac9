import { useMenuOptions, type MenuChoice } from '../parts/use-menu-options.js';
import type { LoadStatus } from '../parts/admin-types.js';
import { destinationType } from './ivr-keys.js';
import type { IvrForm } from './ivr-form.js';

/** Prompts are picked by file name from two menus of the PBX: its custom prompts and its system prompts. */
const PROMPT_MENUS = ['custom_prompt', 'system_prompt'];

/**
 * The PBX menus an IVR form picks from: each read when a key first needs it. `prompt` stands for custom and
 * system prompts together, chosen by file name.
 */
export function useIvrMenus() {
  const menus = useMenuOptions();
  const parts = (menu: string) => (menu === 'prompt' ? PROMPT_MENUS : [menu]);

  function need(menu: string): void {
    for (const part of parts(menu)) {
      const status = menus.status.value[part];
      if (status === 'error' || status === 'unavailable') void menus.retry(part);
      else void menus.load(part);
    }
  }

  /** Reads every menu the keys of `form` use (opening an IVR for editing). */
  function needFor(form: IvrForm): void {
    for (const row of form.keys) {
      const menu = destinationType(row.dest)?.menu;
      if (menu) need(menu);
    }
  }

  function choicesOf(menu: string): MenuChoice[] {
    if (menu !== 'prompt') return menus.choices(menu);
    return PROMPT_MENUS.flatMap((part) =>
      menus.choices(part).map((choice) => ({ ...choice, value: choice.text })),
    );
  }

  function statusOf(menu: string): LoadStatus {
    const statuses = parts(menu).map((part) => menus.status.value[part] ?? 'idle');
    return statuses.find((status) => status !== 'ready') ?? 'ready';
  }

  /** A sentence while a menu loads or after it failed; null once its choices are there. */
  function noteOf(menu: string): string | null {
    const status = statusOf(menu);
    if (status === 'ready') return null;
    if (status === 'loading' || status === 'idle') return 'Reading the list from the PBX…';
    const failed = parts(menu).find((part) => menus.errors.value[part]);
    return `Could not read the list${failed ? `: ${menus.errors.value[failed]}` : ''}`;
  }

  return { need, needFor, choicesOf, statusOf, noteOf };
}
