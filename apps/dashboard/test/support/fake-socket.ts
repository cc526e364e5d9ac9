import {
  parseStreamId,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type Delta,
  type Result,
  type SessionInfo,
  type Snapshot,
  type StreamId,
} from '@switchboard/live-protocol';
import type { LiveEvents, LiveSocketPort } from '../../src/socket/live-socket.js';

type CommandName = keyof ClientToServerEvents;
type Payload<E extends CommandName> = Parameters<ClientToServerEvents[E]>[0];
type Answer<E extends CommandName> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/** A command the page sent, with its payload. */
export interface SentCommand {
  event: CommandName;
  payload: unknown;
}

/** A supervisor session as the gateway announces it. */
export function sessionInfo(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    user: 'sup1',
    role: 'supervisor',
    queues: 'all',
    display: false,
    features: { listen: true, agentLogin: true, uacsta: true },
    holdWindowMs: 10_000,
    ...overrides,
  };
}

/**
 * An in-memory stand-in for the typed socket: records what the page sends, answers commands with
 * handlers the test installs (or leaves them unanswered to exercise timeouts), and plays the gateway's
 * side: connect, hello, snapshots, deltas, drops.
 */
export class FakeSocket implements LiveSocketPort {
  connected = false;
  active = false;
  readonly sent: SentCommand[] = [];
  connectCalls = 0;
  disconnectCalls = 0;
  /** What the page sent as handshake auth at the last connect(). */
  lastAuth: { token?: string } | undefined;
  private readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  private readonly handlers = new Map<string, (payload: unknown) => unknown>();
  private readonly unanswered: { event: CommandName; ack: (answer: unknown) => void }[] = [];

  /** The page's handshake auth callback (set by the socket factory). */
  auth: () => { token?: string } = () => ({});

  on<E extends keyof LiveEvents>(event: E, listener: LiveEvents[E]): void {
    const list = this.listeners.get(event) ?? [];
    list.push(listener as (...args: unknown[]) => void);
    this.listeners.set(event, list);
  }

  emit<E extends CommandName>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void {
    const [payload, ack] = args as unknown as [unknown, (answer: unknown) => void];
    this.sent.push({ event, payload });
    const handler = this.handlers.get(event);
    const answer = handler?.(payload);
    if (answer !== undefined) queueMicrotask(() => ack(answer));
    else this.unanswered.push({ event, ack });
  }

  /** Answers the oldest unanswered command of this kind (for tests that control timing). */
  reply<E extends CommandName>(event: E, answer: Answer<E>): void {
    const index = this.unanswered.findIndex((pending) => pending.event === event);
    if (index < 0) throw new Error(`no unanswered ${event} to reply to`);
    const [pending] = this.unanswered.splice(index, 1);
    pending?.ack(answer);
  }

  connect(): void {
    this.connectCalls += 1;
    this.active = true;
    this.lastAuth = this.auth();
  }

  disconnect(): void {
    this.disconnectCalls += 1;
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
  }

  /** Answers `event` with `answer(payload)`; return undefined to leave the command unanswered. */
  handle<E extends CommandName>(
    event: E,
    answer: (payload: Payload<E>) => Result<Answer<E> extends Result<infer T> ? T : never> | undefined,
  ): void {
    this.handlers.set(event, answer as (payload: unknown) => unknown);
  }

  /** The gateway accepts the connection and says hello. */
  open(
    session: SessionInfo = sessionInfo(),
    serverTime = Date.now(),
    protocol = PROTOCOL_VERSION,
    build = '',
  ): void {
    this.connected = true;
    this.active = true;
    this.fire('connect');
    this.fire('hello', { protocol, build, session, serverTime });
  }

  /** The network drops; socket.io would reconnect by itself (active stays true). */
  drop(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  /** The gateway refuses the handshake. */
  refuse(code: string, message: string): void {
    this.connected = false;
    this.active = false;
    this.fire('connect_error', { message, data: { code } });
  }

  /** Sends a server event to the page. */
  fire<E extends keyof LiveEvents>(event: E, ...args: Parameters<LiveEvents[E]>): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** The gateway sends the whole state of `stream` (of the kind its id names) at sequence `seq`. */
  snapshot(stream: StreamId, data: Snapshot['data'], seq = 1): void {
    this.fire('snapshot', { stream, kind: kindOf(stream), seq, data });
  }

  /** The gateway sends what changed in `stream` at sequence `seq`. */
  delta(stream: StreamId, patch: Delta['patch'], seq: number): void {
    this.fire('delta', { stream, kind: kindOf(stream), seq, patch });
  }

  /** Commands of one kind the page sent, oldest first. */
  sentOf<E extends CommandName>(event: E): Payload<E>[] {
    return this.sent
      .filter((command) => command.event === event)
      .map((command) => command.payload as Payload<E>);
  }

  listenerCount(event: keyof LiveEvents): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}

function kindOf(stream: StreamId): Snapshot['kind'] {
  const parsed = parseStreamId(stream);
  if (!parsed) throw new Error(`not a stream id: ${stream}`);
  return parsed.kind;
}

/** Lets pending promise callbacks and microtask acks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
