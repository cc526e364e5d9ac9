// The value lists of the PBX's parameters (enums), named once: the operations' rules, the wire types and the
// simulator read them from here.

/** Call dispositions in CDRs and the cdr/search `status` filter. */
export const CDR_DISPOSITIONS = ['ANSWERED', 'NO ANSWER', 'BUSY', 'FAILED', 'VOICEMAIL'] as const;
/** AI transcription `last_status` adds ABANDONED. */
export const AI_CALL_STATUSES = [...CDR_DISPOSITIONS, 'ABANDONED'] as const;
/** Call types as CDRs and AI data spell them. */
export const CALL_TYPES = ['Inbound', 'Outbound', 'Internal'] as const;
/** Periods for message counters. */
export const MESSAGE_TIME_RANGES = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_month',
  'all',
] as const;
/**
 * Provisioning methods of phone/batchcreate: the Software Edition's page lists `pnp`, `dhcp`, `rps` and
 * `rps_fqdn`, the interface document the two onsite-proxy ones (docs/pbx/configuration.md#ip-phones). The PBX
 * refuses what its edition does not support (the Cloud Edition takes `rps` only); a client must not.
 */
export const PROVISIONING_METHODS = [
  'pnp',
  'dhcp',
  'rps',
  'rps_fqdn',
  'pnp_via_onsite_proxy',
  'dhcp_via_onsite_proxy',
] as const;
/** Monitoring modes of call/listen. */
export const LISTEN_TYPES = ['listen', 'whisper', 'barge'] as const;

/** What agent/pause and queue/agent_pause do. */
export const PAUSE_OPERATIONS = ['pause', 'unpause'] as const;

/**
 * Menus of system/get_menuoptions (docs/pbx/records.md#menu-options), every value any edition's guide lists.
 * `IVR` is the older English guide's spelling of `ivr`; both are accepted.
 */
export const MENU_OPTION_MENUS = [
  'fxs',
  'extension',
  'ext_group',
  'org_list',
  'trunk',
  'role',
  'phonebook',
  'group_vm',
  'ivr',
  'IVR',
  'call_flow',
  'ring_group',
  'queue',
  'queue_agent',
  'conference',
  'pinset',
  'system_prompt',
  'custom_prompt',
  'paging_custom_prompt',
  'disposition_code',
  'message_channel',
  'message_queue',
  'trunk_did_id',
] as const;

/**
 * Where a call note is changed from (callnotes/update `update_entry`): during the call, in the call log, during
 * a queue agent's wrap-up. The guide's example spells `in-call`; servers accept it too (quirks.ts).
 */
export const CALL_NOTE_UPDATE_ENTRIES = ['in_call', 'cdr', 'queue_agent'] as const;

/** Digit keys of an IVR menu, as they appear in field names (`press0_dest` ... `press_star_dest`). */
export const IVR_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '_hash', '_star'] as const;

/**
 * `dial_ext_option` values (docs/pbx/configuration.md#ivr): `disable` (callers may not dial extensions), `all`
 * (any extension), `allow` (only those of `dial_ext_list`), `restrict` (all but those of
 * `restrict_dial_ext_list`). The create page's table names only the two with a list; the IVR's read and edit
 * pages name all four, and the seeded IVRs use `disable` and `all`, so create takes all four too.
 */
export const IVR_DIAL_EXT_OPTIONS = ['disable', 'all', 'allow', 'restrict'] as const;

/** How a message queue hands sessions to agents. */
export const MESSAGE_QUEUE_ASSIGNMENT_MODES = ['none', 'auto', 'manual'] as const;
/** Menus of auto_provisioning/compatibility (docs/pbx/configuration.md#phone-options). */
export const PHONE_OPTION_MENUS = ['phone_vendor', 'phone_model', 'phone_template', 'autop_method'] as const;

/** Fields cdr/list sorts by (docs/pbx/records.md#cdr-list). */
export const CDR_LIST_SORT_FIELDS = [
  'id',
  'uid',
  'time',
  'duration',
  'ring_duration',
  'talk_duration',
  'disposition',
  'src_trunk',
  'dst_trunk',
  'call_type',
  'did_number',
  'dod_number',
  'src_addr',
] as const;

/** What queue/agent_login and agent/login do. */
export const AGENT_LOGIN_OPERATIONS = ['login', 'logout'] as const;
