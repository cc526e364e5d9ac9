import { toInt } from '../quirks.js';
import type { ExtensionBasicInfo, ExtensionEndpointStatus } from './extension.types.js';

/** The Linkus clients of `online_status`. */
export const LINKUS_ENDPOINTS = ['linkus_desktop', 'linkus_mobile', 'linkus_web'] as const;

/** A Linkus client endpoint. */
export type LinkusEndpoint = (typeof LINKUS_ENDPOINTS)[number];

/** Where an extension is online, read from its `online_status` (docs/pbx/configuration.md#online-status). */
export interface ExtensionOnline {
  /** A SIP endpoint (desk phone, softphone) is registered: `sip_phone.status_list` has an entry. */
  sipPhone: boolean;
  /** The Linkus clients whose `status` is 1. */
  apps: LinkusEndpoint[];
  /** At least one Linkus client is online. */
  anyApp: boolean;
  /** An FXS phone reports `status` 1 (Appliance Edition only). */
  fxsPhone: boolean;
}

/** 1 (or `"1"`) means online; anything else, absent included, is offline. */
function isOn(endpoint: ExtensionEndpointStatus | undefined): boolean {
  return toInt(endpoint?.status) === 1;
}

/**
 * Where the extension of an extension/list or extension/search row is online. SIP has no `status`: a SIP
 * endpoint is online when `status_list` holds a registration. A row without `online_status` (older firmware)
 * reads as offline everywhere; events 30007 keep the picture current between reads.
 */
export function extensionOnline(row: ExtensionBasicInfo): ExtensionOnline {
  const online = row.online_status;
  const registrations: unknown = online?.sip_phone?.status_list;
  const apps = LINKUS_ENDPOINTS.filter((endpoint) => isOn(online?.[endpoint]));
  return {
    sipPhone: Array.isArray(registrations) && registrations.length > 0,
    apps,
    anyApp: apps.length > 0,
    fxsPhone: isOn(online?.fxs_phone),
  };
}
