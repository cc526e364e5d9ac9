import type { PbxSuccess } from '../types.js';

/** Query of extension/list (docs/pbx/configuration.md#extensions). */
export interface ExtensionListParams {
  page?: number;
  page_size?: number;
  sort_by?: 'id' | 'number' | 'caller_id_name' | 'email_addr' | 'mobile_number' | 'presence_status';
  order_by?: 'asc' | 'desc';
}

/** One extension as extension/list describes it (Ext_Basicinfo); fields beyond these are not relied on. */
export interface ExtensionBasicInfo {
  /** Extension id: what agent operations take as `ext_id`. */
  id: number;
  /** Extension number: what events, call/listen `monitor` and queue agent lists carry. */
  number: string;
  /** The user's name. */
  caller_id_name: string;
  presence_status?: string;
  role_name?: string;
}

/** Answer of extension/list. */
export interface ExtensionListResponse extends PbxSuccess {
  total_number: number;
  data: ExtensionBasicInfo[];
}
