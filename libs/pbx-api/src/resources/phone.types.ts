import type { PbxSuccess } from '../types.js';
import type { PbxFlag } from './common.types.js';

/** A phone to add: its MAC address and the extension it is assigned to. */
export interface PhoneAssignment {
  /** MAC address with one separator style throughout: `001A2B3C4D5E`, `00:1A:...` or `00-1A-...`. */
  mac: string;
  /** Extension ID. */
  ext_id: number;
}

/** An existing auto provisioning phone and its new assignment. */
export interface PhoneReassignment extends PhoneAssignment {
  /** Phone ID. */
  id: number;
}

/** Provisioning through an onsite proxy: the proxy instance may be named. */
export interface PhoneOnsiteProxyProvisioning {
  provisioning_method: 'pnp_via_onsite_proxy' | 'dhcp_via_onsite_proxy';
  /** UUID of the onsite proxy instance. */
  onsite_proxy_uuid?: string;
}

/** Provisioning through RPS: no onsite proxy may be named. */
export interface PhoneRpsProvisioning {
  provisioning_method: 'rps' | 'rps_fqdn';
  onsite_proxy_uuid?: never;
}

/**
 * Body of phone/batchcreate (docs/pbx/configuration.md#ip-phones): phones of one vendor and model, one
 * template.
 */
export type PhoneBatchCreateParams = {
  /** From the auto provisioning options. */
  vendor: string;
  model: string;
  phone_list: PhoneAssignment[];
  template_name: string;
  /** Authenticate the first provisioning with RPS or RPS FQDN. */
  enb_rps_auth?: PbxFlag;
} & (PhoneOnsiteProxyProvisioning | PhoneRpsProvisioning);

/** Answer of phone/batchcreate. */
export type PhoneBatchCreateResponse = PbxSuccess;

/**
 * Body of phone/batchupdate (docs/pbx/configuration.md#ip-phones): phones of one model using one template.
 */
export interface PhoneBatchUpdateParams {
  /** IDs of the auto provisioning phones. */
  batch_id_list: number[];
  phone_list: PhoneReassignment[];
}

/** Answer of phone/batchupdate. */
export type PhoneBatchUpdateResponse = PbxSuccess;
