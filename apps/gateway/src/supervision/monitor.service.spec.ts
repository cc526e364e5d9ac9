import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MonitorView, SessionInfo } from '@switchboard/live-protocol';
import { PbxApiError, type PbxClient } from '@switchboard/pbx-api';
import type { Principal } from '../access/principal.js';
import type { LiveSocket } from '../live/socket-types.js';
import type { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { testConfig } from '../../test/support/test-config.js';
import { MONITOR_WATCH_MS, MonitorService } from './monitor.service.js';
import type { SupervisionService } from './supervision.service.js';

const FEATURES = { listen: true, agentLogin: true, uacsta: true };

function principal(role: SessionInfo['role'], extension: string | null = '2001'): Principal {
  return {
    session: { user: 'ana', role, queues: [1], display: false, features: FEATURES, holdWindowMs: 10_000 },
    source: { kind: 'proxy' },
    extension,
  };
}

const member = (number: string, channel: string, status = 'ANSWER') => ({
  extension: { number, channel_id: channel, member_status: status, call_path: '' },
});

function setup(env: Record<string, string> = {}) {
  const sent: { op: string; params: unknown }[] = [];
  /** Calls the PBX has now, by extension. */
  const calls = new Map<string, unknown[]>([
    ['1002', [{ call_id: '1.1', members: [member('1002', 'PJSIP/1002-7')] }]],
  ]);
  let listenFails = false;
  const client = {
    call: {
      query: vi.fn(async (params: { extension: string }) => {
        sent.push({ op: 'call/query', params });
        return { data: calls.get(params.extension) ?? [] };
      }),
      listen: vi.fn(async (params: { monitor: string }) => {
        sent.push({ op: 'call/listen', params });
        if (listenFails) throw new PbxApiError('call/listen', 40004, 'NOT FOUND');
        calls.set(params.monitor, [
          { call_id: '1.1', members: [member('1002', 'PJSIP/1002-7'), member(params.monitor, 'PJSIP/m-1')] },
        ]);
        return { call_id: '1.1' };
      }),
      hangup: vi.fn(async (params: unknown) => (sent.push({ op: 'call/hangup', params }), {})),
    },
    extension: {
      list: vi.fn(async () => {
        sent.push({ op: 'extension/list', params: {} });
        return {
          total_number: 3,
          data: [
            { id: 2, number: '1002', caller_id_name: 'Bo Ek' },
            { id: 11, number: '2001', caller_id_name: 'Ana Li' },
            { id: 12, number: '2002', caller_id_name: 'Cy Do' },
          ],
        };
      }),
    },
  };
  const pbx = {
    request: (_op: string, send: (c: PbxClient) => Promise<unknown>) => send(client as unknown as PbxClient),
  };
  const supervision = {
    mayActOnExtension: (_s: SessionInfo, ext: string) => ext === '1002',
    agentName: (ext: string) => (ext === '1002' ? 'Bo Ek' : null),
  };
  const service = new MonitorService(
    testConfig(env),
    pbx as unknown as PbxConnectionService,
    supervision as unknown as SupervisionService,
  );
  const states: (MonitorView | null)[] = [];
  const socket = {
    emit: (event: string, state: MonitorView | null) => event === 'monitor:state' && states.push(state),
    once: () => undefined,
  };
  service.attach(socket as unknown as LiveSocket, 'ana');
  return {
    service,
    sent,
    states,
    calls,
    failListen: () => (listenFails = true),
  };
}

afterEach(() => vi.useRealTimers());

describe('MonitorService', () => {
  it('checks the extension, listens on the agent’s channel and shows the monitor on the user’s screens', async () => {
    const { service, sent, states } = setup();
    const result = await service.listen(
      { agent: '1002', monitor: '2001', mode: 'whisper' },
      principal('supervisor'),
    );
    expect(result).toMatchObject({
      ok: true,
      data: {
        callId: '1.1',
        monitor: { agent: '1002', agentName: 'Bo Ek', monitor: '2001', mode: 'whisper' },
      },
    });
    expect(sent.map((s) => s.op)).toEqual(['extension/list', 'call/query', 'call/listen']);
    expect(states.at(0)).toBeNull();
    expect(states.at(-1)).toMatchObject({ agent: '1002', mode: 'whisper' });
    service.onModuleDestroy();
  });

  it('says which extension to fix when the profile’s or the override’s does not exist, asking nothing else', async () => {
    const { service, sent } = setup();
    const fromProfile = await service.listen(
      { agent: '1002', monitor: '2999', mode: 'listen' },
      principal('supervisor', '2999'),
    );
    expect(fromProfile).toMatchObject({
      ok: false,
      error: {
        code: 'not_found',
        message: expect.stringMatching(/^Your extension 2999 does not exist on the PBX; set yours/),
      },
    });
    const override = await service.listen(
      { agent: '1002', monitor: '3001', mode: 'listen' },
      principal('supervisor'),
    );
    expect(override).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Your extension 3001 does not exist on the PBX') },
    });
    expect(sent.map((s) => s.op)).toEqual(['extension/list']);
    expect(await service.check('2002')).toEqual({ ok: true, data: { number: '2002', name: 'Cy Do' } });
    expect(await service.check('3001')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses agents outside the scope and a PBX without the feature before asking the PBX', async () => {
    const { service, sent } = setup();
    expect(
      await service.listen({ agent: '1005', monitor: '2001', mode: 'listen' }, principal('supervisor')),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const off = setup({ PBX_FEATURE_LISTEN: 'false' });
    expect(
      await off.service.listen({ agent: '1002', monitor: '2001', mode: 'barge' }, principal('admin')),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect([...sent, ...off.sent]).toEqual([]);
  });

  it('words a PBX refusal as what to check, not as a fault of the agent’s call', async () => {
    const { service, failListen } = setup();
    failListen();
    const result = await service.listen(
      { agent: '1002', monitor: '2001', mode: 'listen' },
      principal('supervisor'),
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'pbx_error', message: expect.stringContaining('1002 may not allow being monitored') },
    });
  });

  it('switching mode hangs up the running monitor first; stop hangs it up and clears the bar', async () => {
    const { service, sent, states } = setup();
    await service.listen({ agent: '1002', monitor: '2001', mode: 'listen' }, principal('supervisor'));
    sent.length = 0;
    await service.listen({ agent: '1002', monitor: '2001', mode: 'barge' }, principal('supervisor'));
    expect(sent.map((s) => s.op)).toEqual(['call/query', 'call/query', 'call/hangup', 'call/listen']);
    expect(sent[2]?.params).toEqual({ channel_id: 'PJSIP/m-1' });
    expect(states.at(-1)).toMatchObject({ mode: 'barge' });
    expect(await service.stop(principal('supervisor'))).toMatchObject({ ok: true, data: { stopped: true } });
    expect(states.at(-1)).toBeNull();
    expect(await service.stop(principal('supervisor'))).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('clears the bar once the PBX shows the supervisor’s extension in no call', async () => {
    vi.useFakeTimers();
    const { service, states, calls } = setup();
    await service.listen({ agent: '1002', monitor: '2001', mode: 'listen' }, principal('supervisor'));
    await vi.advanceTimersByTimeAsync(MONITOR_WATCH_MS);
    expect(states.at(-1)).not.toBeNull();
    calls.delete('2001'); // the agent's call ended
    await vi.advanceTimersByTimeAsync(MONITOR_WATCH_MS);
    expect(states.at(-1)).toBeNull();
    service.onModuleDestroy();
  });
});
