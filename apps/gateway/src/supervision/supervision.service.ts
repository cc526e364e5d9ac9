import { Inject, Injectable } from '@nestjs/common';
import {
  fail,
  ok,
  type AgentLoginCommand,
  type KickCommand,
  type Result,
  type SessionInfo,
} from '@switchboard/live-protocol';
import type { CallInfo, QueueSummary } from '@switchboard/pbx-api';
import type { Principal } from '../access/principal.js';
import { pbxFailure } from '../errors/pbx-failure.js';
import { ConferencesService } from '../conferences/conferences.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { QueuesService } from '../queues/queues.service.js';
import {
  conferencesInScope,
  extensionInScope,
  queuesOfExtension,
  queuesOutOfScope,
} from '../access/supervisor-scope.js';

/** queue/list is read at most this often for agent look-ups (extension number -> extension id). */
const QUEUE_LIST_TTL_MS = 60_000;
/** Member states of a call in progress that can be listened to. */
const LIVE_STATES = new Set(['ANSWER', 'ANSWERED', 'HOLD']);

/** The channel of `extension` in a call in progress, if any. */
export function activeChannelOf(calls: readonly CallInfo[], extension: string): string | undefined {
  for (const call of calls)
    for (const member of call.members)
      if (
        member.extension &&
        member.extension.number === extension &&
        LIVE_STATES.has(member.extension.member_status)
      )
        return member.extension.channel_id;
  return undefined;
}

/** A dynamic agent as queue/list describes it. */
export interface DynamicAgent {
  extId: number;
  queueIds: number[];
}

/** The extension id and dynamic-agent queues of `extension` in a queue list. */
export function dynamicAgentOf(queues: readonly QueueSummary[], extension: string): DynamicAgent | undefined {
  let extId: number | undefined;
  const queueIds: number[] = [];
  for (const queue of queues) {
    const ref = queue.dynamic_agent_list?.find((agent) => agent.text2 === extension);
    if (!ref) continue;
    extId ??= Number(ref.value);
    queueIds.push(queue.id);
  }
  return extId !== undefined && Number.isInteger(extId) && extId > 0 ? { extId, queueIds } : undefined;
}

/**
 * Supervisor actions on agents and conferences, where the PBX allows them: listen / whisper / barge,
 * dynamic agent log-in and log-out, and removing conference members. Each checks the feature and the
 * supervisor's scope (queues; CONFERENCE_ACCESS for conferences) before anything is sent.
 */
@Injectable()
export class SupervisionService {
  private queueList: { at: number; queues: QueueSummary[] } | undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly queues: QueuesService,
    private readonly conferences: ConferencesService,
    private readonly hub: StreamHub,
  ) {}

  /** Logs a dynamic agent in to or out of queues within the supervisor's scope. */
  async agentLogin(command: AgentLoginCommand, principal: Principal): Promise<Result<{ done: true }>> {
    const { session } = principal;
    if (!this.config.pbx.features.agentLogin)
      return fail('forbidden', 'This PBX does not offer agent log-in and log-out.');
    const what = `log ${command.extension} ${command.operation === 'login' ? 'in' : 'out'}`;
    try {
      const target = await this.dynamicTarget(session, command.extension, command.queueIds);
      if (!target.ok) return target;
      const params = target.data;
      await this.pbx.request('agent/login', (client) =>
        command.operation === 'login' ? client.agent.login(params) : client.agent.logout(params),
      );
      return ok({ done: true });
    } catch (error) {
      return { ok: false, error: pbxFailure(error, what) };
    }
  }

  /**
   * What reaches `extension`, a dynamic agent, in `queueIds` through agent/login or agent/pause: its extension
   * id (the PBX takes ids, not numbers) and the queues, all within the session's scope. Without `queueIds`, a
   * limited scope narrows "every queue of the agent" to the queues of that scope. May throw a PBX error.
   */
  async dynamicTarget(
    session: SessionInfo,
    extension: string,
    queueIds: readonly number[] | undefined,
  ): Promise<Result<{ ext_id: number; queue_ids?: string }>> {
    const outside = queuesOutOfScope(session, queueIds ?? []);
    if (outside.length > 0) return fail('forbidden', `Queue ${outside.join(', ')} is not in your scope.`);
    const agent = dynamicAgentOf(await this.queueSummaries(), extension);
    if (!agent) return fail('not_found', `Extension ${extension} is not a dynamic agent of any queue.`);
    let ids = queueIds;
    if (!ids && session.queues !== 'all') {
      // "All the agent's queues" would reach beyond a limited scope: narrow it to the scope.
      ids = agent.queueIds.filter((id) => queuesOutOfScope(session, [id]).length === 0);
      if (ids.length === 0)
        return fail('forbidden', `Extension ${extension} is not an agent of your queues.`);
    }
    return ok({ ext_id: agent.extId, ...(ids ? { queue_ids: ids.join(',') } : {}) });
  }

  /** Removes members (or everyone) from an ongoing conference, then refreshes the conference view. */
  async kick(command: KickCommand, principal: Principal): Promise<Result<{ kicked: string[] | 'all' }>> {
    // The same rule as watching them: a conference one may not see is not one to kick from.
    if (!conferencesInScope(principal.session, this.config.auth.conferenceAccess))
      return fail('forbidden', 'Conferences are not in your scope; they are for supervisors of every queue.');
    try {
      await this.pbx.request('conference/kick_member', (client) =>
        client.conference.kickMembers(command.conference, command.members),
      );
    } catch (error) {
      return { ok: false, error: pbxFailure(error, `remove members from conference ${command.conference}`) };
    }
    // The kick happened; a failed refresh only delays the view until the next poll.
    await this.conferences.refresh().catch(() => undefined);
    return ok({ kicked: command.members });
  }

  /** Whether the session may act on `extension` (an agent of one of its queues, or any with `all`). */
  mayActOnExtension(session: SessionInfo, extension: string): boolean {
    return extensionInScope(session, extension, (id) => this.queues.view(id));
  }

  /** The name of agent `extension` as the live state of its queues shows it, or null. */
  agentName(extension: string): string | null {
    for (const queue of this.hub.queueCatalogue()) {
      const agent = this.queues.view(queue.id)?.agents.find((a) => a.number === extension);
      if (agent?.name) return agent.name;
    }
    return null;
  }

  /** The names of queues, in words ("Sales, Support"), for the audit log. */
  queueNames(queueIds: readonly number[]): string {
    const names = new Map(this.hub.queueCatalogue().map((queue) => [queue.id, queue.name]));
    return queueIds.map((id) => names.get(id) || `queue ${id}`).join(', ');
  }

  /** The queues `extension` is an agent of now, as their live state shows it (for the audit log). */
  queuesOf(extension: string): number[] {
    const ids = this.hub.queueCatalogue().map((queue) => queue.id);
    return queuesOfExtension(extension, ids, (id) => this.queues.view(id));
  }

  private async queueSummaries(): Promise<QueueSummary[]> {
    if (this.queueList && Date.now() - this.queueList.at < QUEUE_LIST_TTL_MS) return this.queueList.queues;
    const answer = await this.pbx.request('queue/list', (client) =>
      client.queue.list({ page: 1, page_size: 500 }),
    );
    this.queueList = { at: Date.now(), queues: answer.queue_list ?? [] };
    return this.queueList.queues;
  }
}
