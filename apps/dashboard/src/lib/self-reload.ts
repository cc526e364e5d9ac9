/** Where a page notes the reload it made, so that a gateway still serving another build cannot loop it. */
export const SELF_RELOAD_KEY = 'switchboard.self-reload';

/** One reload per target in this long: a deploy that keeps differing gets one try, not a reload loop. */
export const SELF_RELOAD_REPEAT_MS = 10 * 60_000;

/** A board waits at most this long for a quiet moment before it reloads anyway. */
export const QUIET_WAIT_MS = 60_000;

interface NotedReload {
  target: string;
  at: number;
}

function noted(storage: Storage | undefined): NotedReload | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SELF_RELOAD_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { target, at } = parsed as Partial<NotedReload>;
    return typeof target === 'string' && typeof at === 'number' ? { target, at } : null;
  } catch {
    return null;
  }
}

/** Whether this page may reload itself towards `target` now (not already tried lately). Pure but for storage. */
export function mayReloadFor(target: string, now: number, storage: Storage | undefined): boolean {
  const last = noted(storage);
  return !(last && last.target === target && now - last.at >= 0 && now - last.at < SELF_RELOAD_REPEAT_MS);
}

/** Notes a reload towards `target` (before reloading). */
export function noteReloadFor(target: string, now: number, storage: Storage | undefined): void {
  try {
    storage?.setItem(SELF_RELOAD_KEY, JSON.stringify({ target, at: now }));
  } catch {
    // Storage blocked: the page still reloads; a loop is then bounded by the quiet wait.
  }
}

/** Whether a board that has wanted to reload since `wantedAt` should do it now. */
export function reloadDue(wantedAt: number, now: number, quiet: boolean): boolean {
  return quiet || now - wantedAt >= QUIET_WAIT_MS;
}
