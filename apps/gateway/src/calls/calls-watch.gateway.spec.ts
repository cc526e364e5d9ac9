import { EventEmitter } from 'node:events';
import type { CallNoteView, SessionInfo } from '@switchboard/live-protocol';
import type { PbxEvent } from '@switchboard/pbx-api';
import { describe, expect, it, vi } from 'vitest';
import { SocketSessionsService } from '../live/socket-sessions.service.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import type { LiveServer, LiveSocket } from '../live/socket-types.js';
import type { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { CallsWatchGateway, NOTE_CHANGED } from './calls-watch.gateway.js';
import type { CallsService } from './calls.service.js';

const NOTE: CallNoteView = {
  current: { codes: ['Refund'], remark: 'called back', agent: 'Ana', at: 1, scenario: 'during the call' },
  history: [],
};
const session = (role: SessionInfo['role']) => ({ user: 'u', role, queues: 'all', display: false });

/** A gateway of the calls watch with fakes around it; `leader` gets the PBX's 30028. */
function watchGateway(redisUrl: string | null, role: SessionInfo['role'] = 'supervisor') {
  let on30028: ((event: PbxEvent) => void) | undefined;
  const pbx = {
    onEvent: (_type: number, handler: (event: PbxEvent) => void) => {
      on30028 = handler;
      return () => undefined;
    },
  };
  const calls = {
    find: vi.fn(async () => ({
      record: { record_id: '100', call_note_id: 'n1', call_id: 'g1' },
      summary: {},
    })),
    readNote: vi.fn(async () => NOTE),
  };
  const sessions = {
    principalOf: () => ({ session: session(role) }),
    allowCommand: () => true,
    expire: vi.fn(),
  };
  const auth = { isCurrent: async () => true };
  const server = Object.assign(new EventEmitter(), { serverSideEmit: vi.fn() });
  const gateway = new CallsWatchGateway(
    Object.assign(Object.create(SocketSessionsService.prototype) as object, sessions, {
      auth,
    }) as unknown as SocketSessionsService,
    calls as unknown as CallsService,
    pbx as unknown as PbxConnectionService,
    { redisUrl } as GatewayConfig,
  );
  gateway.afterInit(server as unknown as LiveServer);
  gateway.onModuleInit();
  const socket = () => Object.assign(new EventEmitter(), { emit: vi.fn() }) as unknown as LiveSocket;
  const pbxNoteEvent = () =>
    on30028?.({
      kind: 'known',
      type: 30028,
      msg: { call_note_id: 'n1', group_id: 'g1', display: 1 },
    } as unknown as PbxEvent);
  return { gateway, calls, server, socket, pbxNoteEvent };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('calls:watch and call:note', () => {
  it('sends a watching socket the note read again when 30028 names its note, and stops after unwatch', async () => {
    const { gateway, calls, socket, pbxNoteEvent } = watchGateway(null);
    const screen = socket();
    expect(await gateway.watch(screen, { id: '1795000000-100' })).toEqual({
      ok: true,
      data: { watching: '1795000000-100' },
    });
    pbxNoteEvent();
    await settle();
    expect(calls.readNote).toHaveBeenCalledWith('n1', 'g1');
    expect(screen.emit).toHaveBeenCalledWith('call:note', { callId: '1795000000-100', note: NOTE });
    await gateway.unwatch(screen, { id: '1795000000-100' });
    pbxNoteEvent();
    await settle();
    expect(calls.readNote).toHaveBeenCalledTimes(1);
  });

  it('refuses viewers, and reads nothing when nobody watches', async () => {
    const viewer = watchGateway(null, 'viewer');
    expect(await viewer.gateway.watch(viewer.socket(), { id: '1-100' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    viewer.pbxNoteEvent();
    await settle();
    expect(viewer.calls.readNote).not.toHaveBeenCalled();
  });

  it('in a cluster, the leader announces the change and another gateway delivers it to its own screens', async () => {
    const leader = watchGateway('redis://127.0.0.1:6379');
    const follower = watchGateway('redis://127.0.0.1:6379');
    const screen = follower.socket();
    await follower.gateway.watch(screen, { id: '1795000000-100' });
    leader.pbxNoteEvent();
    expect(leader.server.serverSideEmit).toHaveBeenCalledWith(NOTE_CHANGED, 'n1', 'g1');
    // What the Redis adapter does with it: the other gateways' servers receive the event.
    follower.server.emit(NOTE_CHANGED, 'n1', 'g1');
    await settle();
    expect(screen.emit).toHaveBeenCalledWith('call:note', { callId: '1795000000-100', note: NOTE });
    // Without a cluster nothing is announced (the in-memory adapter has no server-side emit).
    const single = watchGateway(null);
    single.pbxNoteEvent();
    expect(single.server.serverSideEmit).not.toHaveBeenCalled();
  });
});
