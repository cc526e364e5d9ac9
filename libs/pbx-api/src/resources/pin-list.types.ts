import type { PbxCreatedResponse, PbxFlag } from './common.types.js';
import type { PbxByIdParams, PbxListParams, PbxSearchParams } from './editable.types.js';

/** Body of pin_list/create (docs/pbx/configuration.md#pin-lists). */
export interface PinListCreateParams {
  name: string;
  /** PIN codes separated by commas, e.g. `1234,5678`. */
  pin_list: string;
  /** 1: record the PIN used in the CDR. */
  enb_record_cdr?: PbxFlag;
}

/** Answer of pin_list/create: the new list's ID. */
export type PinListCreateResponse = PbxCreatedResponse;

/** A PIN list as the PBX reads it back (docs/pbx/configuration.md#pin-lists). */
export interface PinList {
  id: number;
  name: string;
  /** PIN codes separated by commas. */
  pin_list: string;
  enb_record_cdr: PbxFlag;
}

/** pin_list/list: paging only (the page documents no sort). */
export type PinListListParams = PbxListParams;
/** pin_list/search: paging, sort by `id` or `name`, and a keyword matched in names. */
export type PinListSearchParams = PbxSearchParams<'id' | 'name'>;
/** pin_list/update: the list's ID and the fields that change (`pin_list` replaces every PIN). */
export type PinListUpdateParams = PbxByIdParams & Partial<PinListCreateParams>;
