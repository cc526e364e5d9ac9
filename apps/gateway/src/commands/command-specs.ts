import {
  fail,
  ok,
  parseAgentLogin,
  parseAgentPause,
  parseAuditQuery,
  parseDecide,
  parseKick,
  parseListen,
  parseMonitorCheck,
  parseMonitorStop,
  parsePauseReasonsQuery,
  parseUacstaRefuse,
  parseUnblock,
  type AgentLoginCommand,
  type AgentPauseCommand,
  type AuditEntryView,
  type AuditFacts,
  type AuditQuery,
  type DecideCommand,
  type HeldCallView,
  type KickCommand,
  type KnownExtension,
  type ListenCommand,
  type MonitorView,
  type PauseReasonsView,
  type Result,
  type UacstaRefuseCommand,
  type UnblockCommand,
} from '@switchboard/live-protocol';
import type { AuditService } from '../ports/audit.service.js';
import type { Principal } from '../access/principal.js';
import type { HeldCallsService } from '../inbound/held-calls.service.js';
import type { MonitorService } from '../supervision/monitor.service.js';
import { durationWords, type AgentPauseService } from '../supervision/agent-pause.service.js';
import type { SupervisionService } from '../supervision/supervision.service.js';
import type { UacstaService } from '../uacsta/uacsta.service.js';
import type { CommandAnswer, CommandPayload, CommandsGatewayCommand } from './socket-commands.js';

/** How one command is read, described for the audit log and carried out. */
export interface CommandSpec<C, T> {
  parse: (payload: unknown) => Result<C>;
  /** What the command acts on, for the audit log. */
  target: (command: C) => string;
  /** The queues that target belongs to, recorded with the entry: who may read it depends on them. */
  queues?: (command: C, result: Result<T>) => readonly number[] | undefined;
  /** Names and numbers the entry is about, for its sentence (live-protocol auditSentence). */
  facts?: (command: C, result: Result<T>) => AuditFacts;
  handle: (command: C, principal: Principal) => Promise<Result<T>>;
}

/**
 * The spec of every command CommandsGateway handles, typed by the contract's payload and answer
 * (audit:follow is built per socket, in the gateway).
 */
export type CommandSpecs = {
  [K in Exclude<CommandsGatewayCommand, 'audit:follow'>]: CommandSpec<CommandPayload<K>, CommandAnswer<K>>;
};

/** The services the commands act through. */
export interface CommandServices {
  heldCalls: HeldCallsService;
  supervision: SupervisionService;
  uacsta: UacstaService;
  monitors: MonitorService;
  pauses: AgentPauseService;
  audit: AuditService;
}

/**
 * What each socket command does: how it is parsed, what the audit log records of it and which service carries
 * it out. The checks every command shares (session, rate limit, role, forwarding, audit) are CommandsGateway's.
 */
