import type { PbxSuccess } from '../types.js';
import type { KnownString } from './common.types.js';

/** Query of message_session/get. */
export interface MessageSessionGetParams {
  /** Session ID. */
  id: number;
}

/** The pre-chat form a live chat visitor filled in. */
export interface MessageSessionPreChatForm {
  name?: string;
  email?: string;
  phone?: string;
  first_name?: string;
  last_name?: string;
}

/** The external customer of a session. */
export interface MessageSessionCustomer {
  /** Always 0. */
  user_id: number;
  user_no: string;
  user_type: number;
  /** Avatar ID. */
  avatar: string;
  username: string;
}

/** A message queue agent offered the session. */
export interface MessageSessionAgent {
  /** Extension ID. */
  user_id: number;
  /** Extension number. */
  user_no: string;
  user_type: number;
  avatar: string;
  /** Caller ID name. */
  username: string;
}

/** A message session (docs/pbx/configuration.md#message-sessions). */
export interface MessageSession {
  id: number;
  channel_type: string;
  channel_name: string;
  did_number: string;
  /** ID or phone number of the external customer. */
  to_number: string;
  /** May be empty. */
  origin: string;
  /** Social-page sessions only. */
  page_name?: string;
  /** Live chat sessions only: the site embedding the widget. */
  website_domain?: string;
  /** Live chat sessions only. */
  pre_chat_form?: MessageSessionPreChatForm;
  user_info: MessageSessionCustomer;
  /** Only while the session waits in a message queue, not yet picked up. */
  participants?: MessageSessionAgent[];
}

/** Answer of message_session/get: the session under `list`, as the PBX names it. */
export interface MessageSessionGetResponse extends PbxSuccess {
  list: MessageSession;
}

/** Channel types of a session. */
export type MessageSessionType = KnownString<'sms' | 'whatsapp' | 'facebook' | 'livechat'>;

/**
 * Query of message_session/list (docs/pbx/configuration.md#message-sessions). There is no `page`: the next
 * page starts after the last session of this one (`first_msg_id` = its `last_msg_id`).
 */
export type MessageSessionListParams = {
  page_size: number;
  /** `all` campaign and other sessions, `campaign` only; absent = non-campaign only. */
  collection?: 'all' | 'campaign';
  /** Cursor: the `last_msg_id` of the last session of the previous page. */
  first_msg_id?: number;
  /** 0 unarchived, 1 archived, 2 all. */
  is_archived?: 0 | 1 | 2;
  /** 0 open, 1 closed, 2 all. */
  is_closed?: 0 | 1 | 2;
  /** 0 all, 1 picked up, 2 not picked up. */
  is_pickup?: 0 | 1 | 2;
} & (
  | { /** An extension user's sessions. */ user_type: 1; user_no: string }
  | { /** The third-party message analytics platform: `api` or absent. */ user_type: 9; user_no?: string }
);

/** Query of message_session/search: the list's plus a keyword matched in customers and channel names. */
export type MessageSessionSearchParams = MessageSessionListParams & { search_value?: string };

/** A session as list and search show it (the guide's table is cut after `expire`; the rest is ours). */
export interface MessageSessionSummary {
  id: number;
  type: MessageSessionType;
  /** 1 closed. */
  is_close: 0 | 1;
  /** 1 archived. */
  is_archived: 0 | 1;
  /** The customer. */
  to: MessageSessionCustomer;
  /** Seconds left of the 24-hour reply window (WhatsApp, Facebook); -1 never expires, 0 expired. */
  expire: number;
  /** ID of the session's latest message: the cursor for the next page. */
  last_msg_id: number;
  channel_name: string;
  did_number: string;
}

/** Answer of message_session/list and search: rows under `list` (quirks.ts, 12). */
export interface MessageSessionListResponse extends PbxSuccess {
  list: MessageSessionSummary[];
  total_number?: number;
}

/** Answer of message_session/query: sessions in detail under `list`; unknown IDs are left out. */
export interface MessageSessionQueryResponse extends PbxSuccess {
  list: MessageSession[];
}

/** Query of message/get: a page of a session's messages, newest first, older than `last_msg_id` when given. */
export interface MessageGetParams {
  page_size: number;
  /** Session ID. */
  id: number;
  /** The earliest `msg_id` of the page before: this page holds older messages only. */
  last_msg_id?: number;
}

/** Query of message/query: the latest page of several sessions. */
export interface MessageQueryParams {
  page_size: number;
  /** Session IDs separated by commas. */
  ids: string;
}

/** Who sent a message (the guide's table is cut; these are the fields the simulator sends). */
export interface MessageSender {
  user_id: number;
  user_no: string;
  /** 1 extension user, 2 customer, 9 the API. */
  user_type: number;
  username: string;
}

/** One message (docs/pbx/configuration.md#messages-of-a-session). */
export interface MessageRecord {
  session_id: number;
  msg_id: number;
  /** 0 sending, 1 sent, 2 failed. */
  delivery_status: 0 | 1 | 2;
  sender: MessageSender;
  /** 0 normal, 1 WhatsApp template. */
  msg_kind: 0 | 1;
  /**
   * 0 user message; 1 transferred to an extension or the API; 2 closed manually; 3 closed automatically;
   * 4 unsupported type; 5 picked up; 6 transferred to a message queue; 7 closed by the visitor; 8 call-related.
   */
  msg_type: number;
  msg_body: string;
  /** A JSON text holding an array of file descriptions. */
  msg_files: string;
  /** Unix seconds. */
  send_time: number;
  /** Unix seconds. */
  receive_time: number;
  /** A JSON text: transfer details (msg_type 1, 6) or call details (8); empty otherwise. */
  param: string;
  /** Why sending failed (e.g. `send_fail`, `auth_fail`); empty when it did not. */
  send_error: string;
}

/** One session's messages. */
export interface SessionMessages {
  session_id: number;
  records: MessageRecord[];
}

/** Answer of message/get. */
export interface MessageGetResponse extends PbxSuccess {
  data: SessionMessages;
}

/** Answer of message/query. */
export interface MessageQueryResponse extends PbxSuccess {
  data: SessionMessages[];
}
