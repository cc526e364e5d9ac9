import type { PbxSuccess } from '../types.js';
import type { KnownString, PbxFlag } from './common.types.js';

/** Query of extension/list (docs/pbx/configuration.md#extensions). */
export interface ExtensionListParams {
  page?: number;
  page_size?: number;
  sort_by?: 'id' | 'number' | 'caller_id_name' | 'email_addr' | 'mobile_number' | 'presence_status';
  order_by?: 'asc' | 'desc';
}

/** Query of extension/search: the list's parameters and a keyword. */
export interface ExtensionSearchParams extends ExtensionListParams {
  /** Search keyword. */
  search_value?: string;
}

/**
 * One SIP registration in `sip_phone.status_list` (docs/pbx/configuration.md#online-status). The PBX's pages
 * do not publish its fields; `status` and `ip` are the ones a rebranded copy of the page names.
 */
export interface SipRegistration {
  status?: number;
  ip?: string;
  [field: string]: unknown;
}

/** The extension on one kind of endpoint (Online_Status). */
export interface ExtensionEndpointStatus {
  /** 0 offline, 1 online. Given for every endpoint except `sip_phone`, whose state is `status_list`. */
  status?: number;
  /** `sip`, `linkusdesktop`, `linkusmobile`, `linkusweb`, `fxs`. */
  ext_dev_type: KnownString<'sip' | 'linkusdesktop' | 'linkusmobile' | 'linkusweb' | 'fxs'>;
  /** The SIP registrations; present only while the extension is registered on a SIP endpoint. */
  status_list?: SipRegistration[];
}

/** `online_status` of an extension row: one entry per endpoint (`fxs_phone` on the Appliance Edition only). */
export interface ExtensionOnlineStatus {
  sip_phone?: ExtensionEndpointStatus;
  linkus_desktop?: ExtensionEndpointStatus;
  linkus_mobile?: ExtensionEndpointStatus;
  linkus_web?: ExtensionEndpointStatus;
  fxs_phone?: ExtensionEndpointStatus;
}

/** One extension as extension/list and extension/search describe it (Ext_Basicinfo). */
export interface ExtensionBasicInfo {
  /** Extension id: what agent operations take as `ext_id`. */
  id: number;
  /** Extension number: what events, call/listen `monitor` and queue agent lists carry. */
  number: string;
  /** The user's name. */
  caller_id_name: string;
  /** `available`, `away`, `business_trip`, `do_not_disturb`, `lunch`, `off_work`. */
  presence_status?: KnownString<
    'available' | 'away' | 'business_trip' | 'do_not_disturb' | 'lunch' | 'off_work'
  >;
  /** Custom presence text (newer firmware). */
  custom_presence_status?: string;
  /** Where the extension is online; read it with `extensionOnline()`. Absent on older firmware. */
  online_status?: ExtensionOnlineStatus;
  role_name?: string;
  email_addr?: string;
  mobile_number?: string;
}

/** Answer of extension/list. */
export interface ExtensionListResponse extends PbxSuccess {
  total_number: number;
  data: ExtensionBasicInfo[];
}

/** Answer of extension/search. */
export type ExtensionSearchResponse = ExtensionListResponse;

/** Query of extension/get. */
export interface ExtensionGetParams {
  id: number;
}

/** Query of extension/query: extension ids separated by commas, e.g. `1,2`. */
export interface ExtensionQueryParams {
  ids: string;
}

/**
 * An extension's settings as extension/get and extension/query answer them. The PBX's pages do not publish the
 * field table (docs/pbx/configuration.md#extensions): only the identity is typed, the rest passes through.
 */
export interface ExtensionDetails {
  id: number;
  number: string;
  caller_id_name?: string;
  [field: string]: unknown;
}

/** Answer of extension/get. */
export interface ExtensionGetResponse extends PbxSuccess {
  data: ExtensionDetails;
}

/** Answer of extension/query. */
export interface ExtensionQueryResponse extends PbxSuccess {
  data: ExtensionDetails[];
}

/** Which status events the PBX sends for one extension (docs/pbx/configuration.md#extension-status-monitors). */
export interface ExtensionStatusMonitor {
  ext_id: number;
  number: string;
  name: string;
  /** 1: registration changes are sent (30007). */
  enb_register_status: PbxFlag;
  /** 1: call status changes are sent (30008). */
  enb_call_status: PbxFlag;
  /** 1: presence changes are sent (30009). */
  enb_presence_status: PbxFlag;
}

/** Answer of extension_status_monitor/list. */
export interface ExtensionStatusMonitorListResponse extends PbxSuccess {
  data: ExtensionStatusMonitor[];
}
