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

/**
 * What system/capacity answers (Device_Capacity, docs/pbx/configuration.md#pbx-capacity): the licensed limits
 * and what is in use. The AI fields (seconds) are on the Cloud Edition's page; other editions may leave them out.
 */
export interface SystemCapacity {
  extension_capacity: number;
  extension_used: number;
  /** Concurrent calls allowed. */
  cc_capacity: number;
  /** Concurrent calls now. */
  cc_used: number;
  ai_transcription_onetime_capacity?: number;
  ai_transcription_onetime_used?: number;
  ai_transcription_pack_capacity?: number;
  ai_transcription_pack_used?: number;
  ai_receptionist_onetime_capacity?: number;
  ai_receptionist_onetime_used?: number;
  ai_receptionist_pack_capacity?: number;
  ai_receptionist_pack_used?: number;
}

/** Answer of system/capacity. */
export interface SystemCapacityResponse extends PbxSuccess {
  data: SystemCapacity;
}

/** What system/information reports about the PBX. */
export interface SystemInformation {
  device_name: string;
  model_name: string;
  sn: string;
  hardware_version: string;
  firmware_version: string;
  /** PBX local time in its display format, e.g. `2025/08/22 16:44:40`. */
  system_time: string;
  /** Seconds since boot. */
  up_time: number;
  /** e.g. `YYYY/MM/DD`, `MM/DD/YYYY`, `DD/MM/YYYY`. */
  system_date_format: string;
  /** e.g. `hh:mm:ss` or `HH:mm:ss`; see `PbxTimeFormat` for how 12/24 h is read. */
  system_time_format: string;
  /** Epoch seconds. */
  timestamp: number;
}

/** Answer of system/information. */
export interface SystemInformationResponse extends PbxSuccess {
  data: SystemInformation;
}
