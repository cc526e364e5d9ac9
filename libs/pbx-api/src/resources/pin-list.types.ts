import type { PbxCreatedResponse, PbxFlag } from './common.types.js';

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
