import { seesWholePbx, type CallSummary, type SessionInfo } from '@switchboard/live-protocol';
import type { QueueViews } from '../access/supervisor-scope.js';

/**
 * Which calls a session may see: `all` for admins and sessions of every queue; otherwise the numbers of its
 * queues and of their agents (as the live queue state shows them) and the queues themselves (for calls
 * whose inbound route leads to one of them). Viewers and display links see no calls (`none`).
 */
export type CallScope = 'all' | 'none' | { numbers: ReadonlySet<string>; queues: ReadonlySet<number> };

export function callScopeOf(
  session: Pick<SessionInfo, 'role' | 'queues' | 'display'>,
  views: QueueViews,
): CallScope {
  if (session.display || session.role === 'viewer') return 'none';
  if (seesWholePbx(session) || session.queues === 'all') return 'all';
  const numbers = new Set<string>();
  for (const queueId of session.queues) {
    const view = views(queueId);
    if (!view) continue;
    if (view.number) numbers.add(view.number);
    for (const agent of view.agents) numbers.add(agent.number);
  }
  return { numbers, queues: new Set(session.queues) };
}

/**
 * Whether a call is in the scope: a party is one of the scope's numbers (the queue, or an agent who made,
 * took or was offered it), or its inbound route leads to one of the scope's queues. Fails closed: a call the
 * gateway cannot place is only for sessions that see everything.
 */
export function callInScope(
  scope: CallScope,
  call: Pick<CallSummary, 'from' | 'to' | 'did' | 'trunk'>,
  routeQueueOf?: (call: Pick<CallSummary, 'from' | 'to' | 'did' | 'trunk'>) => number | undefined,
): boolean {
  if (scope === 'all') return true;
  if (scope === 'none') return false;
  if (scope.numbers.has(call.from) || scope.numbers.has(call.to)) return true;
  if (call.did === '' || !routeQueueOf) return false;
  const queue = routeQueueOf(call);
  return queue !== undefined && scope.queues.has(queue);
}
