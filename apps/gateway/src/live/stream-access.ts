import { queueIdOf, type SessionInfo, type StreamId } from '@switchboard/live-protocol';

/**
 * Who may watch what:
 * - `queue:<id>`: the queue is in the session's scope (`all` or its list) and is watched by the gateway;
 * - `inbound`, `uacsta`: supervisors and admins, never display links (these carry call control);
 *   `uacsta` also needs the PBX feature;
 * - `conferences`: any signed-in person, not display links (member numbers are not wallboard material);
 * - `health`: everyone, display links included (every screen shows its link state).
 */
export function mayWatch(
  session: SessionInfo,
  stream: StreamId,
  isKnownQueue: (id: number) => boolean,
): boolean {
  const queueId = queueIdOf(stream);
  if (queueId !== undefined) {
    const inScope = session.queues === 'all' || session.queues.includes(queueId);
    return inScope && isKnownQueue(queueId);
  }
  const controller = !session.display && (session.role === 'supervisor' || session.role === 'admin');
  switch (stream) {
    case 'inbound':
      return controller;
    case 'uacsta':
      return controller && session.features.uacsta;
    case 'conferences':
      return !session.display;
    default:
      return true;
  }
}
