import { describe, expect, it, vi } from 'vitest';
import type { QueueView, SessionInfo } from '@switchboard/live-protocol';
import { PbxApiError, type PbxClient } from '@switchboard/pbx-api';
import type { Principal } from '../access/principal.js';
import type { ConferencesService } from '../conferences/conferences.service.js';
import type { StreamHub } from '../live/stream-hub.service.js';
import type { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import type { QueuesService } from '../queues/queues.service.js';
import { testConfig } from '../../test/support/test-config.js';
import { activeChannelOf, dynamicAgentOf, SupervisionService } from './supervision.service.js';

const FEATURES = { listen: true, agentLogin: true, uacsta: true };

function principal(
  role: SessionInfo['role'],
  queues: number[] | 'all',
  extension: string | null = null,
): Principal {
  return {
    session: { user: 'u', role, queues, display: false, features: FEATURES, holdWindowMs: 10_000 },
    source: { kind: 'proxy' },
    extension,
  };
}

const QUEUE_LIST = {
  queue_list: [
    {
      id: 1,
      number: '6400',
      name: 'Sales',
      dynamic_agent_list: [{ text: 'A', text2: '1002', value: '2', type: 'extension' }],
    },
    {
      id: 2,
      number: '6401',
      name: 'Support',
      dynamic_agent_list: [{ text: 'A', text2: '1002', value: '2', type: 'extension' }],
    },
  ],
};

const CALLS = {
  data: [
    {
      call_id: '1.1',
      members: [
        {
          inbound: {
            from: '555',
            to: '800',
            trunk_name: 't',
            channel_id: 'PJSIP/t-1',
            member_status: 'ANSWERED',
            call_path: '6400',
          },
        },
        { extension: { number: '1002', channel_id: 'PJSIP/1002-7', member_status: 'ANSWER', call_path: '' } },
      ],
    },
  ],
};

function setup(env: Record<string, string> = {}) {
  const sent: { op: string; params: unknown }[] = [];
  const client = {
    call: {
      query: vi.fn(async (params: unknown) => (sent.push({ op: 'call/query', params }), CALLS)),
      listen: vi.fn(
        async (params: unknown) => (sent.push({ op: 'call/listen', params }), { call_id: '9.9' }),
      ),
    },
    queue: { list: vi.fn(async () => (sent.push({ op: 'queue/list', params: {} }), QUEUE_LIST)) },
    agent: {
      login: vi.fn(async (params: unknown) => (sent.push({ op: 'agent/login', params }), {})),
      logout: vi.fn(async (params: unknown) => (sent.push({ op: 'agent/logout', params }), {})),
    },
    conference: {
      kickMembers: vi.fn(async (number: string, members: unknown) => {
        sent.push({ op: 'kick', params: { number, members } });
        if (number === '0') throw new PbxApiError('conference/kick_member', 40004, 'NOT FOUND');
        return {};
      }),
    },
  };
  const pbx = {
    request: (_op: string, send: (c: PbxClient) => Promise<unknown>) => send(client as unknown as PbxClient),
  };
  const views: Record<number, Partial<QueueView>> = {
    1: { agents: [{ number: '1002' } as QueueView['agents'][number]] },
    2: { agents: [] },
  };
  const queues = { view: (id: number) => views[id] as QueueView | undefined };
  const refresh = vi.fn(async () => []);
  const hub = { queueCatalogue: () => [{ id: 1 }, { id: 2 }] };
  const service = new SupervisionService(
    testConfig(env),
    pbx as unknown as PbxConnectionService,
    queues as unknown as QueuesService,
    { refresh } as unknown as ConferencesService,
    hub as unknown as StreamHub,
  );
  return { service, sent, refresh };
}

describe('SupervisionService', () => {
  it('logs an agent out by extension id, narrowed to the supervisor’s queues', async () => {
    const { service, sent } = setup();
    const result = await service.agentLogin(
      { extension: '1002', operation: 'logout' },
      principal('supervisor', [1]),
    );
    expect(result).toEqual({ ok: true, data: { done: true } });
    expect(sent.at(-1)).toEqual({ op: 'agent/logout', params: { ext_id: 2, queue_ids: '1' } });
    await service.agentLogin({ extension: '1002', operation: 'login' }, principal('supervisor', 'all'));
    expect(sent.at(-1)).toEqual({ op: 'agent/login', params: { ext_id: 2 } });
    expect(sent.filter((s) => s.op === 'queue/list')).toHaveLength(1);
  });

  it('refuses agent log-in for queues outside the scope and for unknown agents', async () => {
    const { service } = setup();
    expect(
      await service.agentLogin(
        { extension: '1002', operation: 'login', queueIds: [2] },
        principal('supervisor', [1]),
      ),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(
      await service.agentLogin({ extension: '1999', operation: 'login' }, principal('admin', 'all')),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(
      await service.agentLogin({ extension: '1002', operation: 'login' }, principal('supervisor', [3])),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('kicks conference members, refreshes the view, and reports PBX refusals readably', async () => {
    const { service, refresh } = setup();
    const sup = principal('supervisor', 'all');
    expect(await service.kick({ conference: '6900', members: ['PJSIP/a'] }, sup)).toEqual({
      ok: true,
      data: { kicked: ['PJSIP/a'] },
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(await service.kick({ conference: '0', members: 'all' }, sup)).toMatchObject({
      ok: false,
      error: { code: 'pbx_error', message: expect.stringContaining('NOT FOUND') },
    });
  });

  it('lets only whole-PBX sessions kick unless CONFERENCE_ACCESS is signed-in', async () => {
    const { service, sent } = setup();
    expect(
      await service.kick({ conference: '6900', members: 'all' }, principal('supervisor', [1])),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(sent).toEqual([]);
    expect((await service.kick({ conference: '6900', members: 'all' }, principal('admin', [1]))).ok).toBe(
      true,
    );
    const wide = setup({ CONFERENCE_ACCESS: 'signed-in' });
    expect(
      (await wide.service.kick({ conference: '6900', members: 'all' }, principal('supervisor', [1]))).ok,
    ).toBe(true);
  });

  it('names the queues an extension is an agent of, for the audit log', () => {
    const { service } = setup();
    expect(service.queuesOf('1002')).toEqual([1]);
    expect(service.queuesOf('1999')).toEqual([]);
  });
});

describe('call and agent look-ups', () => {
  it('finds only channels in a call in progress', () => {
    expect(activeChannelOf(CALLS.data as never, '1002')).toBe('PJSIP/1002-7');
    const ringing = [
      {
        call_id: '1',
        members: [{ extension: { number: '1002', channel_id: 'c', member_status: 'RING', call_path: '' } }],
      },
    ];
    expect(activeChannelOf(ringing as never, '1002')).toBeUndefined();
  });

  it('maps an extension number to its id and dynamic queues', () => {
    expect(dynamicAgentOf(QUEUE_LIST.queue_list, '1002')).toEqual({ extId: 2, queueIds: [1, 2] });
    expect(dynamicAgentOf(QUEUE_LIST.queue_list, '1001')).toBeUndefined();
  });
});
