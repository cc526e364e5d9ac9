import type { DisplayBoardOptions, QueueRef } from '@switchboard/live-protocol';
import { formatAge } from '../../lib/format.js';

/** "Dark · rotates every 30 s · sound": a link's board options in words. */
export function boardInWords(board: DisplayBoardOptions): string {
  return [
    board.theme === 'light' ? 'Light' : 'Dark',
    board.rotateSec === null ? 'no rotation' : `rotates every ${board.rotateSec} s`,
    ...(board.sound ? ['sound'] : []),
  ].join(' · ');
}

/** The queues of a link by name ("Queue 7" for one the session no longer sees). */
export function queueNames(ids: readonly number[], known: readonly QueueRef[]): string {
  return ids.map((id) => known.find((queue) => queue.id === id)?.name ?? `Queue ${id}`).join(', ');
}

/** "never", or how long ago a link was last used. */
export function lastUsedInWords(lastUsedAt: number | null, now: number): string {
  return lastUsedAt === null ? 'never' : formatAge(now - lastUsedAt);
}
