import { CALL_MEMBER_STATUSES } from '../resources/call.types.js';
import { AI_CALL_STATUSES, CALL_TYPES, CDR_DISPOSITIONS } from './operations.js';
import type { PbxOperationName } from './operations.js';

/**
 * What each operation answers, as data beside its rules: the fields of the interface's resource tables
 * (docs/pbx/*.md), as the typed client returns them (normalised where quirks.ts says so). The gateway's OpenAPI
 * document is made from these, and its completeness test holds real answers to them.
 */

interface ShapeBase {
  description?: string;
  /** The field may be absent (the documents say it is returned only sometimes, or omitted when empty). */
  optional?: boolean;
  nullable?: boolean;
}

/** A text field. */
export interface StringShape extends ShapeBase {
  type: 'string';
  enum?: readonly string[];
}

/** A number: whole (`integer`) or not. */
export interface NumberShape extends ShapeBase {
  type: 'integer' | 'number';
  enum?: readonly number[];
}

/** A list. */
export interface ArrayShape extends ShapeBase {
  type: 'array';
  items: ResponseShape;
}

/** An object; `open` when the documents cut its field list short, so more fields may come. */
export interface ObjectShape extends ShapeBase {
  type: 'object';
  fields: Readonly<Record<string, ResponseShape>>;
  open?: boolean;
}

/** The shape of an answer or of one of its fields. */
export type ResponseShape = StringShape | NumberShape | ArrayShape | ObjectShape;

const text = (description?: string): StringShape => ({
  type: 'string',
  ...(description ? { description } : {}),
});
const whole = (description?: string): NumberShape => ({
  type: 'integer',
  ...(description ? { description } : {}),
});
const oneOf = (values: readonly string[], description?: string): StringShape => ({
  ...text(description),
  enum: values,
});
const flag = (description?: string): NumberShape => ({ ...whole(description), enum: [0, 1] });
const listOf = (items: ResponseShape, description?: string): ArrayShape => ({
  type: 'array',
  items,
  ...(description ? { description } : {}),
});
const object = (fields: Record<string, ResponseShape>, open = false): ObjectShape => ({
  type: 'object',
  fields,
  ...(open ? { open } : {}),
});
/** The same shape, marked as possibly absent. */
const maybe = <S extends ResponseShape>(shape: S): S => ({ ...shape, optional: true });

/** errcode 0 and errmsg: every answer has them. */
const ENVELOPE = { errcode: { ...whole('0 on success'), enum: [0] }, errmsg: text('SUCCESS') };
/** An answer: the envelope and `fields`. */
const answer = (fields: Record<string, ResponseShape> = {}): ObjectShape =>
  object({ ...ENVELOPE, ...fields });
const done = answer();
const created = answer({ id: whole('ID of the new object') });
const rows = (row: ResponseShape, key = 'data') =>
  answer({ total_number: whole('rows in all pages'), [key]: listOf(row) });
const many = (row: ResponseShape, key = 'data') => answer({ [key]: listOf(row) });
const one = (item: ResponseShape, key = 'data') => answer({ [key]: item });

