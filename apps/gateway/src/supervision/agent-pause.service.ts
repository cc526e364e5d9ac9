import { Inject, Injectable } from '@nestjs/common';
import {
  fail,
  ok,
  type AgentPauseCommand,
  type PauseReasonsView,
  type Result,
} from '@switchboard/live-protocol';
import { PBX_ERRCODE, PbxApiError } from '@switchboard/pbx-api';
import type { Principal } from '../access/principal.js';
import { pbxFailure } from '../errors/pbx-failure.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { PauseReasonsCache } from './pause-reasons.js';
import { SupervisionService } from './supervision.service.js';

/** The pause reasons are read from the PBX at most this often (one request whatever the number of screens). */
export const PAUSE_REASONS_FRESH_MS = 5 * 60_000;

/** "15 min", "1 h 30 min", "45 s": a pause's length in words, for the audit log. */
export function durationWords(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const h = Math.floor(seconds / 3600);
  const min = Math.round((seconds % 3600) / 60);
  return [h > 0 ? `${h} h` : '', min > 0 ? `${min} min` : ''].filter(Boolean).join(' ');
}

/**
 * Pausing and unpausing agents from the console (agent/pause, docs/pbx/queues-and-agents.md#pausing-agents)
 * with a reason from the PBX's own list, which this service also serves to screens from a cache. The same
 * checks as an agent log-in: the PBX offers it, and the agent and queues are within the supervisor's scope.
 */
@Injectable()
export class AgentPauseService {
  private readonly reasons: PauseReasonsCache;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly supervision: SupervisionService,
  ) {
    this.reasons = new PauseReasonsCache(
      async () => {
        const answer = await this.pbx.request('queue_pause_reason/list', (client) =>
          client.queuePauseReason.list(),
        );
        return (answer.data ?? []).map(({ code, reason }) => ({ code, reason }));
      },
      { freshMs: PAUSE_REASONS_FRESH_MS },
    );
  }

  /** The PBX's pause reasons, for the pause menu. */
  async reasonList(): Promise<Result<PauseReasonsView>> {
    try {
      return ok(await this.reasons.get());
    } catch (error) {
      return { ok: false, error: pbxFailure(error, 'read the pause reasons') };
    }
  }

  /** The text of the reason with feature code `code` as last read, for the audit log ("Lunch"). */
  reasonText(code: string | undefined): string | undefined {
    return code === undefined ? undefined : this.reasons.peek(code)?.reason;
  }

  /** Pauses (with a reason and an end, when given) or unpauses a dynamic agent in the supervisor's queues. */
  async pause(command: AgentPauseCommand, principal: Principal): Promise<Result<{ done: true }>> {
    if (!this.config.pbx.features.agentLogin)
      return fail('forbidden', 'This PBX does not offer pausing and unpausing agents.');
    const what = `${command.operation} ${command.extension}`;
    try {
      if (command.reason !== undefined && !(await this.reasons.find(command.reason)))
        return fail(
          'invalid_payload',
          `“${command.reason}” is not one of the PBX's pause reasons; pick one from the list.`,
          [{ field: 'reason', message: "is not one of the PBX's pause reasons" }],
        );
      const target = await this.supervision.dynamicTarget(
        principal.session,
        command.extension,
        command.queueIds,
      );
      if (!target.ok) return target;
      await this.pbx.request('agent/pause', (client) =>
        command.operation === 'unpause'
          ? client.agent.unpause(target.data)
          : client.agent.pause({
              ...target.data,
              ...(command.reason !== undefined ? { reason: command.reason } : {}),
              ...(command.durationSec !== undefined
                ? { max_threshold_for_pause_time: command.durationSec }
                : {}),
            }),
      );
      return ok({ done: true });
    } catch (error) {
      // The PBX refused a reason from the cached list: the list changed; read it again next time.
      if (error instanceof PbxApiError && error.errcode === PBX_ERRCODE.PARAMETER_ERROR)
        this.reasons.invalidate();
      return { ok: false, error: pbxFailure(error, what) };
    }
  }
}
