/**
 * Sample values that several specs send or receive, shaped as the PBX's guide shows them. A spec that
 * needs a variant spreads one of these and changes what it tests.
 */
import type { CallInfo, CallNote, IvrCreateParams, PhoneBatchCreateParams } from '../../src/index.js';

/** An IVR with only the fields ivr/create requires: callers may dial extension 12. */
export const IVR_MENU = {
  number: '6200',
  name: 'Main menu',
  prompt: 'welcome',
  prompt_repeat: 3,
  resp_timeout: 5,
  digit_timeout: 3,
  dial_ext_option: 'allow',
  dial_ext_list: [{ value: '12', type: 'extension' }],
} satisfies IvrCreateParams;

/** A caller on a trunk, as a member of a call or of event 30016 (the guide's example). */
export const INBOUND_MEMBER = {
  inbound: {
    from: '5503301',
    to: '2002',
    trunk_name: 'peer-to-41',
    channel_id: 'PJSIP/trunk-peer-to-41-endpoint-000000b5',
    member_status: 'ALERT',
    call_path: ' ',
  },
};

/** An answered call from a trunk to extension 2002, as call/query lists it. */
export const CALL_INFO: CallInfo = {
  call_id: '1651057476.362',
  members: [
    { inbound: { ...INBOUND_MEMBER.inbound, member_status: 'ANSWERED', call_path: '' } },
    {
      extension: {
        number: '2002',
        channel_id: 'PJSIP/2002-00000013',
        member_status: 'ANSWER',
        call_path: '6400',
      },
    },
  ],
};

/** Two Yealink phones for extensions 12 and 13, provisioned through an onsite proxy. */
export const PHONE_BATCH: PhoneBatchCreateParams = {
  vendor: 'Yealink',
  model: 'T54W',
  phone_list: [
    { mac: '80:5E:C0:11:22:33', ext_id: 12 },
    { mac: '805ec0112234', ext_id: 13 },
  ],
  template_name: 'default',
  provisioning_method: 'pnp_via_onsite_proxy',
  onsite_proxy_uuid: 'b9d1c2a0-1111-4222-8333-944455556666',
  enb_rps_auth: 1,
};

/** A call note written during the call (text IDs, as event 30028 carries them). */
export const CALL_NOTE: CallNote = {
  id: '20250306093306-5E6B3',
  group_id: '1741224782.220',
  disposition_code_list: [{ id: 1, name: 'Sale', description: 'Closed a sale' }],
  remark: 'call back Monday',
  agent_name: 'Ann Lee',
  registration_time: 1741224800,
  update_entry: 'in_call',
};
