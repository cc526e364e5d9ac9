import { agentStatusMsg, type AgentStatus } from './event-payloads.js';
import { AGENT_CALL_STATUS as CALL_STATUS, type AgentCallStatus, PBX_EVENT } from '@switchboard/pbx-api';
import { IndexedSet } from './indexed-set.js';
import type { SeededRandom } from '../support/seeded-random.js';
import type { AgentCallState, AgentRt, CallRt, MembershipRt, QueueRt } from './runtime.types.js';
import type { SimContext } from './sim-context.js';
import type { QueueDef } from './world.types.js';

/** Share of dynamic agents logged in when the scenario starts. */
const INITIAL_LOGIN_SHARE = 0.85;

/** Why a membership is paused: the generator only lifts pauses it made. */
export type PauseSource = 'break' | 'auto' | 'api';

/** A queue's runtime state before any member joins or any call arrives. */
export function emptyQueue(def: QueueDef): QueueRt {
  return {
    def,
    memberships: [],
    waiting: [],
    ringing: new Set(),
    active: new Set(),
    available: new IndexedSet(),
    rrLast: -1,
  };
}

/**
 * Agents and their queue memberships: call state, login, pause, the per-queue sets of available agents, and
 * 30029 for every membership whose status changes. Call `refresh(agent)` after any change of an agent.
 */
export class AgentBook {
  readonly agents = new Map<number, AgentRt>();
  readonly queues: QueueRt[] = [];
  readonly queueById = new Map<number, QueueRt>();
  private readonly pauseSources = new Map<MembershipRt, PauseSource>();
  /** Called after `refresh` made an agent available in at least one queue. */
  onAvailable: (agent: AgentRt) => void = () => undefined;

  constructor(
    private readonly ctx: SimContext,
    init: SeededRandom,
  ) {
    for (const def of ctx.world.queues) {
      const queue = emptyQueue(def);
      this.queues.push(queue);
      this.queueById.set(def.id, queue);
      def.members.forEach((member, order) => {
        const agent = this.agentFor(member.extId);
        const dynamic = member.type === 'dynamic';
        const membership: MembershipRt = {
          queue,
          agent,
          type: member.type,
          order,
          loggedIn: !dynamic || init.chance(INITIAL_LOGIN_SHARE),
          paused: false,
          pauseReason: '',
          callsTaken: 0,
          missedInRow: 0,
          missed: [],
          pauseThresholdSec: 0,
          logoutThresholdSec: 0,
          logBackInTimer: undefined,
          lastStatus: '',
          autoPauseTimer: undefined,
        };
        membership.lastStatus = this.status(membership);
        queue.memberships.push(membership);
        agent.memberships.push(membership);
        if (this.canTakeCalls(membership)) queue.available.add(membership);
      });
    }
  }

  /** The 30029 status of a membership. */
  status(m: MembershipRt): AgentStatus {
    if (!m.loggedIn) return 'LoggedOut';
    const state = m.agent.state;
    if (state === 'ringing') return 'Ringing';
    if (state === 'busy') return 'Busy';
    if (state === 'wrapup') return 'WrapUp';
    return m.paused ? 'Paused' : 'Idle';
  }

  /**
   * call_status of queue/agent_status, as the guide documents it (docs/pbx/queues-and-agents.md#call_status-values):
   * 1 idle (wrap-up included: no call), 3 ringing, 2 in a call (also held by the agent), 5 held by the caller.
   * 4 (a second call ringing during a call) and 0 (unknown) never arise: this PBX rings only free agents.
   */
  callStatus(agent: AgentRt): AgentCallStatus {
    if (agent.state === 'ringing') return CALL_STATUS.RINGING;
    if (agent.state !== 'busy') return CALL_STATUS.IDLE;
    return agent.call?.hold?.by === 'caller' ? CALL_STATUS.HELD_BY_CALLER : CALL_STATUS.IN_CALL;
  }

  /** Why a membership is paused, when it is. */
  pauseSource(m: MembershipRt): PauseSource | undefined {
    return m.paused ? this.pauseSources.get(m) : undefined;
  }

  setState(agent: AgentRt, state: AgentCallState, call: CallRt | undefined): void {
    agent.state = state;
    agent.call = call;
  }

  pause(m: MembershipRt, reason: string, source: PauseSource): void {
    m.paused = true;
    m.pauseReason = reason;
    this.pauseSources.set(m, source);
  }

  unpause(m: MembershipRt): void {
    m.paused = false;
    m.pauseReason = '';
    this.pauseSources.delete(m);
    this.ctx.clock.cancel(m.autoPauseTimer);
    m.autoPauseTimer = undefined;
  }

  login(m: MembershipRt): void {
    m.loggedIn = true;
    this.ctx.clock.cancel(m.logBackInTimer);
    m.logBackInTimer = undefined;
  }

  /** Logging out also lifts a pause: a logged-out agent is neither paused nor available. */
  logout(m: MembershipRt): void {
    m.loggedIn = false;
    this.unpause(m);
    m.missedInRow = 0;
    m.missed = [];
  }

  /** Publishes 30029 where a membership's status changed and updates the available sets. */
  refresh(agent: AgentRt): void {
    let becameAvailable = false;
    for (const m of agent.memberships) {
      const status = this.status(m);
      if (status !== m.lastStatus) {
        m.lastStatus = status;
        this.ctx.events.publish(
          PBX_EVENT.AGENT_STATUS_CHANGED,
          agentStatusMsg(m.queue.def.number, agent.ext.number, status, m.paused ? m.pauseReason : ''),
        );
      }
      if (this.canTakeCalls(m)) {
        if (!m.queue.available.has(m)) {
          m.queue.available.add(m);
          becameAvailable = true;
        }
      } else {
        m.queue.available.delete(m);
      }
    }
    if (becameAvailable) this.onAvailable(agent);
  }

  private canTakeCalls(m: MembershipRt): boolean {
    return m.loggedIn && !m.paused && m.agent.state === 'idle' && this.ctx.presence.isIdle(m.agent.ext);
  }

  private agentFor(extId: number): AgentRt {
    const existing = this.agents.get(extId);
    if (existing) return existing;
    const ext = this.ctx.extById.get(extId);
    if (!ext) throw new Error(`queue member ${extId} is not an extension`);
    const agent: AgentRt = {
      ext,
      state: 'idle',
      call: undefined,
      memberships: [],
      lastCallEndMs: 0,
      wrapTimer: undefined,
    };
    this.agents.set(extId, agent);
    return agent;
  }
}
