import type { MENU_OPTION_MENUS } from '../rules/operations.js';
import type { PbxSuccess } from '../types.js';

/** A menu of system/get_menuoptions (docs/pbx/records.md#menu-options). */
export type MenuOptionsMenu = (typeof MENU_OPTION_MENUS)[number];

/** Query of system/get_menuoptions: a menu, and the queue `id` when the menu is `queue_agent`. */
export type SystemMenuOptionsParams =
  { menu: Exclude<MenuOptionsMenu, 'queue_agent'>; id?: number } | { menu: 'queue_agent'; id: number };

/** A sub-organisation in an `org_list` option. */
export interface MenuSubOption {
  text: string;
  value: string;
}

/** One option of a menu: the object's name, its ID as text, and a type where the menu has one. */
export interface MenuOption {
  /** Name of the object (an extension's user name, a trunk's name, a disposition code's label). */
  text: string;
  /** The object's ID, as text (e.g. a trunk ID, a disposition-code ID for callnotes/update). */
  value: string;
  /** The option's type, e.g. the trunk type for `trunk`; empty where the menu has none. */
  type: string;
  /** Sub-organisations; only for `org_list`. */
  item?: MenuSubOption[];
}

/** Answer of system/get_menuoptions. */
export interface SystemMenuOptionsResponse extends PbxSuccess {
  data: MenuOption[];
}