export function commandSpecs(s: CommandServices): CommandSpecs {
  /** An agent's extension and name, for the audit sentence. */
  const agentFacts = (extension: string): AuditFacts => {
    const name = s.supervision.agentName(extension);
    return { extension, ...(name ? { agentName: name } : {}) };
  };

  const decideSpec: CommandSpec<DecideCommand, HeldCallView> = {
    parse: parseDecide,
    target: (c) => `${c.callId} (${c.decision})`,
    queues: (c, result) => {
      const queueId = result.ok ? result.data.queueId : s.heldCalls.shownQueueOf(c.callId);
      return queueId === undefined ? undefined : [queueId];
    },
    facts: (c, result) => {
      const call = result.ok ? result.data : s.heldCalls.shownCall(c.callId);
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
    handle: (c, p) => s.heldCalls.decide(c, p.session),
  };

  const kickSpec: CommandSpec<KickCommand, { kicked: string[] | 'all' }> = {
    parse: parseKick,
    target: (c) =>
      `conference ${c.conference}: ${c.members === 'all' ? 'all members' : c.members.join(', ')}`,
    facts: (c) => ({
      conference: c.conference,
      members: c.members === 'all' ? 'all' : `${c.members.length} member${c.members.length === 1 ? '' : 's'}`,
    }),
    handle: (c, p) => s.supervision.kick(c, p),
  };

  const uacstaRefuseSpec: CommandSpec<UacstaRefuseCommand, { refused: true }> = {
    parse: parseUacstaRefuse,
    target: (c) => `extension ${c.extension} call ${c.callId}`,
    queues: (c) => s.supervision.queuesOf(c.extension),
    facts: (c) => agentFacts(c.extension),
    handle: (c, p) => {
      if (!p.session.features.uacsta)
        return Promise.resolve(fail('forbidden', 'This PBX does not offer uaCSTA.'));
      if (!s.supervision.mayActOnExtension(p.session, c.extension))
        return Promise.resolve(fail('forbidden', `Extension ${c.extension} is not an agent of your queues.`));
      return s.uacsta.refuse(c);
    },
  };

  const agentLoginSpec: CommandSpec<AgentLoginCommand, { done: true }> = {
    parse: parseAgentLogin,
    target: (c) =>
      `extension ${c.extension} ${c.operation}${c.queueIds ? ` queues ${c.queueIds.join(', ')}` : ''}`,
    queues: (c) => c.queueIds ?? s.supervision.queuesOf(c.extension),
    facts: (c) => ({
      ...agentFacts(c.extension),
      operation: c.operation,
      ...(c.queueIds ? { queues: s.supervision.queueNames(c.queueIds) } : {}),
    }),
    handle: (c, p) => s.supervision.agentLogin(c, p),
  };

  const listenSpec: CommandSpec<ListenCommand, { callId: string; monitor: MonitorView }> = {
    parse: parseListen,
    target: (c) => `${c.mode} ${c.agent} from ${c.monitor}`,
    queues: (c) => s.supervision.queuesOf(c.agent),
    facts: (c) => ({ ...agentFacts(c.agent), monitor: c.monitor, mode: c.mode }),
    handle: (c, p) => s.monitors.listen(c, p),
  };

  const monitorStopSpec: CommandSpec<Record<string, never>, { stopped: true; monitor: MonitorView }> = {
    parse: parseMonitorStop,
    target: () => '',
    queues: (_c, result) => (result.ok ? s.supervision.queuesOf(result.data.monitor.agent) : undefined),
    facts: (_c, result) =>
      result.ok ? { ...agentFacts(result.data.monitor.agent), monitor: result.data.monitor.monitor } : {},
    handle: (_c, p) => s.monitors.stop(p),
  };

  /** A check reads the PBX's extensions and changes nothing: not audited. */
  const monitorCheckSpec: CommandSpec<{ extension: string }, KnownExtension> = {
    parse: parseMonitorCheck,
    target: (c) => c.extension,
    handle: (c) => s.monitors.check(c.extension),
  };

  const agentPauseSpec: CommandSpec<AgentPauseCommand, { done: true }> = {
    parse: parseAgentPause,
    target: (c) =>
      `extension ${c.extension} ${c.operation}${c.reason ? ` reason ${c.reason}` : ''}${
        c.durationSec ? ` for ${c.durationSec} s` : ''
      }${c.queueIds ? ` queues ${c.queueIds.join(', ')}` : ''}`,
    queues: (c) => c.queueIds ?? s.supervision.queuesOf(c.extension),
    facts: (c) => {
      const reason = [
        s.pauses.reasonText(c.reason) ?? c.reason,
        c.durationSec ? `for ${durationWords(c.durationSec)}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return { ...agentFacts(c.extension), operation: c.operation, ...(reason ? { reason } : {}) };
    },
    handle: (c, p) => s.pauses.pause(c, p),
  };

  /** A read of the PBX's pause reasons (cached): not audited. */
  const pauseReasonsSpec: CommandSpec<Record<string, never>, PauseReasonsView> = {
    parse: parsePauseReasonsQuery,
    target: () => '',
    handle: () => s.pauses.reasonList(),
  };

  const unblockSpec: CommandSpec<UnblockCommand, HeldCallView> = {
    parse: parseUnblock,
    target: (c) => `${c.callId} (undo block)`,
    queues: (c, result) => {
      const queueId = result.ok ? result.data.queueId : s.heldCalls.shownQueueOf(c.callId);
      return queueId === undefined ? undefined : [queueId];
    },
    facts: (c, result) => {
      const call = result.ok ? result.data : s.heldCalls.shownCall(c.callId);
      return call ? { caller: call.from, line: call.trunk } : {};
    },
    handle: (c, p) => s.heldCalls.unblock(c, p.session),
  };

  /** Only the entries the reader may see (supervisor-scope.ts: auditEntryInScope). */
  const auditRecentSpec: CommandSpec<AuditQuery, AuditEntryView[]> = {
    parse: parseAuditQuery,
    target: () => '',
    handle: (c, p) => Promise.resolve(ok(s.audit.recent(c.limit, p.session))),
  };

  /** Every command's spec by name: a command of the table without one does not compile. */
  return {
    'inbound:decide': decideSpec,
    'inbound:unblock': unblockSpec,
    'conference:kick': kickSpec,
    'uacsta:refuse': uacstaRefuseSpec,
    'agent:login': agentLoginSpec,
    'agent:pause': agentPauseSpec,
    'agent:pause-reasons': pauseReasonsSpec,
    'call:listen': listenSpec,
    'call:monitor-stop': monitorStopSpec,
    'monitor:check': monitorCheckSpec,
    'audit:recent': auditRecentSpec,
  };
}
