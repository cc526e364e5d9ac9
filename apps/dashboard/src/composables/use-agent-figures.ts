import { computed, onScopeDispose, watch, type ComputedRef } from 'vue';
import { useAgentFiguresStore, type AgentFiguresState } from '../stores/agent-figures.store.js';

/**
 * Today's figures of a queue's agents for as long as the calling component lives (or its queue changes):
 * subscribes to the agent-figures store, which asks the gateway at once and every 15 s while anyone follows
 * the queue. Null for sessions that may not see them (viewers, display links) and once the gateway refused.
 */
export function useAgentFigures(queueId: () => number | null): ComputedRef<AgentFiguresState | null> {
  const store = useAgentFiguresStore();
  let leave: (() => void) | null = null;
  watch(
    queueId,
    (id) => {
      leave?.();
      leave = id === null ? null : store.subscribe(id);
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    leave?.();
    leave = null;
  });
  return computed(() => {
    const id = queueId();
    const state = id === null || !store.allowed ? undefined : store.state(id);
    return state && !state.denied ? state : null;
  });
}
