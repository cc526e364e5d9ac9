import type {
  AgentLoginCommand,
  AgentPauseCommand,
  PauseReasonsView,
  UnblockCommand,
  AuditQuery,
  DecideCommand,
  KickCommand,
  ListenCommand,
  ResyncCommand,
  SubscribeCommand,
  UacstaRefuseCommand,
} from './commands.js';
import type { Result } from './result.js';
import type { SessionInfo } from './session.js';
import type { Delta, Snapshot, StreamId } from './streams.js';
import type { AuditEntryView } from './audit.js';
import type { HeldCallView } from './views.js';
import type { KnownExtension, MonitorCheckCommand, MonitorView } from './monitor.js';
import type { CallNoteEvent, CallWatchCommand } from './calls.js';

/** Version of this contract; the gateway announces it and the dashboard refuses to run against another. */
export const PROTOCOL_VERSION = 2;

/** A socket.io acknowledgement callback carrying a {@link Result}. */
export type Ack<T> = (result: Result<T>) => void;

/** Events the gateway sends. */
export interface ServerToClientEvents {
  /**
   * First message of every connection. `build` names the dashboard build the gateway serves: a board page of
   * another build reloads itself at a quiet moment (nobody is there to press reload on a TV).
   */
  hello: (info: { protocol: number; build: string; session: SessionInfo; serverTime: number }) => void;
  snapshot: (snapshot: Snapshot) => void;
  delta: (delta: Delta) => void;
  /** A new audit entry this session may read; sent to sockets that asked for them with `audit:follow`. */
  'audit:entry': (entry: AuditEntryView) => void;
  /** The supervisor's running monitor, or null when none runs (sent on connect and on every change). */
  'monitor:state': (state: MonitorView | null) => void;
  /** A call this socket watches (`calls:watch`) has a new note revision (PBX event 30028). */
  'call:note': (event: CallNoteEvent) => void;
  /** The session's token expired or was revoked; the socket is closed next. */
  'session:expired': (info: { reason: string }) => void;
}

/** Commands a browser sends; every one is answered through its acknowledgement. */
export interface ClientToServerEvents {
  subscribe: (payload: SubscribeCommand, ack: Ack<{ granted: StreamId[]; denied: StreamId[] }>) => void;
  unsubscribe: (payload: SubscribeCommand, ack: Ack<{ streams: StreamId[] }>) => void;
  resync: (payload: ResyncCommand, ack: Ack<Snapshot>) => void;
  'inbound:decide': (payload: DecideCommand, ack: Ack<HeldCallView>) => void;
  'conference:kick': (payload: KickCommand, ack: Ack<{ kicked: string[] | 'all' }>) => void;
  'uacsta:refuse': (payload: UacstaRefuseCommand, ack: Ack<{ refused: true }>) => void;
  'agent:login': (payload: AgentLoginCommand, ack: Ack<{ done: true }>) => void;
  /** Pauses (with one of the PBX's reasons, optionally for a while) or unpauses an agent of the user's queues. */
  'agent:pause': (payload: AgentPauseCommand, ack: Ack<{ done: true }>) => void;
  /** The PBX's pause reasons, for the pause menu (cached by the gateway). */
  'agent:pause-reasons': (payload: Record<string, never>, ack: Ack<PauseReasonsView>) => void;
  /** Deletes the blocklist rule a refuse-and-block created, within BLOCK_UNDO_MS, by its decider or an admin. */
  'inbound:unblock': (payload: UnblockCommand, ack: Ack<HeldCallView>) => void;
  /** Rings the supervisor's extension into the agent's call; a running monitor of the user is replaced. */
  'call:listen': (payload: ListenCommand, ack: Ack<{ callId: string; monitor: MonitorView }>) => void;
  'audit:recent': (payload: AuditQuery, ack: Ack<AuditEntryView[]>) => void;
  /** Recent entries (as `audit:recent`), then each new one as `audit:entry` while the socket lives. */
  'audit:follow': (payload: AuditQuery, ack: Ack<AuditEntryView[]>) => void;
  /** Whether an extension exists on the PBX, before it is used to monitor from. */
  'monitor:check': (payload: MonitorCheckCommand, ack: Ack<KnownExtension>) => void;
  /** Sends `call:note` for this call while the socket lives (or until `calls:unwatch`); at most 20 calls. */
  'calls:watch': (payload: CallWatchCommand, ack: Ack<{ watching: string }>) => void;
  'calls:unwatch': (payload: CallWatchCommand, ack: Ack<{ watching: null }>) => void;
  /** Hangs up the supervisor's running monitor. */
  'call:monitor-stop': (
    payload: Record<string, never>,
    ack: Ack<{ stopped: true; monitor: MonitorView }>,
  ) => void;
}
