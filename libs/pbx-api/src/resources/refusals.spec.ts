import { describe, expect, it } from 'vitest';
import {
  PbxValidationError,
  type AllowNumbersCreateParams,
  type CallListenParams,
  type CallNoteGetParams,
  type CallQueryParams,
  type CompanyContactQueryParams,
  type ConferenceInviteMemberParams,
  type ConferenceKickMemberParams,
  type FieldViolation,
  type IvrCreateParams,
  type MessageChannelListParams,
  type MessageQueueCreateParams,
  type PbxClient,
  type PhoneBatchCreateParams,
  type PhoneBatchUpdateParams,
  type SystemMenuOptionsParams,
} from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';
import { CALL_NOTE, IVR_MENU, PHONE_BATCH } from '../../test/support/samples.js';

type Call = (pbx: PbxClient) => Promise<unknown>;

/** Bad requests as callers write them (cast where the types forbid them), and the violations named. */
const REFUSALS: [name: string, call: Call, violations: Partial<FieldViolation>[]][] = [
  [
    'agent.login: a pause threshold between 1 and 9 seconds',
    (pbx) => pbx.agent.login({ ext_id: 12, max_threshold_for_pause_time: 9 }),
    [{ field: 'max_threshold_for_pause_time', rule: 'range' }],
  ],
  [
    'agent.pause: a pause of 1 to 9 seconds',
    (pbx) => pbx.agent.pause({ ext_id: 85, max_threshold_for_pause_time: 5 }),
    [{ field: 'max_threshold_for_pause_time', rule: 'range' }],
  ],
  [
    'queue.agentPause: an unknown operation',
    (pbx) => pbx.queue.agentPause({ ext_ids: '73', queue_id: 2, operation: 'stop' as 'pause' }),
    [{ field: 'operation', rule: 'enum' }],
  ],
  [
    'queue.agentLogin: a log-back-in time between 1 and 9',
    (pbx) =>
      pbx.queue.agentLogin({
        ext_ids: '21',
        queue_id: 1,
        operation: 'logout',
        max_threshold_for_logout_time: 5,
      }),
    [{ field: 'max_threshold_for_logout_time', rule: 'range' }],
  ],
  [
    'queue.agentLogin: is_paused other than 0 or 1',
    (pbx) => pbx.queue.agentLogin({ ext_ids: '1001', queue_id: 1, operation: 'login', is_paused: 2 as 1 }),
    [{ field: 'is_paused', rule: 'enum' }],
  ],
  [
    'queue.agentLogin: extension ids not separated by commas',
    (pbx) => pbx.queue.agentLogin({ ext_ids: '21;24', queue_id: 1, operation: 'login' }),
    [{ field: 'ext_ids', rule: 'format' }],
  ],
  [
    'queue.agentStatus: a missing id',
    (pbx) => pbx.queue.agentStatus({} as { id: number }),
    [{ field: 'id', rule: 'required' }],
  ],
  [
    'queue.agentStatus: an id that is not an integer',
    (pbx) => pbx.queue.agentStatus({ id: 'x' as unknown as number }),
    [{ field: 'id', rule: 'type' }],
  ],
  ['queue.list: page 0', (pbx) => pbx.queue.list({ page: 0 }), [{ field: 'page', rule: 'range' }]],
  [
    'extension.search: an unknown sort field',
    (pbx) => pbx.extension.search({ sort_by: 'role_name' as never }),
    [{ field: 'sort_by', rule: 'enum' }],
  ],
  ['extension.get: id 0', (pbx) => pbx.extension.get({ id: 0 }), [{ field: 'id', rule: 'range' }]],
  [
    'extension.query: ids not separated by commas',
    (pbx) => pbx.extension.query({ ids: '12;13' }),
    [{ field: 'ids', rule: 'format' }],
  ],
  [
    'call.query: no filter',
    (pbx) => pbx.call.query({} as CallQueryParams),
    [{ field: 'call_id|type|extension', rule: 'required' }],
  ],
  [
    'call.query: two filters',
    (pbx) => pbx.call.query({ call_id: '1.2', extension: '2002' } as unknown as CallQueryParams),
    [{ field: 'call_id|type|extension', rule: 'required' }],
  ],
  [
    'call.listen: an unknown type',
    (pbx) =>
      pbx.call.listen({
        monitor: '2001',
        channel_id: 'PJSIP/2002-00000013',
        type: 'spy',
      } as unknown as CallListenParams),
    [{ field: 'type', rule: 'enum' }],
  ],
  [
    'call.hangup: neither a channel nor a paging number',
    (pbx) => pbx.call.hangup({} as unknown as { channel_id: string }),
    [{ field: 'channel_id|paging_number' }],
  ],
  [
    'uacstaCall.hangup: an ip_address without a port, and a missing call id',
    (pbx) => pbx.uacstaCall.hangup({ extension: '2000', call_id: '', ip_address: '192.168.28.2' }),
    [
      { field: 'call_id', rule: 'required' },
      { field: 'ip_address', rule: 'format' },
    ],
  ],
  [
    'uacstaCall.refuse: an ip_address without a valid port',
    (pbx) => pbx.uacstaCall.refuse({ extension: '2000', call_id: '32789', ip_address: '192.168.28.2:70000' }),
    [{ field: 'ip_address', rule: 'format' }],
  ],
  [
    'conference.kickMember: a missing number and a malformed id list',
    (pbx) =>
      pbx.conference.kickMember({ member_channel_id: 'PJSIP/1,,PJSIP/2' } as ConferenceKickMemberParams),
    [
      { field: 'member_channel_id', rule: 'format' },
      { field: 'number', rule: 'required' },
    ],
  ],
  [
    'conference.inviteMember: an empty list',
    (pbx) => pbx.conference.inviteMember({ invitemembers: [], dialpermission: '1001', number: '6901' }),
    [{ field: 'invitemembers', rule: 'required' }],
  ],
  [
    'conference.inviteMember: an empty number',
    (pbx) =>
      pbx.conference.inviteMember({ invitemembers: ['1003', ''], dialpermission: '1001', number: '6901' }),
    [{ field: 'invitemembers[1]', rule: 'required' }],
  ],
  [
    'conference.inviteMember: comma-joined text',
    (pbx) =>
      pbx.conference.inviteMember({
        invitemembers: '1003,1004' as unknown as string[],
        dialpermission: '1001',
        number: '6901',
      }),
    [{ field: 'invitemembers', rule: 'type' }],
  ],
  [
    'conference.inviteMember: no dial permission',
    (pbx) =>
      pbx.conference.inviteMember({
        invitemembers: ['1003'],
        number: '6901',
      } as ConferenceInviteMemberParams),
    [{ field: 'dialpermission', rule: 'required' }],
  ],
  [
    'conference.list: a missing page_size',
    (pbx) => pbx.conference.list({ page: 1 } as never),
    [{ field: 'page_size', rule: 'required' }],
  ],
  [
    'conference.list: an unknown sort field',
    (pbx) => pbx.conference.list({ page: 1, page_size: 5, sort_by: 'id' } as never),
    [{ field: 'sort_by', rule: 'enum' }],
  ],
];

