import type { KnownString, PbxCreatedResponse, PbxFlag } from './common.types.js';
import type { PbxByIdParams, PbxListParams, PbxSearchParams } from './editable.types.js';

/** An extension, extension group or organization callers may (or may not) dial from the IVR. */
export interface IvrExtEntry {
  /** ID of the extension, extension group or organization. */
  value: string;
  type: KnownString<'extension' | 'ext_group' | 'organization'>;
}

/** A ring group, queue or conference callers may dial from the IVR. */
export interface IvrCallNumberEntry {
  /** ID of the ring group, queue or conference. */
  value: string;
  type: KnownString<'ring_group' | 'queue' | 'conference'>;
}

/** An outbound route callers may use from the IVR. */
export interface IvrRouteEntry {
  /** Route name (informational). */
  text?: string;
  /** Outbound route ID. */
  value: string;
}

/** Destination types seen in the spec's samples; the full list is not published. */
export type IvrDestinationType = KnownString<'extension' | 'play_greeting' | 'external_num' | 'play_prompt'>;

/** Digit keys 0-9 as they appear in `press0_dest` ... `allow_out_record9`. */
export type IvrDigitKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** Where a key, the response timeout or invalid input sends the caller: `<prefix>_dest`, `_dest_prefix`, `_dest_value`. */
type IvrDestinationFields<P extends string> = {
  [K in `${P}_dest`]?: IvrDestinationType;
} & {
  [K in `${P}_dest_prefix` | `${P}_dest_value`]?: string;
};

/** Flags that stop recording once the call is routed to the key's destination. */
type IvrRecordFlags = {
  [
    K in `allow_out_record${IvrDigitKey}` | `allow_out_record_${'hash' | 'star' | 'timeout' | 'invalid'}`
  ]?: PbxFlag;
};

/**
 * Destinations of every IVR key: `pressX_dest`, `pressX_dest_prefix`, `pressX_dest_value` and
 * `allow_out_recordX` for X = 0-9, `press_hash_*`/`press_star_*` for # and *, and `timeout_*`/`invalid_*`
 * for the response timeout and invalid input. Prefix and value depend on the destination type
 * (extension: empty prefix, extension as value; play_greeting/play_prompt: repeat count and prompt file;
 * external_num: dial prefix and number).
 */
export type IvrKeyDestinations = IvrDestinationFields<`press${IvrDigitKey}` | 'press_hash' | 'press_star'> &
  IvrDestinationFields<'timeout' | 'invalid'> &
  IvrRecordFlags & {
    /**
     * @deprecated The spec's sample spelling of `allow_out_record_invalid`; still accepted, and the client
     * sends both spellings whichever you use.
     */
    allow_out_record_invaild?: PbxFlag;
  };

/** Fields of ivr/create that do not depend on other fields. */
export interface IvrCreateBase {
  /** IVR number. */
  number: string;
  name: string;
  /** Name of the IVR prompt. */
  prompt: string;
  /** How often the prompt is played at most, 1-5. */
  prompt_repeat: number;
  /** Seconds callers have to start input after the prompt, 1-10. */
  resp_timeout: number;
  /** Seconds allowed between two keys, 1-10. */
  digit_timeout: number;
  /** Alert-Info header so IP phones play a distinctive ringtone. */
  alert_info?: string;
  /** Distinctive ringtone on agents' softphone clients. */
  client_unique_ringtone?: string;
  /** Callers may dial ring group, queue and conference numbers. */
  enb_dial_call_number?: PbxFlag;
  dial_call_number_list?: IvrCallNumberEntry[];
  /** Callers may check voicemail. */
  enb_dial_check_vm?: PbxFlag;
}

/**
 * Whether callers may dial extensions: not at all (`disable`), any (`all`), or with a list, which is then
 * required (`allow` only those, `restrict` all but those).
 */
export type IvrDialExtensionFields =
  | {
      dial_ext_option: 'disable' | 'all';
      dial_ext_list?: IvrExtEntry[];
      restrict_dial_ext_list?: IvrExtEntry[];
    }
  | { dial_ext_option: 'allow'; dial_ext_list: IvrExtEntry[]; restrict_dial_ext_list?: IvrExtEntry[] }
  | { dial_ext_option: 'restrict'; restrict_dial_ext_list: IvrExtEntry[]; dial_ext_list?: IvrExtEntry[] };

/** Outbound routes callers may use: the list is required once the switch is on. */
export type IvrOutboundRouteFields =
  | { enb_dial_outb_routes: 1; dial_outb_route_list: IvrRouteEntry[] }
  | { enb_dial_outb_routes?: 0; dial_outb_route_list?: IvrRouteEntry[] };

/** Prompt management by feature code #9 (the spec spells it `manger`): a password is required once on. */
export type IvrPromptManagerFields =
  | { prompt_manger_enb: 1; prompt_manger_password: string }
  | { prompt_manger_enb?: 0; prompt_manger_password?: string };

/** Body of ivr/create (docs/pbx/configuration.md#ivr). Conditional requirements are part of the type. */
export type IvrCreateParams = IvrCreateBase &
  IvrDialExtensionFields &
  IvrOutboundRouteFields &
  IvrPromptManagerFields &
  IvrKeyDestinations;

/** Answer of ivr/create: the new IVR's ID. */
export type IvrCreateResponse = PbxCreatedResponse;

/** `dial_ext_option` as reads and updates know it: create takes only `allow` and `restrict`. */
export type IvrDialExtOption = 'disable' | 'all' | 'allow' | 'restrict';

/** An IVR as ivr/list and ivr/search show it (docs/pbx/configuration.md#ivr). */
export interface IvrSummary {
  id: number;
  number: string;
  name: string;
  dial_ext_option: IvrDialExtOption;
  enb_dial_outb_routes: PbxFlag;
  /** Newer firmware only. */
  client_unique_ringtone?: string;
}

/**
 * An IVR as ivr/get and ivr/query show it: the summary, the prompt settings, the extension and route lists,
 * and every key's destination (the fields of create; absent keys have no destination).
 */
export type IvrDetail = IvrSummary &
  Omit<IvrCreateBase, 'number' | 'name'> & {
    dial_ext_list?: IvrExtEntry[];
    restrict_dial_ext_list?: IvrExtEntry[];
    dial_outb_route_list?: IvrRouteEntry[];
    prompt_manger_enb?: PbxFlag;
  } & IvrKeyDestinations;

/** ivr/list: paging, sorted by `id`, `number` or `name`. */
export type IvrListParams = PbxListParams<'id' | 'number' | 'name'>;
/** ivr/search: the list's parameters plus a keyword matched in numbers and names. */
export type IvrSearchParams = PbxSearchParams<'id' | 'number' | 'name'>;

/**
 * ivr/update: the IVR's ID and any create field, all optional; `dial_ext_option` takes all four values, and
 * `allow` / `restrict` still need their list (docs/pbx/configuration.md#ivr).
 */
export type IvrUpdateParams = PbxByIdParams &
  Partial<IvrCreateBase> & {
    dial_ext_option?: IvrDialExtOption;
    dial_ext_list?: IvrExtEntry[];
    restrict_dial_ext_list?: IvrExtEntry[];
    enb_dial_outb_routes?: PbxFlag;
    dial_outb_route_list?: IvrRouteEntry[];
    prompt_manger_enb?: PbxFlag;
    prompt_manger_password?: string;
  } & IvrKeyDestinations;
