import { queueIdOf, type StreamId } from './streams.js';

/** Room of everyone watching one queue; queue IDs are the PBX's numeric IDs. */
export function queueRoom(queueId: number): string {
  return `queue:${queueId}`;
}

/** Room of everyone watching conferences. */
export const CONFERENCES_ROOM = 'conferences';

/**
 * The room a stream's deltas go to: {@link queueRoom} for queue streams, {@link CONFERENCES_ROOM} for
 * conferences, `stream:<id>` for the others.
 */
export function streamRoom(stream: StreamId): string {
  const queueId = queueIdOf(stream);
  if (queueId !== undefined) return queueRoom(queueId);
  return stream === 'conferences' ? CONFERENCES_ROOM : `stream:${stream}`;
}
