import { CALL_MEMBER_STATUSES } from '../resources/call.types.js';
import { AI_CALL_STATUSES, CALL_TYPES, CDR_DISPOSITIONS } from './operation-values.js';
import {
  text,
  whole,
  oneOf,
  flag,
  listOf,
  object,
  maybe,
  answer,
  type ResponseShape,
} from './response-shapes.js';
import { option } from './config-responses.js';

// What calls and their records look like in the PBX's answers: menus, call notes, CDRs, AI transcripts,
// recordings, queue members and calls, live calls, extensions.

export const menuOption = object({
  ...option.fields,
  item: maybe(listOf(object({ text: text(), value: text() }), 'sub-organisations (org_list only)')),
});
export const dispositionCode = object({ id: whole(), name: text('label'), description: text() });
export const callNote = object({
  id: text(),
  group_id: text(),
  disposition_code_list: listOf(dispositionCode),
  remark: text(),
  agent_name: text('extension user who added the note'),
  registration_time: whole('Unix seconds'),
  update_entry: text('in_call, cdr, new_cdr, queue_agent, or empty'),
});
export const cdr = object({
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
export const aiLeg = object({
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
export const recording = object({
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
export const download = answer({
  file: text('file name'),
  download_resource_url: text('path of the file on the PBX'),
});
export const queueMember = object({
  text: text('name'),
  text2: text('extension number'),
  value: text('extension ID'),
  type: text(),
});
export const queueCall = object({
  call_id: text(),
  caller_number: text(),
  caller_display_name: text(),
  callee_number: text(),
  callee_display_name: text(),
  duration: whole('seconds'),
});
export const leg = (fields: Record<string, ResponseShape>) =>
  object({
    ...fields,
    channel_id: text(),
    member_status: text(CALL_MEMBER_STATUSES.join(', ')),
    call_path: text(),
  });
export const trunkLeg = leg({ from: text(), to: text(), trunk_name: text() });
export const callInfo = object({
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
export const sipRegistration = object(
  { status: maybe(whole('1 registered')), ip: maybe(text('address of the registered device')) },
  true,
);
export const endpointStatus = object({
  status: maybe(flag('0 offline, 1 online; not given for sip_phone')),
  ext_dev_type: text('sip, linkusdesktop, linkusmobile, linkusweb, fxs'),
  status_list: maybe(listOf(sipRegistration, 'SIP registrations; only while one is registered')),
});
export const extensionRow = object(
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
export const extensionDetail = object({ id: whole(), number: text(), caller_id_name: maybe(text()) }, true);
