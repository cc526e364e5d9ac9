import type { PbxSuccess } from '../types.js';
import type { KnownString } from './common.types.js';
import type { PbxListParams, PbxRowsResponse, PbxSearchParams } from './editable.types.js';

/** Query of inbound_route/query. */
export interface InboundRouteQueryParams {
  /** Inbound route IDs separated by commas, e.g. `1,2`. */
  ids: string;
}

/** A DID pattern of a route with `did_option` = patterns. */
export interface InboundRouteDidPattern {
  id: number;
  did_pattern: string;
}

/** A DID-to-extension pair of a route. */
export interface InboundRouteDidExtension {
  id: number;
  /** DID number. */
  did_pattern: string;
  /** ID of the matching extension. */
  did_pattern_to_ext: string;
}

/** A caller ID pattern of a route with `cid_option` = patterns. */
export interface InboundRouteCidPattern {
  id: number;
  cid_pattern: string;
}

/** A trunk the route applies to. */
export interface InboundRouteTrunk {
  id: number;
  name: string;
  type: string;
}

/** An extension or extension group of `def_dest_ext_list`. */
export interface InboundRouteExtension {
  /** ID of the extension or group. */
  value: string;
  name: string;
  number: string;
  type: KnownString<'extension' | 'ext_group'>;
}

/** Default destination types of an inbound route. */
export type InboundRouteDestination = KnownString<
  | 'disabled'
  | 'end_call'
  | 'extension'
  | 'pattern_to_ext'
  | 'range_to_ext'
  | 'pattern_to_ext_list'
  | 'ext_vm'
  | 'ivr'
  | 'call_flow'
  | 'ai_receptionist'
  | 'ring_group'
  | 'queue'
  | 'group_vm'
  | 'conference'
  | 'external_num'
  | 'outroute'
  | 'play_greeting'
  | 'fax_to_email'
>;

/**
 * An inbound route as the client returns it (docs/pbx/configuration.md#inbound-routes). Normalised:
 * `cid_to_phonebook` is always an array of phonebook IDs, whether the PBX sent an array or bracketed text
 * such as `"[1,2]"` (the spec shows both); it is empty when the route selects no phonebook.
 */
export interface InboundRoute {
  id: number;
  name: string;
  alert_info?: string;
  did_option?: KnownString<'patterns' | 'pattern_to_ext' | 'range_to_ext' | 'pattern_to_ext_list'>;
  did_pattern_list?: InboundRouteDidPattern[];
  did_pattern_to_ext?: string;
  did_to_ext_start?: string;
  did_to_ext_end?: string;
  did_pattern_to_ext_list?: InboundRouteDidExtension[];
  cid_option?: KnownString<'patterns' | 'phonebook'>;
  cid_pattern_list?: InboundRouteCidPattern[];
  /** Phonebook IDs selected when `cid_option` = phonebook; always an array here. */
  cid_to_phonebook: number[];
  trunk_list?: InboundRouteTrunk[];
  def_dest?: InboundRouteDestination;
  /** external_num: prefix of the number; play_greeting: playback count. */
  def_dest_prefix?: string;
  /** external_num: the number; play_greeting: prompt name; range_to_ext: the range; else the destination's ID. */
  def_dest_value?: string;
  def_dest_ext_list?: InboundRouteExtension[];
  /** Custom prompt played before answer when `def_dest` = extension. */
  ringback_tone?: string;
}

/** An inbound route as the PBX sends it: `cid_to_phonebook` may be an array, bracketed text or absent. */
export type InboundRouteWire = Omit<InboundRoute, 'cid_to_phonebook'> & {
  cid_to_phonebook?: number[] | string;
};

/** Answer of inbound_route/query, routes normalised. */
export interface InboundRouteQueryResponse extends PbxSuccess {
  data: InboundRoute[];
}

/** What inbound_route/list and search sort by: `pos` is the order of the PBX's route table. */
export type InboundRouteSortBy = 'id' | 'pos' | 'name';

/** Query of inbound_route/list: paging and sorting, all optional. */
export type InboundRouteListParams = PbxListParams<InboundRouteSortBy>;

/** Query of inbound_route/search: the list's plus `search_value`. */
export type InboundRouteSearchParams = PbxSearchParams<InboundRouteSortBy>;

/**
 * A route as inbound_route/list and search show it (`Inroute_Info`, docs/pbx/configuration.md#inbound-routes).
 * The details (DIDs, trunks, callers) come from inbound_route/query by `id`.
 */
export interface InboundRouteSummary {
  id: number;
  /** The route's current position in the route list, 1 first. */
  pos: number;
  name: string;
  /** The route's default destination type: the same values as `def_dest` of inbound_route/query. */
  default_destination?: InboundRouteDestination;
  /** The default destination's value; the guide spells the field without the second `t`. */
  default_desination_value?: string;
  /** The route's current destination type, as the Software Edition's search page lists it. */
  current_destination?: InboundRouteDestination;
}

/** Answer of inbound_route/list and search: one page of routes. */
export interface InboundRouteListResponse extends PbxRowsResponse<InboundRouteSummary> {
  /** The last position in the whole route list (not only of this page or search). */
  last_pos: number;
}

/** Options of `inboundRoute.iterate()`: the list's sorting and the size of each page. */
export type InboundRouteIterateParams = Omit<InboundRouteListParams, 'page'>;
