import type { PbxSuccess } from '../types.js';
import type { KnownString, PbxFlag } from './common.types.js';
import type { PbxSearchParams } from './editable.types.js';

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

/** Provisioning through RPS, or PnP or DHCP on the local network: no onsite proxy may be named. */
export interface PhoneRpsProvisioning {
  provisioning_method: 'pnp' | 'dhcp' | 'rps' | 'rps_fqdn';
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

/** A provisioned phone as phone/search shows it (docs/pbx/configuration.md#ip-phones). */
export interface PhoneSummary {
  id: number;
  mac: string;
  vendor: string;
  model: string;
  template_name: string;
  /** Private IP, reported only by phones provisioned by PnP on some editions; empty otherwise. */
  ip: string;
  firmware: string;
  assigned_ext_status: KnownString<'Registered' | 'Unregistered'>;
  /** `Unassigned` when no extension is assigned. */
  assigned_ext_num: string;
  /** `Unassigned` when no extension is assigned. */
  assigned_ext_name: string;
}

/** A provisioned phone as phone/get shows it. */
export interface PhoneDetail {
  id: number;
  mac: string;
  vendor: string;
  model: string;
  template_name: string;
  provisioning_method: KnownString<'pnp' | 'dhcp' | 'rps' | 'rps_fqdn'>;
  provisioning_link: string;
  enb_rps_auth: PbxFlag;
  /** The assigned extension's ID, as text. */
  assigned_extension: string;
}

/** phone/search: paging, sorted by `vendor`, `model` or `ip`, and a keyword (MAC, vendor, model, extension). */
export type PhoneSearchParams = PbxSearchParams<'vendor' | 'model' | 'ip'>;

/** Answer of phone/get: one phone under `data`, an object whichever form the PBX used (quirks.ts, 13). */
export interface PhoneGetResponse extends PbxSuccess {
  data: PhoneDetail;
}

/** phone/batchdelete and phone/batchreprovision: the phones' IDs. */
export interface PhoneBatchParams {
  batch_id_list: number[];
}

/** A menu of auto_provisioning/compatibility; model, template and method menus need the vendor or model. */
export type PhoneOptionsParams =
  | { menu: 'phone_vendor' }
  | { menu: 'phone_model'; vendor: string }
  | { menu: 'phone_template'; model: string; vendor?: string }
  | { menu: 'autop_method'; vendor: string; model: string };

/** One option: `text` a name (for autop_method the provisioning link), `value` what to send, `type` e.g. `Deskphone`. */
export interface PhoneOption {
  text: string;
  value: string;
  type: string;
}

/** Answer of auto_provisioning/compatibility. */
export interface PhoneOptionsResponse extends PbxSuccess {
  data: PhoneOption[];
}
