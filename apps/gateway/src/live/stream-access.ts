import { parseStreamId, seesWholePbx, type SessionInfo } from '@switchboard/live-protocol';
import { hasRole } from '../access/principal.js';
import { conferencesInScope, type ConferenceAccess } from '../access/supervisor-scope.js';

/** What access to a stream depends on besides the session. */
export interface StreamAccess {
  /** Whether the gateway watches queue `id` (any id before the queue list has loaded). */
  isKnownQueue(id: number): boolean;
  /** CONFERENCE_ACCESS. */
  conferences: ConferenceAccess;
}

/**
 * Who may watch what:
 * - `queue:<id>`: the queue is in the session's scope (`all` or its list) and is watched by the gateway;
 * - `inbound`, `uacsta` (every held call, every desk-phone call): supervisors and admins who see the whole
 *   PBX (admins, or every queue); `inbound:<id>`, `uacsta:<id>` (those of one queue): supervisors whose
 *   scope includes the queue. Never display links (these carry call control); `uacsta` also needs the feature;
 * - `conferences`: per CONFERENCE_ACCESS (sessions that see the whole PBX, or every signed-in person), never
 *   display links (member numbers are not wallboard material);
 * - `health`: everyone, display links included (every screen shows its link state).
 * A stream id that does not parse is refused, and a kind without a rule here does not compile.
 */
export function mayWatch(session: SessionInfo, stream: string, access: StreamAccess): boolean {
  const parsed = parseStreamId(stream);
  if (!parsed) return false;
  const controller = !session.display && hasRole(session.role, 'supervisor');
  switch (parsed.kind) {
    case 'queue': {
      const { queueId } = parsed;
      if (queueId === null) return false;
      const inScope = session.queues === 'all' || session.queues.includes(queueId);
      return inScope && access.isKnownQueue(queueId);
    }
    case 'inbound':
      return controller && callsInScope(session, parsed.queueId);
    case 'uacsta':
      return controller && session.features.uacsta && callsInScope(session, parsed.queueId);
    case 'conferences':
      return conferencesInScope(session, access.conferences);
    case 'health':
      return true;
    default: {
      // Compiles only while every kind has a case above; should another arrive anyway, nobody watches it.
      const unknown: never = parsed;
      void unknown;
      return false;
    }
  }
}

/** The whole PBX's calls (queueId null) for whole-PBX sessions; one queue's for sessions of that queue. */
function callsInScope(session: SessionInfo, queueId: number | null): boolean {
  if (session.queues === 'all' || seesWholePbx(session)) return true;
  return queueId !== null && session.queues.includes(queueId);
}
