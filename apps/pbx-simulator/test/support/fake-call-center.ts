/**
 * A small stand-in for the live call center, implementing the contract, so the protocol server can be
 * tested on its own: a fixed world, held inbound calls with accept/refuse, and a way to finish calls.
 */
import { PBX_ERRCODE } from '@switchboard/pbx-api';
import {
  SimError,
  type CallCenter,
  type CallCenterOptions,
  type FinishedCall,
  type HandlerTable,
  type WorldInfo,
} from '../../src/contracts.js';

export const FAKE_WORLD: WorldInfo = {
  extensions: Array.from({ length: 10 }, (_, i) => ({
    id: i + 1,
    number: String(1001 + i),
    name: `Agent ${i + 1}`,
  })),
  trunks: [
    { id: 1, name: 'carrier-a', type: 'SIP', controlled: true },
    { id: 2, name: 'carrier-b', type: 'SIP', controlled: false },
  ],
  inboundRoutes: [
    {
      id: 1,
      pos: 2,
      name: 'Sales line',
      did_patterns: ['5550001'],
      trunk_ids: [1],
      def_dest: 'queue',
      def_dest_value: '1',
    },
    {
      id: 2,
      pos: 1,
      name: 'Support line',
      did_patterns: ['_55500[2-9]X'],
      trunk_ids: [1, 2],
      def_dest: 'queue',
      def_dest_value: '2',
    },
  ],
  callerNumbers: Array.from({ length: 30 }, (_, i) => `5553${String(100 + i).padStart(6, '0')}`),
};

/** The fake plus hooks tests use. */
export interface FakeCallCenter extends CallCenter {
  options: CallCenterOptions;
  /** Sets the PBX clock (unix seconds); undefined = wall clock. */
  setNow(seconds: number | undefined): void;
  /** Reports a finished call to the record store with defaults for every field not given. */
  finish(call: Partial<FinishedCall>): FinishedCall;
  started: boolean;
  resets: number;
}

let callSeq = 0;

/** Builds the fake; pass it as `createCallCenter` to startSimulator. */
export function fakeCallCenter(options: CallCenterOptions): FakeCallCenter {
  let now: number | undefined;
  let rate = options.trafficRate;
  const held = new Map<string, { call_id: string; trunk: string }>();
  const handlers: HandlerTable = {
    'queue/agent_status': ({ params }) => ({
      total_number: 1,
      data: [
        {
          name: 'Agent 1',
          number: '1001',
          is_login: 1,
          is_pause: 0,
          call_status: 1, // idle
          pause_reason: '',
          agent_type: 'static',
          queue: params['id'],
        },
      ],
    }),
    'queue/list': () => ({ total_number: 0, queue_list: [] }),
    'queue/call_status': () => ({
      waiting_calls: 0,
      active_calls: 0,
      ringing_calls: 0,
      waiting_list: [],
      active_list: [],
      ringing_list: [],
    }),
    'queue_pause_reason/update': () => ({}),
    'agent/login': () => ({}),
    'agent/pause': () => ({}),
    'queue/agent_pause': () => ({}),
    'queue_pause_reason/list': () => ({ data: [] }),
    'call/query': () => ({ data: [] }),
    'call/accept_inbound': ({ params }) => {
      const call = held.get(String(params['channel_id']));
      if (!call) throw new SimError(PBX_ERRCODE.NOT_FOUND, 'NOT FOUND');
      held.delete(String(params['channel_id']));
      return { call_id: call.call_id };
    },
    'call/refuse_inbound': ({ params }) => {
      const call = held.get(String(params['channel_id']));
      if (!call) throw new SimError(PBX_ERRCODE.NOT_FOUND, 'NOT FOUND');
      held.delete(String(params['channel_id']));
      return { call_id: call.call_id };
    },
    'call/listen': () => ({ call_id: '1.1' }),
    'call/hangup': () => ({}),
    'extension/list': () => ({ total_number: 0, data: [] }),
    'uacsta_call/refuse': () => ({}),
    'conference/query_ongoing_conference': () => ({ data: [] }),
    'conference/kick_member': () => ({}),
    'conference/mute_member': () => ({}),
    'conference/invite_member': () => ({}),
    'conference/list': () => ({ total_number: 0, data: [] }),
    'queue/agent_login': () => ({}),
    'uacsta_call/hangup': () => ({}),
    'extension/search': () => ({ total_number: 0, data: [] }),
    'extension/get': ({ params }) => {
      throw new SimError(PBX_ERRCODE.NOT_FOUND, 'NOT FOUND', {
        detail: `no extension ${String(params['id'])}`,
      });
    },
    'extension/query': () => ({ data: [] }),
    'extension_status_monitor/list': () => ({ data: [] }),
    'system/capacity': () => ({
      data: { extension_capacity: 500, extension_used: 0, cc_capacity: 120, cc_used: 0 },
    }),
  };
  const fake: FakeCallCenter = {
    options,
    handlers,
    started: false,
    resets: 0,
    setNow: (seconds) => (now = seconds),
    finish: (partial) => {
      callSeq++;
      const timestamp = partial.timestamp ?? Math.floor(now ?? Date.now() / 1000);
      const call: FinishedCall = {
        call_id: `${timestamp}.${callSeq}`,
        timestamp,
        type: 'Inbound',
        disposition: 'ANSWERED',
        abandoned: false,
        call_from_number: '5553000100',
        call_from_name: '',
        call_to_number: '6400',
        call_to_name: 'Sales',
        ring_duration: 5,
        queue_wait: 5,
        talk_duration: 60,
        hold_duration: 0,
        duration: 65,
        src_trunk: 'carrier-a',
        dst_trunk: '',
        did_number: '5550001',
        queue_number: '6400',
        agent_number: '1001',
        recorded: true,
        ...partial,
      };
      options.records.recordCall(call);
      return call;
    },
    control: {
      holdInboundCall: ({ from, to, trunk_name }) => {
        const trunk = FAKE_WORLD.trunks.find((t) => t.name === trunk_name);
        if (!trunk?.controlled)
          throw new SimError(PBX_ERRCODE.NOT_FOUND, 'NOT FOUND', {
            detail: `trunk ${trunk_name} is not controlled`,
          });
        callSeq++;
        const call_id = `${Math.floor(Date.now() / 1000)}.${callSeq}`;
        const channel_id = `PJSIP/trunk-${trunk_name}-endpoint-${String(callSeq).padStart(8, '0')}`;
        held.set(channel_id, { call_id, trunk: trunk_name });
        options.events.publish(30016, {
          call_id,
          members: [{ inbound: { from, to, trunk_name, channel_id, member_status: 'ALERT', call_path: '' } }],
        });
        return { call_id, channel_id };
      },
      setTrafficRate: (r) => (rate = r),
      trafficRate: () => rate,
      setPhonesOnline: (extension) => {
        throw new SimError(PBX_ERRCODE.NOT_FOUND, 'NOT FOUND', {
          detail: `the fake call center has no phones (${extension})`,
        });
      },
      start: () => (fake.started = true),
      stop: () => (fake.started = false),
      reset: () => {
        fake.resets++;
        held.clear();
      },
      world: () => FAKE_WORLD,
      now: () => now ?? Date.now() / 1000,
    },
  };
  return fake;
}