/** The same for configuration and records. */
const MORE_REFUSALS: typeof REFUSALS = [
  [
    'allowNumbers.create: numbers separated by commas and an unknown limit type',
    (pbx) =>
      pbx.allowNumbers.create({
        name: 'VIP',
        limit_type: 'all',
        number_list: '5551234,5555678',
      } as unknown as AllowNumbersCreateParams),
    [
      { field: 'limit_type', rule: 'enum' },
      { field: 'number_list', rule: 'format' },
    ],
  ],
  [
    'allowNumbers.update: a bad limit type and number list',
    (pbx) => pbx.allowNumbers.update({ id: 5, limit_type: 'all' as 'both', number_list: '1,2' }),
    [
      { field: 'limit_type', rule: 'enum' },
      { field: 'number_list', rule: 'format' },
    ],
  ],
  [
    'blockNumbers.create: an empty number list',
    (pbx) => pbx.blockNumbers.create({ name: 'x', limit_type: 'inbound', number_list: '' }),
    [{ field: 'number_list', rule: 'required' }],
  ],
  [
    'blockNumbers.delete: id 0',
    (pbx) => pbx.blockNumbers.delete({ id: 0 }),
    [{ field: 'id', rule: 'range' }],
  ],
  [
    'pinList.create: PINs that are not digits and a flag other than 0 or 1',
    (pbx) =>
      pbx.pinList.create({ name: 'x', pin_list: '1234,12a4', enb_record_cdr: 2 } as unknown as {
        name: string;
        pin_list: string;
      }),
    [
      { field: 'pin_list', rule: 'format' },
      { field: 'enb_record_cdr', rule: 'enum' },
    ],
  ],
  [
    'ivr.create: the deprecated spelling of the invalid-input flag, validated like the table spelling',
    (pbx) => pbx.ivr.create({ ...IVR_MENU, allow_out_record_invaild: 2 } as unknown as IvrCreateParams),
    [{ field: 'allow_out_record_invalid', rule: 'enum' }],
  ],
  [
    'ivr.create: a broken menu, naming every bad field',
    (pbx) =>
      pbx.ivr.create({
        ...IVR_MENU,
        prompt_repeat: 6,
        dial_ext_list: undefined,
        prompt_manger_enb: 1,
      } as unknown as IvrCreateParams),
    [
      { field: 'prompt_repeat', rule: 'range' },
      { field: 'dial_ext_list', rule: 'required' },
      { field: 'prompt_manger_password', rule: 'required' },
    ],
  ],
  [
    'messageQueue.create: an unknown assignment mode and an empty member list',
    (pbx) =>
      pbx.messageQueue.create({
        name: 'x',
        assignment_mode: 'round_robin',
        members: [],
      } as unknown as MessageQueueCreateParams),
    [
      { field: 'assignment_mode', rule: 'enum' },
      { field: 'members', rule: 'required' },
    ],
  ],
  [
    'phone.batchCreate: an onsite proxy with RPS and a MAC with mixed separators',
    (pbx) =>
      pbx.phone.batchCreate({
        ...PHONE_BATCH,
        provisioning_method: 'rps',
        phone_list: [{ mac: '80:5E-C0:11:22:33', ext_id: 12 }],
      } as unknown as PhoneBatchCreateParams),
    [
      { field: 'phone_list[0].mac', rule: 'format' },
      { field: 'onsite_proxy_uuid', rule: 'unknown' },
    ],
  ],
  [
    'phone.batchUpdate: an empty batch and a phone without id',
    (pbx) =>
      pbx.phone.batchUpdate({
        batch_id_list: [],
        phone_list: [{ mac: '805ec0112233', ext_id: 1 }],
      } as unknown as PhoneBatchUpdateParams),
    [
      { field: 'batch_id_list', rule: 'required' },
      { field: 'phone_list[0].id', rule: 'required' },
    ],
  ],
  [
    'queuePauseReason.update: a reason without text',
    (pbx) => pbx.queuePauseReason.update({ pause_reason_list: [{ code: '*801', reason: ' ' }] }),
    [{ field: 'pause_reason_list[0].reason', rule: 'required' }],
  ],
  [
    'cdr.search: a page_size above 10,000 and a malformed did filter',
    (pbx) => pbx.cdr.search({ page_size: 10_001, did: '5550000' }),
    [
      { field: 'page_size', rule: 'range' },
      { field: 'did', rule: 'format' },
    ],
  ],
  [
    'cdr.list: a page_size above 10,000',
    (pbx) => pbx.cdr.list({ page_size: 10_001 }),
    [{ field: 'page_size', rule: 'range' }],
  ],
  [
    'cdr.list: a field cdr/list cannot sort by',
    (pbx) => pbx.cdr.list({ sort_by: 'call_from' as never }),
    [{ field: 'sort_by', rule: 'enum' }],
  ],
  [
    'recording.list: an unknown sort field',
    (pbx) => pbx.recording.list({ sort_by: 'size' as 'id' }),
    [{ field: 'sort_by', rule: 'enum' }],
  ],
  [
    'recording.search: a display-format time',
    (pbx) => pbx.recording.search({ start_time: '2025/08/22 00:00:00' }),
    [{ field: 'start_time', rule: 'format' }],
  ],
  [
    'callNote.get: a missing group_id and an empty id',
    (pbx) => pbx.callNote.get({ id: '' } as unknown as CallNoteGetParams),
    [
      { field: 'id', rule: 'type' },
      { field: 'group_id', rule: 'required' },
    ],
  ],
  [
    'inboundRoute.query: ids that are not a comma-separated list of numbers',
    (pbx) => pbx.inboundRoute.query({ ids: '1,x' }),
    [{ field: 'ids', rule: 'format' }],
  ],
  [
    'inboundRoute.list: a sort_by the page does not name',
    (pbx) => pbx.inboundRoute.list({ sort_by: 'did' as never }),
    [{ field: 'sort_by', rule: 'enum' }],
  ],
  [
    'inboundRoute.search: page_size 0',
    (pbx) => pbx.inboundRoute.search({ page_size: 0 }),
    [{ field: 'page_size' }],
  ],
  [
    'messageChannel.list: an unknown time_range and a missing page',
    (pbx) =>
      pbx.messageChannel.list({
        page_size: 20,
        time_range: 'last_year',
      } as unknown as MessageChannelListParams),
    [
      { field: 'page', rule: 'required' },
      { field: 'time_range', rule: 'enum' },
    ],
  ],
  ['messageSession.get: id 0', (pbx) => pbx.messageSession.get({ id: 0 }), [{ field: 'id', rule: 'range' }]],
  [
    // The sample's spelling `id` is an alias of `ids` (quirks.ts, 2): checked by the same rule, named as
    // spelled.
    'companyContact.query: the ids the caller gave under the sample’s spelling, not the doubled wire form',
    (pbx) => pbx.companyContact.query({ id: '3;8' } as unknown as CompanyContactQueryParams),
    [{ field: 'id', rule: 'format' }],
  ],
  [
    'companyContact.query: ids not separated by commas',
    (pbx) => pbx.companyContact.query({ ids: '3;8' }),
    [{ field: 'ids', rule: 'format' }],
  ],
  [
    'system.menuOptions: an unknown menu',
    (pbx) => pbx.system.menuOptions({ menu: 'outbound_route' } as unknown as SystemMenuOptionsParams),
    [{ field: 'menu', rule: 'enum' }],
  ],
  [
    'system.menuOptions: queue_agent without its queue id',
    (pbx) => pbx.system.menuOptions({ menu: 'queue_agent' } as unknown as SystemMenuOptionsParams),
    [{ field: 'id', rule: 'required' }],
  ],
];

