import type { QueueView, SessionInfo } from '@switchboard/live-protocol';

/** Reads the live view of a queue (QueuesService.view). */
export type QueueViews = (queueId: number) => QueueView | undefined;

/**
 * Whether a supervisor may act on an extension: everyone's for an `all` scope, otherwise only an agent of
 * one of the supervisor's queues as the live queue state shows it.
 */
export function extensionInScope(session: SessionInfo, extension: string, views: QueueViews): boolean {
  if (session.queues === 'all') return true;
  return session.queues.some(
    (queueId) => views(queueId)?.agents.some((agent) => agent.number === extension) ?? false,
  );
}

/** The queues of `requested` outside the session's scope. */
export function queuesOutOfScope(session: SessionInfo, requested: readonly number[]): number[] {
  if (session.queues === 'all') return [];
  const scope = new Set(session.queues);
  return requested.filter((id) => !scope.has(id));
}
