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
  parseAuditQuery,
  type PauseReasonsView,
  type AuditAction,
  type AuditEntryView,
  type KnownExtension,
  type HeldCallView,
  type MonitorView,
  type Result,
} from '@switchboard/live-protocol';
import { AuditFeed } from '../audit/audit-feed.js';
import { AuditService } from '../ports/audit.service.js';
import { hasRole, type Principal } from '../access/principal.js';
import { SocketSessionsService } from '../live/socket-sessions.service.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { HeldCallsService } from '../inbound/held-calls.service.js';
import type { LiveServer, LiveSocket } from '../live/socket-types.js';
import { MonitorService } from '../supervision/monitor.service.js';
import { AgentPauseService } from '../supervision/agent-pause.service.js';
import { SupervisionService } from '../supervision/supervision.service.js';
import { UacstaService } from '../uacsta/uacsta.service.js';
import { COMMAND_RELAY, type CommandRelay } from './command-relay.js';
import {
  SOCKET_COMMANDS,
  isLeaderCommand,
  type CommandsGatewayCommand,
  type LeaderCommand,
} from './socket-commands.js';
import { commandSpecs, type CommandSpec, type CommandSpecs } from './command-specs.js';

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
    this.specs = commandSpecs({ heldCalls, supervision, uacsta, monitors, pauses, audit });
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

  /** What each command does, by name (command-specs.ts). */
  private readonly specs: CommandSpecs;

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

  /**
   * A held-call decision made outside a socket: a notification's Accept / Refuse (alerts), whose action token
   * the caller checked and turned into `principal`. The same path as the socket command from there on: first
   * decision wins, scope, the leader carries it out, audited and counted.
   */
  async decideAs(principal: Principal, payload: unknown): Promise<Result<HeldCallView>> {
    const spec = this.specs['inbound:decide'];
    return this.finish(principal, 'inbound:decide', payload, spec, () => {
      const parsed = spec.parse(payload);
      if (!parsed.ok) return Promise.resolve(parsed);
      const handle = () => spec.handle(parsed.data, principal);
      return this.relay ? this.relay.run('inbound:decide', parsed.data, principal, handle) : handle();
    });
  }

  private run<C, T>(
    socket: LiveSocket,
    command: CommandsGatewayCommand,
    payload: unknown,
    spec: CommandSpec<C, T>,
  ): Promise<Result<T>> {
    return this.finish(this.sessions.principalOf(socket), command, payload, spec, () =>
      this.execute(socket, payload, spec, command),
    );
  }

  /** Carries a command out, then counts and audits it; nothing thrown reaches the caller. */
  private async finish<C, T>(
    principal: Principal | undefined,
    command: CommandsGatewayCommand,
    payload: unknown,
    spec: CommandSpec<C, T>,
    carryOut: () => Promise<Result<T>>,
  ): Promise<Result<T>> {
    const result = await carryOut().catch((error: unknown) => {
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
    payload: unknown,
    spec: CommandSpec<C, T>,
    command: CommandsGatewayCommand,
  ): Promise<Result<T>> {
    const { access } = SOCKET_COMMANDS[command];
    const admitted = await this.sessions.admitCommand(socket, access, `use ${command}; it needs a ${access}`);
    if (!admitted.ok) return admitted;
    const principal = admitted.data;
    const parsed = spec.parse(payload);
    if (!parsed.ok) return parsed;
    const handle = () => spec.handle(parsed.data, principal);
    return this.relay && isLeaderCommand(command)
      ? this.relay.run(command, parsed.data, principal, handle)
      : handle();
  }
}
