import { HttpException, Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayInit,
} from '@nestjs/websockets';
import {
  fail,
  ok,
  parseCallWatch,
  type ErrorCode,
  type Result,
  type SessionInfo,
} from '@switchboard/live-protocol';
import { PBX_EVENT } from '@switchboard/pbx-api';
import { SocketSessionsService } from '../live/socket-sessions.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import type { LiveServer, LiveSocket } from '../live/socket-types.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { callsFailure } from './call-failure.js';
import { CallWatchers, MAX_WATCHED_PER_SOCKET } from './call-watch.js';
import { CallsService } from './calls.service.js';

/** The end of the refusal a viewer or display link gets. */
const SEE_CALL_HISTORY = 'see call history';

/** What the leader tells the other gateways of a cluster when a note changed (30028 reaches the leader only). */
export const NOTE_CHANGED = 'calls:note-changed';

/** The server-to-server side of socket.io (the Redis adapter carries it between gateways). */
interface ServerSide {
  on(event: string, listener: (noteId: string, groupId: string) => void): unknown;
  serverSideEmit(event: string, noteId: string, groupId: string): unknown;
}

/** A REST-style failure (HttpException in the one shape) as a socket Result. */
function resultOf(error: unknown): Result<never> {
  const { exception } = callsFailure(error, 'the call');
  const body = exception.getResponse() as { error?: { code?: ErrorCode; message?: string } };
  return fail(
    body.error?.code ?? 'internal',
    body.error?.message ?? 'Something went wrong; it has been logged.',
  );
}

/**
 * Live call notes: a socket with a call's detail open sends `calls:watch {id}` and receives `call:note` when
 * the PBX announces a change of that call's note (30028), with the note read again from callnotes/get. The
 * access rule is the REST detail's: supervisors and admins (not viewers, not display links), and only a
 * call of the session's scope (403 otherwise, 404 for no such call). Reads, so not audited.
 */
@WebSocketGateway()
export class CallsWatchGateway implements OnGatewayInit, OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('CallsWatch');
  private readonly watchers = new CallWatchers<LiveSocket>();
  /** Sockets whose watches are dropped on disconnect already. */
  private readonly cleaned = new WeakSet<LiveSocket>();
  private off: (() => void) | undefined;
  /** Set with REDIS_URL: notes changed on the leader are announced to the other gateways. */
  private cluster: ServerSide | undefined;

  constructor(
    private readonly sessions: SocketSessionsService,
    private readonly calls: CallsService,
    private readonly pbx: PbxConnectionService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** With several gateways, each delivers a note change the leader announces to its own watching sockets. */
  afterInit(server: LiveServer): void {
    if (!this.config.redisUrl) return;
    this.cluster = server as unknown as ServerSide;
    this.cluster.on(
      NOTE_CHANGED,
      (noteId, groupId) => void this.noteChanged(String(noteId), String(groupId)),
    );
  }

  onModuleInit(): void {
    this.off = this.pbx.onEvent(PBX_EVENT.CALL_NOTE_STATUS_UPDATED, (event) => {
      const noteId = String(event.msg.call_note_id ?? '');
      const groupId = String(event.msg.group_id ?? '');
      void this.noteChanged(noteId, groupId);
      this.cluster?.serverSideEmit(NOTE_CHANGED, noteId, groupId);
    });
  }

  onModuleDestroy(): void {
    this.off?.();
  }

  @SubscribeMessage('calls:watch')
  async watch(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<{ watching: string }>> {
    const admitted = await this.admitWatchCommand(socket, payload);
    if (!admitted.ok) return admitted;
    const { session, id } = admitted.data;
    try {
      const { record } = await this.calls.find(session, id);
      const keys = {
        noteId: record.call_note_id || record.call_note?.id || '',
        groupId: record.call_note?.group_id || record.call_id || record.uid || '',
      };
      if (!this.watchers.add(socket, id, keys))
        return fail(
          'conflict',
          `A screen may follow at most ${MAX_WATCHED_PER_SOCKET} calls; close one first.`,
        );
      if (!this.cleaned.has(socket)) {
        this.cleaned.add(socket);
        socket.once('disconnect', () => this.watchers.forget(socket));
      }
      return ok({ watching: id });
    } catch (error) {
      if (!(error instanceof HttpException))
        this.log.warn({ msg: 'calls:watch failed', error: describePbxError(error) });
      return resultOf(error);
    }
  }

  @SubscribeMessage('calls:unwatch')
  async unwatch(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<{ watching: null }>> {
    const admitted = await this.admitWatchCommand(socket, payload);
    if (!admitted.ok) return admitted;
    this.watchers.remove(socket, admitted.data.id);
    return ok({ watching: null });
  }

  /** What watch and unwatch both check first: a supervisor who may see call history, and the call's id. */
  private async admitWatchCommand(
    socket: LiveSocket,
    payload: unknown,
  ): Promise<Result<{ session: SessionInfo; id: string }>> {
    const admitted = await this.sessions.admitCommand(socket, 'supervisor', SEE_CALL_HISTORY);
    if (!admitted.ok) return admitted;
    const parsed = parseCallWatch(payload);
    if (!parsed.ok) return parsed;
    return ok({ session: admitted.data.session, id: parsed.data.id });
  }

  /** 30028 here, or announced by the leader: reads the note once, sends it to every socket here watching the call. */
  private async noteChanged(noteId: string, groupId: string): Promise<void> {
    const targets = this.watchers.matching(noteId, groupId);
    const first = targets[0];
    if (!first) return;
    try {
      const note = await this.calls.readNote(noteId || first.keys.noteId, groupId || first.keys.groupId);
      for (const { socket, callId, keys } of targets) {
        if (noteId) keys.noteId = noteId;
        socket.emit('call:note', { callId, note });
      }
    } catch (error) {
      this.log.warn({ msg: 'changed call note not read', error: describePbxError(error) });
    }
  }
}