const numberRule = object({
  id: whole(),
  name: text(),
  limit_type: oneOf(['inbound', 'outbound', 'both']),
  number_list: text('numbers joined by &'),
});
const pinList = object({
  id: whole(),
  name: text(),
  pin_list: text('PINs joined by commas'),
  enb_record_cdr: flag('record PIN use in CDRs'),
});
const ivrSummary = object({
  id: whole(),
  number: text(),
  name: text(),
  dial_ext_option: oneOf(['disable', 'all', 'allow', 'restrict']),
  enb_dial_outb_routes: flag(),
  client_unique_ringtone: maybe(text()),
});
// docs/pbx/configuration.md#ivr: the detail table is cut after the key fields; the rest are create's fields.
const ivrDetail = object(
  {
    ...ivrSummary.fields,
    prompt: maybe(text('default, or custom prompt names joined by commas')),
    prompt_repeat: maybe(whole()),
    resp_timeout: maybe(whole('seconds')),
    digit_timeout: maybe(whole('seconds')),
    enb_dial_check_vm: maybe(flag()),
  },
  true,
);
const messageQueueMember = object({
  id: whole('agent entry ID'),
  extension_id: whole(),
  ext_num: text(),
  caller_id_name: text(),
});
const messageQueue = object({
  id: whole(),
  name: text(),
  members: listOf(messageQueueMember),
  assignment_mode: oneOf(['none', 'auto', 'manual']),
});
const phoneSummary = object({
  id: whole(),
  mac: text(),
  vendor: text(),
  model: text(),
  template_name: text(),
  ip: text('empty unless provisioned by PnP'),
  firmware: text(),
  assigned_ext_status: text('Registered or Unregistered'),
  assigned_ext_num: text('Unassigned when none'),
  assigned_ext_name: text('Unassigned when none'),
});
const phoneDetail = object({
  id: whole(),
  mac: text(),
  vendor: text(),
  model: text(),
  template_name: text(),
  provisioning_method: text('pnp, dhcp, rps, rps_fqdn'),
  provisioning_link: text(),
  enb_rps_auth: flag(),
  assigned_extension: text('extension ID'),
});
const option = object({ text: text('name'), value: text('ID or value, as text'), type: text() });
const menuOption = object({
  ...option.fields,
  item: maybe(listOf(object({ text: text(), value: text() }), 'sub-organisations (org_list only)')),
});
const dispositionCode = object({ id: whole(), name: text('label'), description: text() });
const callNote = object({
  id: text(),
  group_id: text(),
  disposition_code_list: listOf(dispositionCode),
  remark: text(),
  agent_name: text('extension user who added the note'),
  registration_time: whole('Unix seconds'),
  update_entry: text('in_call, cdr, new_cdr, queue_agent, or empty'),
});
const cdr = object({
  record_id: text('new_id, else the legacy id as text, else uid: the key that always exists (quirks.ts)'),
  id: maybe(whole('legacy CDRs only')),
  new_id: maybe(text()),
  time: maybe(text('PBX display format')),
  call_from: maybe(text()),
  call_to: maybe(text()),
  pin_code: maybe(text()),
  timestamp: maybe(whole('Unix seconds')),
  uid: maybe(text()),
  src_addr: maybe(text()),
  src_trunk: maybe(text()),
  dst_trunk: maybe(text()),
  duration: maybe(whole()),
  ring_duration: maybe(whole()),
  talk_duration: maybe(whole()),
  disposition: maybe(oneOf(CDR_DISPOSITIONS)),
  call_type: maybe(oneOf(CALL_TYPES)),
  did_number: maybe(text()),
  dod_number: maybe(text()),
  record_file: maybe(text()),
  reason: maybe(text('legacy CDRs only')),
  call_from_number: maybe(text()),
  call_from_name: maybe(text()),
  call_to_number: maybe(text()),
  call_to_name: maybe(text()),
  call_id: maybe(text()),
  call_note: maybe({ ...callNote, nullable: true }),
  call_note_id: maybe(text('empty when none')),
  enb_call_note: maybe(whole('0 = the note cannot be edited')),
  did: maybe(text()),
  did_name: maybe(text()),
});
const aiLeg = object({
  uid: text(),
  leg_id: text(),
  leg: whole(),
  time: text(),
  call_type: oneOf(CALL_TYPES),
  call_from: text(),
  call_to: text(),
  status: oneOf(AI_CALL_STATUSES),
  call_duration: whole('seconds'),
  ring_duration: whole('seconds'),
  talk_duration: whole('seconds'),
  hold_duration: whole('seconds'),
  ai_transcription: listOf(
    object({
      source_number: text('the speaker'),
      content: text(),
      timestamp: whole('ms'),
      duration: whole('s'),
    }),
  ),
  ai_summary: text(),
});
const recording = object({
  id: whole(),
  time: text(),
  uid: text('CDR ID of the call'),
  call_from: text(),
  call_to: text(),
  duration: whole(),
  size: whole('bytes'),
  call_type: oneOf(CALL_TYPES),
  file: text(),
  call_from_number: maybe(text()),
  call_from_name: maybe(text()),
  call_to_number: maybe(text()),
  call_to_name: maybe(text()),
  archive_status: maybe(text('success, failed, retry, jump_over, or empty')),
  archive_path: maybe(text()),
  archive_type: maybe(text()),
  file_path: maybe(text()),
});
const download = answer({
  file: text('file name'),
  download_resource_url: text('path of the file on the PBX'),
});
const phonebook = object({ id: whole(), name: text() });
const contact = object({
  id: whole(),
  ...Object.fromEntries(
    [
      'first_name',
      'last_name',
      'company',
      'email',
      'organization',
      'job_title',
      'position',
      'industry',
      'supervisor',
      'remark',
      'zip_code',
      'street',
      'city',
      'state',
      'country',
    ].map((name) => [name, maybe(text())]),
  ),
  phonebook_list: maybe(listOf(phonebook)),
  number_list: maybe(
    listOf(object({ num_type: text('business_number, mobile_number, ...'), number: text() })),
  ),
});
const contactRow = object({
  id: whole(),
  contact_name: text(),
  phonebook_list: maybe(listOf(phonebook)),
  ...Object.fromEntries(
    [
      'company',
      'email',
      'remark',
      'business',
      'business2',
      'mobile',
      'mobile2',
      'home',
      'home2',
      'business_fax',
      'home_fax',
      'other',
    ].map((name) => [name, maybe(text())]),
  ),
});
const channelSummary = object({
  id: whole(),
  status: text('status_connect_succ, status_connect_fail, status_sub_invalid'),
  reason: text('empty when connected'),
  name: text(),
  channel: text('provider'),
  type: text('sms, whatsapp, facebook, livechat'),
  number: listOf(text(), 'DIDs'),
  sent: whole(),
  delivered: whole(),
  failed: whole(),
  received: whole(),
});
const routingMember = object({ text: text(), text2: text(), value: text(), type: text() });
const channelDetail = object({
  id: whole(),
  name: text(),
  domain_type: text('fqdn or nat'),
  webhook_gid: text(),
  webhook_url: text(),
  type: text(),
  channel: text(),
  account_data: listOf(object({ k: text('key name'), v: text('secret value') }), 'provider connection data'),
  verify_token: text('secret'),
  phone_number_id: maybe(text()),
  business_account_id: maybe(text()),
  send_rate: whole('messages per second'),
  auto_close_session: flag(),
  session_expired_time: whole('days'),
  enb_duplicate_active_session: maybe(flag()),
  dids: listOf(
    object({
      id: whole(),
      omnichannel_id: whole(),
      did_number: text(),
      destination_id: text(),
      destination_number: text(),
      destination_name: text(),
      members: listOf(routingMember),
      destination_type: text('extension, queue, api'),
    }),
    'routing rules',
  ),
  accompanying_msg: maybe(text()),
});
const liveChat = object(
  {
    id: whole(),
    name: text(),
    type: oneOf(['livechat']),
    channel: oneOf(['livechat']),
    channel_number: text(),
    website_domain: text(),
    communication_method: { ...whole('1 chat only, 2 phone call and chat'), enum: [1, 2] },
    destination_type: text('extension, queue, api'),
  },
  true,
);
const sessionUser = object({
  user_id: whole(),
  user_no: text(),
  user_type: whole(),
  avatar: text(),
  username: text(),
});
const session = object({
  id: whole(),
  channel_type: text(),
  channel_name: text(),
  did_number: text(),
  to_number: text(),
  origin: text('campaign, or empty'),
  page_name: maybe(text()),
  website_domain: maybe(text()),
  pre_chat_form: maybe(
    object({
      name: maybe(text()),
      email: maybe(text()),
      phone: maybe(text()),
      first_name: maybe(text()),
      last_name: maybe(text()),
    }),
  ),
  user_info: sessionUser,
  participants: maybe(listOf(sessionUser, 'while assigned to a message queue and not picked up')),
});
// docs/pbx/configuration.md#message-sessions: the summary table is cut; last_msg_id is the paging cursor.
const sessionSummary = object(
  {
    id: whole(),
    type: text('sms, whatsapp, facebook, livechat'),
    is_close: flag(),
    is_archived: flag(),
    to: sessionUser,
    expire: whole('seconds left of the reply window; -1 never, 0 expired'),
    last_msg_id: whole(),
  },
  true,
);
// docs/pbx/configuration.md#messages-of-a-session: the sender's, files' and param's tables are cut.
const messageRecord = object(
  {
    session_id: whole(),
    msg_id: whole(),
    delivery_status: { ...whole('0 sending, 1 sent, 2 failed'), enum: [0, 1, 2] },
    // The simulator's sender fields; the guide's Sender_Info table is cut.
    sender: object(
      {
        user_id: whole(),
        user_no: text(),
        user_type: whole('1 extension user, 2 customer, 9 the API'),
        username: text(),
      },
      true,
    ),
    msg_kind: { ...whole('0 normal, 1 WhatsApp template'), enum: [0, 1] },
    msg_type: whole('0 message, 1/6 transferred, 2/3/7 closed, 4 unsupported, 5 picked up, 8 call'),
    msg_body: text(),
    msg_files: text('JSON text of an array of files'),
    send_time: whole('Unix seconds'),
    receive_time: whole('Unix seconds'),
    param: text('JSON text: transfer or call details'),
    send_error: text('empty unless sending failed'),
  },
  true,
);
const sessionMessages = object({ session_id: whole(), records: listOf(messageRecord) });
const inboundRoute = object(
  {
    id: whole(),
    name: text(),
    alert_info: maybe(text()),
    did_option: maybe(text('patterns, pattern_to_ext, range_to_ext, pattern_to_ext_list')),
    did_pattern_list: maybe(listOf(object({ id: whole(), did_pattern: text() }))),
    did_pattern_to_ext: maybe(text()),
    did_to_ext_start: maybe(text()),
    did_to_ext_end: maybe(text()),
    did_pattern_to_ext_list: maybe(
      listOf(object({ id: whole(), did_pattern: text(), did_pattern_to_ext: text('extension ID') })),
    ),
    cid_option: maybe(text('patterns or phonebook')),
    cid_pattern_list: maybe(listOf(object({ id: whole(), cid_pattern: text() }))),
    cid_to_phonebook: listOf(whole(), 'phonebook IDs, always a list here (quirks.ts)'),
    trunk_list: maybe(listOf(object({ id: whole(), name: text(), type: text() }))),
    def_dest: maybe(text('default destination type')),
    def_dest_prefix: maybe(text()),
    def_dest_value: maybe(text()),
    def_dest_ext_list: maybe(
      listOf(object({ value: text(), name: text(), number: text(), type: text('extension or ext_group') })),
    ),
    ringback_tone: maybe(text()),
  },
  true,
);
/** A route as inbound_route/list and search show it (Inroute_Info; the page's table is cut short). */
const inboundRouteRow = object(
  {
    id: whole(),
    pos: whole('the route’s position in the route list, 1 first'),
    name: text(),
    default_destination: maybe(text('default destination type, as def_dest of inbound_route/query')),
    default_desination_value: maybe(text('the default destination’s value (spelled so on the page)')),
    current_destination: maybe(text('the route’s current destination type (the page says no more)')),
  },
  true,
);
const inboundRouteRows = (total: string) =>
  answer({
    total_number: whole(total),
    last_pos: whole('the last position in the whole route list'),
    data: listOf(inboundRouteRow),
  });