describe('each method refuses a bad request before sending anything', () => {
  it.each([...REFUSALS, ...MORE_REFUSALS])('%s', async (_name, call, violations) => {
    // A request that went out anyway would be answered with success, and the refusal expected below missed.
    const fake = new FakePbx().otherwise({ body: ok({}) });
    const error = await call(clientOn(fake)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PbxValidationError);
    expect(error).toMatchObject({ code: 'validation', violations });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('each method treats a list in the answer that is not an array as a transport error', () => {
  const cases: [name: string, answer: object, call: Call][] = [
    ['extension.statusMonitors: data', ok({ data: {} }), (pbx) => pbx.extension.statusMonitors()],
    [
      'queue.callStatus: waiting_list',
      ok({ waiting_list: 'nope' }),
      (pbx) => pbx.queue.callStatus({ id: 7 }),
    ],
    [
      'system.menuOptions: data',
      ok({ data: { text: 'x' } }),
      (pbx) => pbx.system.menuOptions({ menu: 'role' }),
    ],
    [
      'callNote.get: history',
      ok({ history: 'x', current: CALL_NOTE }),
      (pbx) => pbx.callNote.get({ id: 1, group_id: 1 }),
    ],
  ];
  it.each(cases)('%s', async (_name, answer, call) => {
    await expect(call(clientOn(new FakePbx().reply({ body: answer })))).rejects.toMatchObject({
      code: 'transport',
    });
  });
});
