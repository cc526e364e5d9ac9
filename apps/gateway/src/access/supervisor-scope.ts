import {
  seesWholePbx,
  type AuditEntryView,
  type HeldCallView,
  type QueueView,
  type SessionInfo,
} from '@switchboard/live-protocol';
import type { GatewayConfig } from '../config/gateway-config.js';

/** Reads the live view of a queue (QueuesService.view). */
export type QueueViews = (queueId: number) => QueueView | undefined;

/** Who sees and kicks conferences (CONFERENCE_ACCESS). */
export type ConferenceAccess = GatewayConfig['auth']['conferenceAccess'];

/** True when the session may see (and, with the role for it, act on) queue `queueId`. */
function queueInScope(session: SessionInfo, queueId: number): boolean {
  return session.queues === 'all' || seesWholePbx(session) || session.queues.includes(queueId);
}

/**
 * Whether a supervisor may act on an extension: everyone's for a session that sees the whole PBX, otherwise
 * only an agent of one of the supervisor's queues as the live queue state shows it.
 */
export function extensionInScope(session: SessionInfo, extension: string, views: QueueViews): boolean {
  if (session.queues === 'all' || seesWholePbx(session)) return true;
  return session.queues.some(
    (queueId) => views(queueId)?.agents.some((agent) => agent.number === extension) ?? false,
  );
}

/** The queues among `queueIds` that `extension` is an agent of, as the live queue state shows it. */
export function queuesOfExtension(
  extension: string,
  queueIds: readonly number[],
  views: QueueViews,
): number[] {
  return queueIds.filter(
    (queueId) => views(queueId)?.agents.some((agent) => agent.number === extension) ?? false,
  );
}

/** The queues of `requested` outside the session's scope. */
export function queuesOutOfScope(session: SessionInfo, requested: readonly number[]): number[] {
  return requested.filter((id) => !queueInScope(session, id));
}

/**
 * Whether a session may see (and, as a supervisor, decide) a held call: the call's queue is in its scope.
 * A call whose route leads to no queue, or to one the gateway cannot tell, is only for sessions that see the
 * whole PBX: a limited scope must not widen by what the gateway does not know.
 */
export function heldCallInScope(session: SessionInfo, call: Pick<HeldCallView, 'queueId'>): boolean {
  if (session.queues === 'all' || seesWholePbx(session)) return true;
  return call.queueId !== undefined && session.queues.includes(call.queueId);
}

/** Whether a session may see ongoing conferences (and, as a supervisor, kick their members). */
export function conferencesInScope(session: SessionInfo, access: ConferenceAccess): boolean {
  if (session.display) return false;
  return access === 'signed-in' || seesWholePbx(session);
}

/**
 * Whether a session may read an audit entry: sessions that see the whole PBX read every entry; others read
 * their own, and those about a target of their queues (the queues recorded with the entry).
 */
export function auditEntryInScope(
  session: SessionInfo,
  entry: Pick<AuditEntryView, 'user' | 'queues'>,
): boolean {
  if (session.queues === 'all' || seesWholePbx(session)) return true;
  if (!session.display && entry.user === session.user) return true;
  const scope = session.queues;
  return (entry.queues ?? []).some((queueId) => scope.includes(queueId));
}