const queueMember = object({
  text: text('name'),
  text2: text('extension number'),
  value: text('extension ID'),
  type: text(),
});
const queueCall = object({
  call_id: text(),
  caller_number: text(),
  caller_display_name: text(),
  callee_number: text(),
  callee_display_name: text(),
  duration: whole('seconds'),
});
const leg = (fields: Record<string, ResponseShape>) =>
  object({
    ...fields,
    channel_id: text(),
    member_status: text(CALL_MEMBER_STATUSES.join(', ')),
    call_path: text(),
  });
const trunkLeg = leg({ from: text(), to: text(), trunk_name: text() });
const callInfo = object({
  call_id: text(),
  members: listOf(
    object({
      extension: maybe(leg({ number: text() })),
      inbound: maybe(trunkLeg),
      outbound: maybe(trunkLeg),
    }),
    'each with one of extension, inbound, outbound',
  ),
});

// docs/pbx/configuration.md#online-status: `status` on every endpoint but SIP, `status_list` only while registered.
const sipRegistration = object(
  { status: maybe(whole('1 registered')), ip: maybe(text('address of the registered device')) },
  true,
);
const endpointStatus = object({
  status: maybe(flag('0 offline, 1 online; not given for sip_phone')),
  ext_dev_type: text('sip, linkusdesktop, linkusmobile, linkusweb, fxs'),
  status_list: maybe(listOf(sipRegistration, 'SIP registrations; only while one is registered')),
});
const extensionRow = object(
  {
    id: whole('what agent operations take as ext_id'),
    number: text(),
    caller_id_name: text(),
    presence_status: maybe(text('available, away, business_trip, do_not_disturb, lunch, off_work')),
    custom_presence_status: maybe(text('custom presence text (newer firmware)')),
    online_status: maybe(
      object({
        sip_phone: maybe(endpointStatus),
        linkus_desktop: maybe(endpointStatus),
        linkus_mobile: maybe(endpointStatus),
        linkus_web: maybe(endpointStatus),
        fxs_phone: maybe(endpointStatus),
      }),
    ),
    role_name: maybe(text()),
    email_addr: maybe(text()),
    mobile_number: maybe(text()),
  },
  true,
);
// docs/pbx/configuration.md#extensions: the settings tables of get and query are not published.
const extensionDetail = object({ id: whole(), number: text(), caller_id_name: maybe(text()) }, true);

