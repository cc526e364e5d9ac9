import { Logger } from '@nestjs/common';
import { Inject, Optional } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import {
  fail,
  ok,
  parseAgentLogin,
  parseAgentPause,
  parsePauseReasonsQuery,
  parseUnblock,
  parseAuditQuery,
  parseDecide,
  parseKick,
  parseListen,
  parseMonitorCheck,
  parseMonitorStop,
  parseUacstaRefuse,
  type AgentLoginCommand,
  type AgentPauseCommand,
  type PauseReasonsView,
  type UnblockCommand,
  type AuditAction,
  type AuditQuery,
  type AuditEntryView,
  type AuditFacts,
  type KnownExtension,
  type DecideCommand,
  type HeldCallView,
  type KickCommand,
  type ListenCommand,
  type MonitorView,
  type Result,
  type UacstaRefuseCommand,
} from '@switchboard/live-protocol';
import { AuditFeed } from '../audit/audit-feed.js';
import { AuditService } from '../audit/audit.service.js';
import { AuthService } from '../auth/auth.service.js';
import { hasRole, type Principal } from '../auth/principal.js';
import { SocketSessionsService } from '../auth/socket-sessions.service.js';
import { MetricsService } from '../health/metrics.service.js';
import { HeldCallsService } from '../inbound/held-calls.service.js';
import type { LiveServer, LiveSocket } from '../live/socket-types.js';
import { MonitorService } from '../supervision/monitor.service.js';
import { AgentPauseService, durationWords } from '../supervision/agent-pause.service.js';
import { SupervisionService } from '../supervision/supervision.service.js';
import { UacstaService } from '../uacsta/uacsta.service.js';
import { COMMAND_RELAY, type CommandRelay } from './command-relay.js';
import {
  SOCKET_COMMANDS,
  isLeaderCommand,
  type CommandAnswer,
  type CommandPayload,
  type CommandsGatewayCommand,
  type LeaderCommand,
} from './socket-commands.js';

/** How one command is read, described for the audit log and carried out. */
interface CommandSpec<C, T> {
  parse: (payload: unknown) => Result<C>;
  /** What the command acts on, for the audit log. */
  target: (command: C) => string;
  /** The queues that target belongs to, recorded with the entry: who may read it depends on them. */
  queues?: (command: C, result: Result<T>) => readonly number[] | undefined;
  /** Names and numbers the entry is about, for its sentence (live-protocol auditSentence). */
  facts?: (command: C, result: Result<T>) => AuditFacts;
  handle: (command: C, principal: Principal) => Promise<Result<T>>;
}

/** The spec of every command CommandsGateway handles, typed by the contract's payload and answer. */
type CommandSpecs = {
  [K in Exclude<CommandsGatewayCommand, 'audit:follow'>]: CommandSpec<CommandPayload<K>, CommandAnswer<K>>;
};

/** Runs a spec on a payload that arrived from another gateway: parsed (again) first. */
function forwardedRunner<C, T>(spec: CommandSpec<C, T>) {
  return (data: unknown, principal: Principal): Promise<Result<unknown>> => {
    const parsed = spec.parse(data);
    return parsed.ok ? spec.handle(parsed.data, principal) : Promise.resolve(parsed);
  };
}

/** What the audit log says about a successful answer. */
function okDetail(data: unknown): string {
  const view = data as Partial<HeldCallView> | null;
  if (view && typeof view === 'object' && typeof view.status === 'string')
    return [
      view.status,
      view.blocked ? 'number blocked' : '',
      view.unblockedBy ? 'block undone' : '',
      view.error ?? '',
    ]
      .filter(Boolean)
      .join('; ');
  return 'done';
}

/**
 * The supervisor commands of the socket contract (every ClientToServerEvents command except subscribe,
 * unsubscribe and resync, which LiveGateway handles). Each command: session still valid, per-connection
 * rate limit, payload validated with the live-protocol parser, role checked (viewers and display links are
 * refused), carried out, answered with a Result, audited and counted. Nothing thrown reaches a browser.
 * Relies on the handshake middleware of {@link SocketSessionsService} for each socket's principal.
 *
 * With several gateways, the commands that act on the PBX run on the leader (which holds the PBX
 * connection, the held calls and the desk-phone calls): checks, audit and metrics stay here, and only
 * carrying the command out is forwarded through the {@link CommandRelay}.
 */
