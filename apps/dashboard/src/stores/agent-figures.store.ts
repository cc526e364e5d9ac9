import type { AgentTodayFigures, QueueAgentsTodayAnswer } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { computed, shallowReactive, watch } from 'vue';
import { callApi } from '../api/rest-client.js';
import { problemText } from '../lib/call-format.js';
import { useSessionStore } from './session.store.js';

/** How often an open agent table asks for today's figures again (ms). The gateway counts them as it polls. */
export const AGENT_FIGURES_POLL_MS = 15_000;

/** Today's figures of one queue's agents as the page last received them. */
export interface AgentFiguresState {
  /** The last good answer; kept through failures so the table does not blank out on one lost request. */
  data: QueueAgentsTodayAnswer | null;
  /** When `data` arrived (this screen's clock, epoch ms), or null before any. */
  receivedAt: number | null;
  /** Why the last request failed, in words; null once one succeeds again. */
  error: string | null;
  /** A request is on its way. */
  loading: boolean;
  /** The gateway refused this session (viewer, display link): nothing is shown and nothing asked again. */
  denied: boolean;
}

/** One queue's bookkeeping: its public state, who watches it and its timer. */
interface Watched {
  state: AgentFiguresState;
  consumers: number;
  timer: ReturnType<typeof setInterval> | null;
  /** Bumped when the queue is dropped or the session changes, so a late answer is not put in place. */
  generation: number;
}

/**
 * Today's figures per agent (GET /api/queues/:id/agents), read while an agent table wants them: a consumer
 * `subscribe`s to a queue (ref-counted); the first asks at once and then every 15 s, the last to leave stops
 * it. Never two requests of one queue at once; an answer keeps the time it came, a failure keeps the last good
 * figures and says why. Only supervisors and admins ask (the gateway refuses everyone else).
 */
export const useAgentFiguresStore = defineStore('agent-figures', () => {
  const session = useSessionStore();
  const queues = shallowReactive(new Map<number, Watched>());

  /** Supervisors and admins signed in with a password; viewers and display links never ask. */
  const allowed = computed(() => session.canControl);

  async function load(queueId: number): Promise<void> {
    const watched = queues.get(queueId);
    if (!watched || watched.state.loading || watched.state.denied || !allowed.value) return;
    const { generation } = watched;
    watched.state.loading = true;
    const answer = await callApi<QueueAgentsTodayAnswer>(`/api/queues/${queueId}/agents`, {
      token: session.token,
    });
    if (queues.get(queueId) !== watched || watched.generation !== generation) return;
    watched.state.loading = false;
    if (answer.ok && !Array.isArray(answer.data?.agents)) {
      watched.state.error = 'The gateway sent figures this page does not understand.';
    } else if (answer.ok) {
      watched.state.data = answer.data;
      watched.state.receivedAt = Date.now();
      watched.state.error = null;
    } else if (answer.error.code === 'forbidden' || answer.error.code === 'unauthorized') {
      // Not for this session: show nothing and stop asking, rather than a red line every 15 s.
      watched.state.denied = true;
      watched.state.data = null;
      watched.state.error = null;
      stopTimer(watched);
    } else {
      watched.state.error = problemText(answer.error);
    }
  }

  function startTimer(queueId: number, watched: Watched): void {
    if (watched.timer !== null || !allowed.value || watched.state.denied) return;
    void load(queueId);
    watched.timer = setInterval(() => void load(queueId), AGENT_FIGURES_POLL_MS);
  }

  function stopTimer(watched: Watched): void {
    if (watched.timer !== null) clearInterval(watched.timer);
    watched.timer = null;
  }

  /** Starts following a queue's figures for one consumer; call the returned function when it leaves. */
  function subscribe(queueId: number): () => void {
    let watched = queues.get(queueId);
    if (!watched) {
      watched = {
        state: shallowReactive<AgentFiguresState>({
          data: null,
          receivedAt: null,
          error: null,
          loading: false,
          denied: false,
        }),
        consumers: 0,
        timer: null,
        generation: 0,
      };
      queues.set(queueId, watched);
    }
    watched.consumers += 1;
    startTimer(queueId, watched);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      release(queueId);
    };
  }

  function release(queueId: number): void {
    const watched = queues.get(queueId);
    if (!watched) return;
    watched.consumers -= 1;
    if (watched.consumers > 0) return;
    stopTimer(watched);
    watched.generation += 1;
    queues.delete(queueId);
  }

  // Signed out, or the hello said this session is a viewer: stop; signed in as a supervisor: start.
  watch([allowed, () => session.token], ([may], [mayBefore, tokenBefore]) => {
    for (const [queueId, watched] of queues) {
      if (!may || session.token !== tokenBefore) {
        stopTimer(watched);
        watched.generation += 1;
        Object.assign(watched.state, {
          data: null,
          receivedAt: null,
          error: null,
          loading: false,
          denied: false,
        });
      }
      if (may && (!mayBefore || session.token !== tokenBefore)) startTimer(queueId, watched);
    }
  });

  /** What the page knows of a queue's figures; undefined while nobody follows it. */
  function state(queueId: number): AgentFiguresState | undefined {
    return queues.get(queueId)?.state;
  }

  /** One agent's figures in a queue, by extension number, when known. */
  function agent(queueId: number, number: string): AgentTodayFigures | undefined {
    return queues.get(queueId)?.state.data?.agents.find((figures) => figures.number === number);
  }

  /** How many consumers follow a queue (0 when none): for tests and diagnostics. */
  function consumers(queueId: number): number {
    return queues.get(queueId)?.consumers ?? 0;
  }

  return { allowed, subscribe, state, agent, consumers, refresh: load };
});