/** Every operation's answer, as the typed client returns it. */
export const PBX_RESPONSES: Readonly<Partial<Record<PbxOperationName, ObjectShape | ArrayShape>>> = {
  get_token: answer({
    access_token: text(),
    access_token_expire_time: whole('seconds'),
    refresh_token: text(),
    refresh_token_expire_time: whole('seconds'),
  }),
  refresh_token: answer({
    access_token: text(),
    access_token_expire_time: whole('seconds'),
    refresh_token: text(),
    refresh_token_expire_time: whole('seconds'),
  }),
  del_token: done,

  'ivr/create': created,
  'ivr/list': rows(ivrSummary),
  'ivr/search': rows(ivrSummary),
  'ivr/get': one(ivrDetail),
  'ivr/query': many(ivrDetail),
  'ivr/update': done,
  'ivr/delete': done,

  'phone/batchcreate': done,
  'phone/batchupdate': done,
  'phone/search': rows(phoneSummary),
  'phone/get': one(phoneDetail),
  'phone/batchdelete': done,
  'phone/batchreprovision': done,
  'auto_provisioning/compatibility': many(option),

  'queue_pause_reason/update': done,
  'queue_pause_reason/list': many(object({ code: text('feature code, e.g. *01'), reason: text() })),

  'message_queue/create': created,
  'message_queue/list': rows(object({ id: whole(), name: text() }), 'list'),
  'message_queue/search': rows(object({ id: whole(), name: text() }), 'list'),
  'message_queue/get': one(messageQueue),
  'message_queue/query': many(messageQueue, 'list'),
  'message_queue/update': done,
  'message_queue/delete': done,

  'allow_numbers/create': created,
  'allow_numbers/list': rows(numberRule),
  'allow_numbers/search': rows(numberRule),
  'allow_numbers/get': one(numberRule),
  'allow_numbers/query': many(numberRule),
  'allow_numbers/update': done,
  'allow_numbers/delete': done,
  'block_numbers/create': created,
  'block_numbers/list': rows(numberRule),
  'block_numbers/search': rows(numberRule),
  'block_numbers/get': one(numberRule),
  'block_numbers/query': many(numberRule),
  'block_numbers/update': done,
  'block_numbers/delete': done,

  'pin_list/create': created,
  'pin_list/list': rows(pinList),
  'pin_list/search': rows(pinList),
  'pin_list/get': one(pinList),
  'pin_list/query': many(pinList),
  'pin_list/update': done,
  'pin_list/delete': done,

  'cdr/search': rows(cdr),
  'cdr/list': rows(cdr),
  'cdr/aidownload': listOf(
    aiLeg,
    'the AI transcription file, fetched with the gateway’s token: one item per call leg',
  ),
  'inbound_route/query': many(inboundRoute),
  'inbound_route/list': inboundRouteRows('routes in all pages'),
  'inbound_route/search': inboundRouteRows('routes matching search_value, in all pages'),
  'callnotes/get': answer({ history: listOf(callNote), current: callNote }),
  'callnotes/update': done,

  'message_channel/list': rows(channelSummary, 'list'),
  'message_channel/search': rows(channelSummary, 'list'),
  'message_channel/get': one(channelDetail),
  'message_channel/getlivechat': one(liveChat),
  'message_session/get': one(session, 'list'),
  'message_session/list': answer({ list: listOf(sessionSummary), total_number: maybe(whole()) }),
  'message_session/search': answer({ list: listOf(sessionSummary), total_number: maybe(whole()) }),
  'message_session/query': many(session, 'list'),
  'message/get': one(sessionMessages),
  'message/query': many(sessionMessages),

  'company_contact/query': many(contact),
  'company_contact/list': rows(contactRow),
  'company_contact/search': rows(contactRow),

  'recording/list': rows(recording),
  'recording/search': rows(recording),
  'recording/download': download,
  'system/information': one(
    object({
      device_name: text(),
      model_name: text(),
      sn: text(),
      hardware_version: text(),
      firmware_version: text(),
      system_time: text(),
      up_time: whole('seconds'),
      system_date_format: text(),
      system_time_format: text(),
      timestamp: whole('Unix seconds'),
    }),
  ),
  'system/get_menuoptions': many(menuOption),
  // docs/pbx/configuration.md#pbx-capacity
  'system/capacity': one(
    object(
      {
        extension_capacity: whole('extensions allowed'),
        extension_used: whole(),
        cc_capacity: whole('concurrent calls allowed'),
        cc_used: whole(),
        ai_transcription_onetime_capacity: maybe(whole('seconds')),
        ai_transcription_onetime_used: maybe(whole('seconds')),
        ai_transcription_pack_capacity: maybe(whole('seconds')),
        ai_transcription_pack_used: maybe(whole('seconds')),
        ai_receptionist_onetime_capacity: maybe(whole('seconds')),
        ai_receptionist_onetime_used: maybe(whole('seconds')),
        ai_receptionist_pack_capacity: maybe(whole('seconds')),
        ai_receptionist_pack_used: maybe(whole('seconds')),
      },
      true,
    ),
  ),

  'extension/list': rows(extensionRow),
  'extension/search': rows(extensionRow),
  'extension/get': one(extensionDetail),
  'extension/query': many(extensionDetail),
  'extension_status_monitor/list': many(
    object({
      ext_id: whole(),
      number: text(),
      name: text(),
      enb_register_status: flag('30007 is sent'),
      enb_call_status: flag('30008 is sent'),
      enb_presence_status: flag('30009 is sent'),
    }),
  ),
  'queue/list': rows(
    object({
      id: whole(),
      number: text(),
      name: text(),
      ring_strategy: maybe(text()),
      dynamic_agent_list: maybe(listOf(queueMember)),
      static_agent_list: maybe(listOf(queueMember)),
      manager_list: maybe(listOf(queueMember)),
    }),
    'queue_list',
  ),
  'queue/agent_status': rows(
    object({
      name: text(),
      number: text('extension number'),
      is_login: whole('1 logged in'),
      is_pause: whole('1 paused'),
      call_status: whole(
        '0 unknown, 1 idle, 2 in a call, 3 ringing, 4 ringing during a call, 5 held by the caller',
      ),
      pause_reason: text(),
      agent_type: oneOf(['dynamic', 'static']),
      max_threshold_for_pause_time: maybe(whole('seconds')),
      max_threshold_for_logout_time: maybe(whole('seconds')),
    }),
  ),
  'queue/call_status': answer({
    waiting_calls: whole(),
    active_calls: whole(),
    ringing_calls: whole(),
    waiting_list: listOf(queueCall),
    active_list: listOf(queueCall),
    ringing_list: listOf(queueCall),
  }),
  'agent/login': done,
  'queue/agent_login': done,
  'agent/pause': done,
  'queue/agent_pause': done,

  'call/query': many(callInfo),
  'call/accept_inbound': answer({ call_id: text() }),
  'call/refuse_inbound': answer({ call_id: text() }),
  'call/listen': answer({ call_id: text() }),
  'call/hangup': answer({ call_id: text() }),
  'uacsta_call/refuse': done,
  'uacsta_call/hangup': done,
  'conference/query_ongoing_conference': many(
    object({
      call_id: text(),
      conference_number: text(),
      conference_name: text(),
      members: listOf(
        object({
          from: text(),
          trunk_name: text('<no name> for extensions'),
          channel_id: text(),
          member_type: text('e.g. ext'),
          member_status: text(),
        }),
      ),
    }),
  ),
  'conference/kick_member': done,
  'conference/mute_member': done,
  'conference/invite_member': done,
  'conference/list': rows(
    object({
      id: whole(),
      name: text(),
      number: text(),
      moderator_list: listOf(
        object({
          id: text('extension or extension group ID, as text'),
          name: text(),
          type: oneOf(['extension', 'ext_group']),
        }),
      ),
    }),
  ),
};