@WebSocketGateway()
export class CommandsGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly log = new Logger('Commands');

  constructor(
    private readonly sessions: SocketSessionsService,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly metrics: MetricsService,
    private readonly heldCalls: HeldCallsService,
    private readonly uacsta: UacstaService,
    private readonly supervision: SupervisionService,
    private readonly monitors: MonitorService,
    private readonly auditFeed: AuditFeed,
    private readonly pauses: AgentPauseService,
    @Optional() @Inject(COMMAND_RELAY) private readonly relay?: CommandRelay,
  ) {
    relay?.serve((command, data, principal) =>
      isLeaderCommand(command)
        ? forwardedRunner(this.leaderSpec(command))(data, principal)
        : Promise.resolve(fail('invalid_payload', `${command} cannot be forwarded.`)),
    );
  }

  /** The spec of a command the leader carries out (every one of them is CommandsGateway's). */
  private leaderSpec(command: LeaderCommand): CommandSpec<unknown, unknown> {
    return this.specs[command] as CommandSpec<unknown, unknown>;
  }

  private readonly decideSpec: CommandSpec<DecideCommand, HeldCallView> = {
    parse: parseDecide,
    target: (c) => `${c.callId} (${c.decision})`,
    queues: (c, result) => {
      const queueId = result.ok ? result.data.queueId : this.heldCalls.shownQueueOf(c.callId);
      return queueId === undefined ? undefined : [queueId];
    },
    facts: (c, result) => {
      const call = result.ok ? result.data : this.heldCalls.shownCall(c.callId);
      return {
        decision: c.decision,
        ...(call
          ? {
              caller: call.from,
              line: call.trunk,
              ...(call.defaultDestination ? { destination: call.defaultDestination } : {}),
            }
          : {}),
      };
    },
    handle: (c, p) => this.heldCalls.decide(c, p.session),
  };

  private readonly kickSpec: CommandSpec<KickCommand, { kicked: string[] | 'all' }> = {
    parse: parseKick,
    target: (c) =>
      `conference ${c.conference}: ${c.members === 'all' ? 'all members' : c.members.join(', ')}`,
    facts: (c) => ({
      conference: c.conference,
      members: c.members === 'all' ? 'all' : `${c.members.length} member${c.members.length === 1 ? '' : 's'}`,
    }),
    handle: (c, p) => this.supervision.kick(c, p),
  };

  private readonly uacstaRefuseSpec: CommandSpec<UacstaRefuseCommand, { refused: true }> = {
    parse: parseUacstaRefuse,
    target: (c) => `extension ${c.extension} call ${c.callId}`,
    queues: (c) => this.supervision.queuesOf(c.extension),
    facts: (c) => this.agentFacts(c.extension),
    handle: (c, p) => {
      if (!p.session.features.uacsta)
        return Promise.resolve(fail('forbidden', 'This PBX does not offer uaCSTA.'));
      if (!this.supervision.mayActOnExtension(p.session, c.extension))
        return Promise.resolve(fail('forbidden', `Extension ${c.extension} is not an agent of your queues.`));
      return this.uacsta.refuse(c);
    },
  };

  private readonly agentLoginSpec: CommandSpec<AgentLoginCommand, { done: true }> = {
    parse: parseAgentLogin,
    target: (c) =>
      `extension ${c.extension} ${c.operation}${c.queueIds ? ` queues ${c.queueIds.join(', ')}` : ''}`,
    queues: (c) => c.queueIds ?? this.supervision.queuesOf(c.extension),
    facts: (c) => ({
      ...this.agentFacts(c.extension),
      operation: c.operation,
      ...(c.queueIds ? { queues: this.supervision.queueNames(c.queueIds) } : {}),
    }),
    handle: (c, p) => this.supervision.agentLogin(c, p),
  };

  private readonly listenSpec: CommandSpec<ListenCommand, { callId: string; monitor: MonitorView }> = {
    parse: parseListen,
    target: (c) => `${c.mode} ${c.agent} from ${c.monitor}`,
    queues: (c) => this.supervision.queuesOf(c.agent),
    facts: (c) => ({ ...this.agentFacts(c.agent), monitor: c.monitor, mode: c.mode }),
    handle: (c, p) => this.monitors.listen(c, p),
  };

  private readonly monitorStopSpec: CommandSpec<
    Record<string, never>,
    { stopped: true; monitor: MonitorView }
  > = {
    parse: parseMonitorStop,
    target: () => '',
    queues: (_c, result) => (result.ok ? this.supervision.queuesOf(result.data.monitor.agent) : undefined),
    facts: (_c, result) =>
      result.ok
        ? { ...this.agentFacts(result.data.monitor.agent), monitor: result.data.monitor.monitor }
        : {},
    handle: (_c, p) => this.monitors.stop(p),
  };

  /** A check reads the PBX's extensions and changes nothing: not audited. */
  private readonly monitorCheckSpec: CommandSpec<{ extension: string }, KnownExtension> = {
    parse: parseMonitorCheck,
    target: (c) => c.extension,
    handle: (c) => this.monitors.check(c.extension),
  };

  private readonly agentPauseSpec: CommandSpec<AgentPauseCommand, { done: true }> = {
    parse: parseAgentPause,
    target: (c) =>
      `extension ${c.extension} ${c.operation}${c.reason ? ` reason ${c.reason}` : ''}${
        c.durationSec ? ` for ${c.durationSec} s` : ''
      }${c.queueIds ? ` queues ${c.queueIds.join(', ')}` : ''}`,
    queues: (c) => c.queueIds ?? this.supervision.queuesOf(c.extension),
    facts: (c) => {
      const reason = [
        this.pauses.reasonText(c.reason) ?? c.reason,
        c.durationSec ? `for ${durationWords(c.durationSec)}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return { ...this.agentFacts(c.extension), operation: c.operation, ...(reason ? { reason } : {}) };
    },
    handle: (c, p) => this.pauses.pause(c, p),
  };

  /** A read of the PBX's pause reasons (cached): not audited. */
  private readonly pauseReasonsSpec: CommandSpec<Record<string, never>, PauseReasonsView> = {
    parse: parsePauseReasonsQuery,
    target: () => '',
    handle: () => this.pauses.reasonList(),
  };

  private readonly unblockSpec: CommandSpec<UnblockCommand, HeldCallView> = {
    parse: parseUnblock,
    target: (c) => `${c.callId} (undo block)`,
    queues: (c, result) => {
      const queueId = result.ok ? result.data.queueId : this.heldCalls.shownQueueOf(c.callId);
      return queueId === undefined ? undefined : [queueId];
    },
    facts: (c, result) => {
      const call = result.ok ? result.data : this.heldCalls.shownCall(c.callId);
      return call ? { caller: call.from, line: call.trunk } : {};
    },
    handle: (c, p) => this.heldCalls.unblock(c, p.session),
  };

  /** Only the entries the reader may see (supervisor-scope.ts: auditEntryInScope). */
  private readonly auditRecentSpec: CommandSpec<AuditQuery, AuditEntryView[]> = {
    parse: parseAuditQuery,
    target: () => '',
    handle: (c, p) => Promise.resolve(ok(this.audit.recent(c.limit, p.session))),
  };

  /** Every command's spec by name: a command of the table without one does not compile. */
  private readonly specs: CommandSpecs = {
    'inbound:decide': this.decideSpec,
    'inbound:unblock': this.unblockSpec,
    'conference:kick': this.kickSpec,
    'uacsta:refuse': this.uacstaRefuseSpec,
    'agent:login': this.agentLoginSpec,
    'agent:pause': this.agentPauseSpec,
    'agent:pause-reasons': this.pauseReasonsSpec,
    'call:listen': this.listenSpec,
    'call:monitor-stop': this.monitorStopSpec,
    'monitor:check': this.monitorCheckSpec,
    'audit:recent': this.auditRecentSpec,
  };

  /** An agent's extension and name, for the audit sentence. */
  private agentFacts(extension: string): AuditFacts {
    const name = this.supervision.agentName(extension);
    return { extension, ...(name ? { agentName: name } : {}) };
  }

  afterInit(server: LiveServer): void {
    // Both socket gateways install the handshake authentication they rely on, so neither depends on the
    // other having initialised; install() is once per server.
    this.sessions.install(server);
  }

  /** Every supervisor screen learns of its user's running monitor, now and whenever it changes. */
  handleConnection(socket: LiveSocket): void {
    const session = this.sessions.principalOf(socket)?.session;
    if (session && !session.display && hasRole(session.role, 'supervisor'))
      this.monitors.attach(socket, session.user);
  }

  @SubscribeMessage('inbound:decide')
  decide(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<HeldCallView>> {
    return this.run(socket, 'inbound:decide', payload, this.specs['inbound:decide']);
  }

  @SubscribeMessage('conference:kick')
  kick(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<{ kicked: string[] | 'all' }>> {
    return this.run(socket, 'conference:kick', payload, this.specs['conference:kick']);
  }

  @SubscribeMessage('uacsta:refuse')
  refuseUacsta(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<{ refused: true }>> {
    return this.run(socket, 'uacsta:refuse', payload, this.specs['uacsta:refuse']);
  }

  @SubscribeMessage('agent:login')
  agentLogin(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<{ done: true }>> {
    return this.run(socket, 'agent:login', payload, this.specs['agent:login']);
  }

  @SubscribeMessage('call:listen')
  listen(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<{ callId: string }>> {
    return this.run(socket, 'call:listen', payload, this.specs['call:listen']);
  }

  @SubscribeMessage('agent:pause')
  agentPause(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<{ done: true }>> {
    return this.run(socket, 'agent:pause', payload, this.specs['agent:pause']);
  }

  @SubscribeMessage('agent:pause-reasons')
  pauseReasons(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<PauseReasonsView>> {
    return this.run(socket, 'agent:pause-reasons', payload, this.specs['agent:pause-reasons']);
  }

  @SubscribeMessage('inbound:unblock')
  unblock(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<HeldCallView>> {
    return this.run(socket, 'inbound:unblock', payload, this.specs['inbound:unblock']);
  }

  @SubscribeMessage('call:monitor-stop')
  stopMonitor(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<{ stopped: true; monitor: MonitorView }>> {
    return this.run(socket, 'call:monitor-stop', payload, this.specs['call:monitor-stop']);
  }

  @SubscribeMessage('monitor:check')
  checkMonitor(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<KnownExtension>> {
    return this.run(socket, 'monitor:check', payload, this.specs['monitor:check']);
  }

  @SubscribeMessage('audit:follow')
  followAudit(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<AuditEntryView[]>> {
    return this.run(socket, 'audit:follow', payload, {
      parse: parseAuditQuery,
      target: () => '',
      // The same entries as audit:recent, then each new one this session may read (AuditFeed).
      handle: (c, p) => {
        this.auditFeed.follow(socket, p.session);
        return Promise.resolve(ok(this.audit.recent(c.limit, p.session)));
      },
    });
  }

  @SubscribeMessage('audit:recent')
  recentAudit(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() payload: unknown,
  ): Promise<Result<AuditEntryView[]>> {
    return this.run(socket, 'audit:recent', payload, this.specs['audit:recent']);
  }

  private async run<C, T>(
    socket: LiveSocket,
    command: CommandsGatewayCommand,
    payload: unknown,
    spec: CommandSpec<C, T>,
  ): Promise<Result<T>> {
    const principal = this.sessions.principalOf(socket);
    const result = await this.execute(socket, principal, payload, spec, command).catch((error: unknown) => {
      this.log.error({
        msg: 'command failed',
        command,
        error: error instanceof Error ? error.name : typeof error,
      });
      return fail<T>('internal', 'Something went wrong on the server; it has been logged.');
    });
    const code = result.ok ? 'ok' : result.error.code;
    this.metrics.commandResult(command, code);
    if (principal && SOCKET_COMMANDS[command].audited && code !== 'rate_limited') {
      const parsed = spec.parse(payload);
      const queues = parsed.ok ? spec.queues?.(parsed.data, result) : undefined;
      this.audit.record({
        user: principal.session.user,
        action: command as AuditAction,
        target: parsed.ok ? spec.target(parsed.data) : '',
        result: result.ok ? 'ok' : 'error',
        detail: result.ok ? okDetail(result.data) : `${result.error.code}: ${result.error.message}`,
        ...(queues && queues.length > 0 ? { queues: [...queues] } : {}),
        ...(parsed.ok && spec.facts ? { facts: spec.facts(parsed.data, result) } : {}),
      });
    }
    return result;
  }

  private async execute<C, T>(
    socket: LiveSocket,
    principal: Principal | undefined,
    payload: unknown,
    spec: CommandSpec<C, T>,
    command: CommandsGatewayCommand,
  ): Promise<Result<T>> {
    if (!principal) return fail('unauthorized', 'Sign in again.');
    if (!this.sessions.allowCommand(socket))
      return fail('rate_limited', 'Too many commands at once; wait a moment and try again.');
    if (!(await this.auth.isCurrent(principal))) {
      this.sessions.expire(socket, 'Your session has ended; sign in again.');
      return fail('unauthorized', 'Your session has ended; sign in again.');
    }
    const { session } = principal;
    if (session.display || !hasRole(session.role, 'supervisor'))
      return fail(
        'forbidden',
        `${session.display ? 'Display links' : 'Viewers'} cannot use ${command}; it needs a supervisor.`,
      );
    const parsed = spec.parse(payload);
    if (!parsed.ok) return parsed;
    const handle = () => spec.handle(parsed.data, principal);
    return this.relay && isLeaderCommand(command)
      ? this.relay.run(command, parsed.data, principal, handle)
      : handle();
  }
}
