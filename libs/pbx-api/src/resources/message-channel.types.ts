import type { MESSAGE_TIME_RANGES } from '../rules/operations.js';
import type { PbxSuccess } from '../types.js';
import type { KnownString } from './common.types.js';

/** Period the message counters of message_channel/list cover. */
export type MessageTimeRange = (typeof MESSAGE_TIME_RANGES)[number];

/** Query of message_channel/list (docs/pbx/configuration.md#message-channels); all three are required. */
export interface MessageChannelListParams {
  /** Page, from 1. */
  page: number;
  page_size: number;
  time_range: MessageTimeRange;
}

/** Options of `messageChannel.iterate()`: paging is handled for you; `page_size` defaults to 100. */
export interface MessageChannelIterateParams {
  page_size?: number;
  time_range: MessageTimeRange;
}

/** Connection state of a message channel. */
export type MessageChannelStatus = KnownString<
  'status_connect_succ' | 'status_connect_fail' | 'status_sub_invalid'
>;

/** A message channel as message_channel/list reports it, with counters for the requested period. */
export interface MessageChannelSummary {
  id: number;
  status: MessageChannelStatus;
  /** Why the connection failed (e.g. `reason_unauthorized`); empty when connected. */
  reason: string;
  name: string;
  /** Provider: `general`, `siptrunk`, `livechat`, a messenger app or an SMS provider identifier. */
  channel: string;
  /** `sms`, `livechat` or one of the messenger types. */
  type: string;
  /** DID numbers of the channel. */
  number: string[];
  sent: number;
  delivered: number;
  failed: number;
  received: number;
}

/** Answer of message_channel/list. */
export interface MessageChannelListResponse extends PbxSuccess {
  total_number: number;
  list: MessageChannelSummary[];
}

/** Query of message_channel/get. */
export interface MessageChannelGetParams {
  /** Channel ID (SMS, chat-app or social-page channels; live chat has its own query). */
  id: number;
}

/** One provider connection setting; the value is secret. */
export interface MessageChannelAuthInfo {
  /** Key field name. */
  k: string;
  v: string;
}

/** A member of a message routing destination. */
export interface MessageRoutingMember {
  /** Name. */
  text: string;
  /** Extension: its number; extension group: the group name; organization: empty. */
  text2: string;
  /** ID. */
  value: string;
  type: KnownString<'extension' | 'ext_group' | 'organization'>;
}

/** Where messages to one DID of the channel go. */
export interface MessageRouting {
  /** DID ID. */
  id: number;
  /** Channel ID. */
  omnichannel_id: number;
  did_number: string;
  destination_id: string;
  destination_number: string;
  destination_name: string;
  members: MessageRoutingMember[];
  /** `extension` user, message `queue`, or `api` (a third-party platform). */
  destination_type: KnownString<'extension' | 'queue' | 'api'>;
}

/** A message channel in detail (docs/pbx/configuration.md#message-channels). */
export interface MessageChannelDetail {
  id: number;
  name: string;
  /** Domain type used in the webhook URL. */
  domain_type: KnownString<'fqdn' | 'nat'>;
  webhook_gid: string;
  webhook_url: string;
  type: string;
  channel: string;
  account_data: MessageChannelAuthInfo[];
  /** Token for webhook verification. */
  verify_token: string;
  /** Chat-app channels only. */
  phone_number_id?: string;
  /** Chat-app channels only. */
  business_account_id?: string;
  /** Messages per second the PBX may send through the channel. */
  send_rate: number;
  /** 1: inactive sessions are closed after `session_expired_time` days. */
  auto_close_session: number;
  session_expired_time: number;
  /** SMS and chat-app channels only. 1: a new session with the same parties takes over the earlier one. */
  enb_duplicate_active_session?: number;
  dids: MessageRouting[];
  /** Accompanying text for chat files; one SMS provider only. */
  accompanying_msg?: string;
}

/** Answer of message_channel/get. */
export interface MessageChannelGetResponse extends PbxSuccess {
  data: MessageChannelDetail;
}

/** Query of message_channel/search: the list's (all required) plus a keyword matched in names and numbers. */
export interface MessageChannelSearchParams extends MessageChannelListParams {
  search_value?: string;
}

/** Query of message_channel/getlivechat. */
export interface MessageChannelGetLiveChatParams {
  /** ID of a channel whose `type` is `livechat` in list or search. */
  id: number;
}

/** A live chat channel in detail (docs/pbx/configuration.md#message-channels); the guide's table is cut after these. */
export interface MessageLiveChatChannel {
  id: number;
  name: string;
  type: 'livechat';
  channel: 'livechat';
  channel_number: string;
  /** The site embedding the chat widget. */
  website_domain: string;
  /** 1 chat only, 2 phone call and chat. */
  communication_method: 1 | 2;
  /** Where new chats go: an `extension`, a message `queue` or the `api`. */
  destination_type: KnownString<'extension' | 'queue' | 'api'>;
}

/** Answer of message_channel/getlivechat. */
export interface MessageChannelGetLiveChatResponse extends PbxSuccess {
  data: MessageLiveChatChannel;
}
