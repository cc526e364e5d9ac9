import { text, whole, oneOf, flag, listOf, object, maybe, answer } from './response-shapes.js';

// What configuration objects look like in the PBX's answers: rules, PIN lists, IVRs, message queues, phones,
// contacts, message channels and sessions, inbound routes.

export const numberRule = object({
  id: whole(),
  name: text(),
  limit_type: oneOf(['inbound', 'outbound', 'both']),
  number_list: text('numbers joined by &'),
});
export const pinList = object({
  id: whole(),
  name: text(),
  pin_list: text('PINs joined by commas'),
  enb_record_cdr: flag('record PIN use in CDRs'),
});
export const ivrSummary = object({
  id: whole(),
  number: text(),
  name: text(),
  dial_ext_option: oneOf(['disable', 'all', 'allow', 'restrict']),
  enb_dial_outb_routes: flag(),
  client_unique_ringtone: maybe(text()),
});
// docs/pbx/configuration.md#ivr: the detail table is cut after the key fields; the rest are create's fields.
export const ivrDetail = object(
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
export const messageQueueMember = object({
  id: whole('agent entry ID'),
  extension_id: whole(),
  ext_num: text(),
  caller_id_name: text(),
});
export const messageQueue = object({
  id: whole(),
  name: text(),
  members: listOf(messageQueueMember),
  assignment_mode: oneOf(['none', 'auto', 'manual']),
});
export const phoneSummary = object({
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
export const phoneDetail = object({
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
export const option = object({ text: text('name'), value: text('ID or value, as text'), type: text() });
export const phonebook = object({ id: whole(), name: text() });
export const contact = object({
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
export const contactRow = object({
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
export const channelSummary = object({
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
export const routingMember = object({ text: text(), text2: text(), value: text(), type: text() });
export const channelDetail = object({
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
export const liveChat = object(
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
export const sessionUser = object({
  user_id: whole(),
  user_no: text(),
  user_type: whole(),
  avatar: text(),
  username: text(),
});
export const session = object({
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
export const sessionSummary = object(
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
export const messageRecord = object(
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
export const sessionMessages = object({ session_id: whole(), records: listOf(messageRecord) });
export const inboundRoute = object(
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
export const inboundRouteRow = object(
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
export const inboundRouteRows = (total: string) =>
  answer({
    total_number: whole(total),
    last_pos: whole('the last position in the whole route list'),
    data: listOf(inboundRouteRow),
  });
