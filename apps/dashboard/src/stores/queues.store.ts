import { queueStream, type QueueRef, type QueueView } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { ref, shallowReactive } from 'vue';
import { callApi } from '../api/rest-client.js';
import { isStale, lastKnownAt, staleNote } from '../lib/staleness.js';
import type { ClientResult } from '../socket/live-socket.js';
import { useClockStore } from './clock.store.js';
import { useConnectionStore } from './connection.store.js';
import { useOutageStore } from './outage.store.js';
import { useSessionStore } from './session.store.js';
import { useStreamsStore, type StreamStatus } from './streams.store.js';

/** How fresh one queue's figures are. */
export interface QueueFreshness {
  status: StreamStatus | 'unknown';
  /** Data older than 2.5 poll intervals, the PBX or gateway link down, or data carried over a reconnection. */
  stale: boolean;
  /** Age of the data by the gateway's confirmation time, ms; null before any data. */
  ageMs: number | null;
  /** While stale: the gateway time its timers stand still at (the last time the data was known true). */
  frozenAt: number | null;
  /** While stale: what the stale mark says after "Not live", e.g. "as of 14:02:09, PBX link down". */
  staleNote: string | null;
  /** While today's figures are being recounted from the PBX's call records: since when, local time. */
  recountSince: number | null;
}

/** Outcome of the last action on an agent, shown beside the agent. */
export interface AgentActionState {
  pending: boolean;
  error: string | null;
  done: string | null;
}

/**
 * Live queues: which queues this screen shows (URL, the session's scope, or the gateway's list), their
 * views from the stream engine, how fresh each is, and the agent actions supervisors may take
 * (login/logout, pause/unpause; listening is the monitor store's).
 */
export const useQueuesStore = defineStore('queues', () => {
  const streams = useStreamsStore();
  const connection = useConnectionStore();
  const clock = useClockStore();
  const session = useSessionStore();
  const outage = useOutageStore();

  const catalogue = ref<QueueRef[]>([]);
  const catalogueError = ref<string | null>(null);
  const actions = shallowReactive(new Map<string, AgentActionState>());

  /** Decides which queues to show: the ids asked for, else the session's scope, else every queue. */
  async function resolveQueues(requested: number[] | 'all'): Promise<void> {
    catalogueError.value = null;
    const scope = session.info?.queues;
    const ids = requested !== 'all' ? requested : Array.isArray(scope) ? scope : null;
    if (ids) {
      catalogue.value = ids.map((id) => ({ id, number: '', name: `Queue ${id}` }));
      return;
    }
    const answer = await callApi<QueueRef[]>('/api/queues', { token: session.token });
    if (answer.ok && Array.isArray(answer.data)) {
      catalogue.value = [...answer.data].sort((a, b) => a.id - b.id);
      return;
    }
    catalogue.value = [];
    catalogueError.value = answer.ok
      ? 'The gateway sent a queue list this page does not understand.'
      : `Cannot list the queues (${answer.error.message.replace(/\.$/, '')}). Name them in the address: ?queues=1,2`;
  }

  /** The live view of a queue, if its data has arrived. */
  function view(id: number): QueueView | undefined {
    return streams.entry(queueStream(id), 'queue')?.data;
  }

  /** Why a queue's data is not live, in a few words; null when it is. */
  function staleReason(status: StreamStatus, confirmedAt: number, pollIntervalMs: number, now: number) {
    if (connection.status === 'disconnected') return 'gateway link down';
    if (!connection.linkUp) return 'connecting to the gateway';
    if (outage.pbxDown) return 'PBX link down';
    if (status !== 'live') return 'refreshing';
    if (isStale(confirmedAt, pollIntervalMs, now)) return 'no update from the PBX';
    return null;
  }

  /** How fresh a queue's data is right now (re-evaluated at every clock tick). */
  function freshness(id: number): QueueFreshness {
    const entry = streams.entry(queueStream(id), 'queue');
    const data = entry?.data;
    if (!entry || !data) {
      const status = entry?.status ?? 'unknown';
      return { status, stale: false, ageMs: null, frozenAt: null, staleNote: null, recountSince: null };
    }
    // The precise clock: a stale mark must not wait for the next whole second.
    const now = clock.serverNow;
    const reason = staleReason(entry.status, data.confirmedAt, data.pollIntervalMs, now);
    // Whole seconds, so the result (and what renders it) changes once a second, not at every tick.
    const ageMs = Math.max(0, Math.floor((now - data.confirmedAt) / 1000) * 1000);
    const recount = data.stats.today.recountPendingSince;
    const recountSince = typeof recount === 'number' ? outage.toLocal(recount) : null;
    if (reason === null)
      return { status: entry.status, stale: false, ageMs, frozenAt: null, staleNote: null, recountSince };
    const frozenAt = Math.min(lastKnownAt(data), now);
    return {
      status: entry.status,
      stale: true,
      ageMs,
      frozenAt,
      staleNote: staleNote(outage.toLocal(frozenAt), reason),
      recountSince,
    };
  }

  /**
   * The time (gateway clock) up to which every shown queue is known, for "frozen at" in banners: the
   * least recent of them, so the banner never claims more than the stale marks beside the figures.
   */
  function knownUntil(): number | null {
    const times = catalogue.value.flatMap((ref) => {
      const data = view(ref.id);
      return data ? [Math.min(lastKnownAt(data), clock.serverNow)] : [];
    });
    return times.length === 0 ? null : Math.min(...times);
  }

  function actionKey(extension: string): string {
    return extension;
  }

  async function runAction(
    extension: string,
    label: string,
    send: () => Promise<ClientResult<unknown>>,
  ): Promise<boolean> {
    const key = actionKey(extension);
    if (actions.get(key)?.pending) return false;
    actions.set(key, { pending: true, error: null, done: null });
    const answer = await send();
    actions.set(key, {
      pending: false,
      error: answer.ok ? null : answer.error.message,
      done: answer.ok ? label : null,
    });
    return answer.ok;
  }

  /** Logs a dynamic agent in to or out of queues. */
  function agentLogin(
    extension: string,
    operation: 'login' | 'logout',
    queueIds?: number[],
  ): Promise<boolean> {
    return runAction(extension, operation === 'login' ? 'Logged in' : 'Logged out', () =>
      connection.send('agent:login', { extension, operation, ...(queueIds ? { queueIds } : {}) }),
    );
  }

  /**
   * Pauses an agent (with a reason code of the PBX's list and an end, when given) or lifts its pause, in
   * every queue of the agent within this session's scope.
   */
  function agentPause(
    extension: string,
    operation: 'pause' | 'unpause',
    options: { reason?: string; durationSec?: number } = {},
  ): Promise<boolean> {
    return runAction(extension, operation === 'pause' ? 'Paused' : 'Unpaused', () =>
      connection.send('agent:pause', { extension, operation, ...(operation === 'pause' ? options : {}) }),
    );
  }

  /** State of the last action on an agent. */
  function actionState(extension: string): AgentActionState | undefined {
    return actions.get(actionKey(extension));
  }

  return {
    catalogue,
    catalogueError,
    resolveQueues,
    view,
    freshness,
    knownUntil,
    agentLogin,
    agentPause,
    actionState,
  };
});
