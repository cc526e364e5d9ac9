import type { PbxSuccess } from '../types.js';

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
