import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Outcome label of a command. */
export type CommandOutcome = 'ok' | string;

/**
 * Prometheus metrics of the gateway, in a registry of its own (so several gateways in one test process
 * never clash). Other modules record through these methods; names and labels are fixed here.
 */
@Injectable()
export class MetricsService {
  /** The registry /metrics renders. */
  readonly registry = new Registry();

  private readonly pbxRequests = new Counter({
    name: 'switchboard_pbx_requests_total',
    help: 'Requests sent to the PBX, by operation.',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });
  private readonly pbxErrors = new Counter({
    name: 'switchboard_pbx_request_errors_total',
    help: 'PBX requests that failed, by operation and error kind (pbx, auth, transport, timeout, validation).',
    labelNames: ['operation', 'kind'] as const,
    registers: [this.registry],
  });
  private readonly pollDuration = new Histogram({
    name: 'switchboard_poll_duration_seconds',
    help: 'Time one poll took, budget waits included, by job kind and outcome.',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly clients = new Gauge({
    name: 'switchboard_connected_clients',
    help: 'Browser sockets connected now.',
    registers: [this.registry],
  });
  private readonly pushes = new Counter({
    name: 'switchboard_pushes_total',
    help: 'Snapshots and deltas pushed to browsers (a room broadcast counts once), by type and stream kind.',
    labelNames: ['type', 'stream'] as const,
    registers: [this.registry],
  });
  private readonly commands = new Counter({
    name: 'switchboard_command_results_total',
    help: 'Browser commands answered, by command and result (ok or the error code).',
    labelNames: ['command', 'result'] as const,
    registers: [this.registry],
  });
  private readonly logins = new Counter({
    name: 'switchboard_login_attempts_total',
    help: 'Password sign-ins by outcome: succeeded and failed were checked; throttled (limits), busy (every check slot taken) and malformed were not.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly adminReads = new Counter({
    name: 'switchboard_admin_pbx_reads_total',
    help: 'Admin PBX reads through POST /api/pbx (list, search, get, query, ...), by operation and result; they change nothing and are not audited.',
    labelNames: ['operation', 'result'] as const,
    registers: [this.registry],
  });
  private readonly pbxState = new Gauge({
    name: 'switchboard_pbx_link_state',
    help: 'PBX link health: 2 connected, 1 degraded, 0 down.',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'switchboard_' });
  }

  /** A request to the PBX was sent. */
  pbxRequest(operation: string): void {
    this.pbxRequests.inc({ operation });
  }

  /** A PBX request failed. */
  pbxError(operation: string, kind: string): void {
    this.pbxErrors.inc({ operation, kind });
  }

  /** A poll of `job` (queue, conferences, queue_list, cdr_rebuild) took `seconds`. */
  pollCompleted(job: string, seconds: number, outcome: 'ok' | 'error'): void {
    this.pollDuration.observe({ job, outcome }, seconds);
  }

  /** Sockets connected now. */
  connectedClients(count: number): void {
    this.clients.set(count);
  }

  /** A snapshot or a delta went out. */
  push(type: 'snapshot' | 'delta', stream: string): void {
    this.pushes.inc({ type, stream });
  }

  /** A command was answered. */
  commandResult(command: string, result: CommandOutcome): void {
    this.commands.inc({ command, result });
  }

  /** A password sign-in ended with `outcome`. */
  loginAttempt(outcome: 'succeeded' | 'failed' | 'throttled' | 'busy' | 'malformed'): void {
    this.logins.inc({ outcome });
  }

  /** An admin read a PBX operation that changes nothing (not audited). */
  adminPbxRead(operation: string, result: 'ok' | 'error'): void {
    this.adminReads.inc({ operation, result });
  }

  /** The PBX link state changed. */
  pbxLinkState(state: 'connected' | 'degraded' | 'down'): void {
    this.pbxState.set(state === 'connected' ? 2 : state === 'degraded' ? 1 : 0);
  }

  /** The Prometheus text exposition. */
  render(): Promise<string> {
    return this.registry.metrics();
  }
}
