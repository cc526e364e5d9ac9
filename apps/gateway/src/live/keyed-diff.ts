import type { KeyedPatch } from '@switchboard/live-protocol';

/** Structural equality of plain view data (objects built with a stable key order). */
export function sameData(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What turns `previous` into `next` for a keyed list: items that are new or changed (whole), and keys that
 * went away. Undefined when nothing changed, so callers send no delta at all.
 */
export function diffKeyed<T>(
  previous: readonly T[],
  next: readonly T[],
  keyOf: (item: T) => string,
): KeyedPatch<T> | undefined {
  const before = new Map(previous.map((item) => [keyOf(item), item]));
  const upsert = next.filter((item) => {
    const old = before.get(keyOf(item));
    return old === undefined || !sameData(old, item);
  });
  const present = new Set(next.map(keyOf));
  const remove = [...before.keys()].filter((key) => !present.has(key));
  return upsert.length === 0 && remove.length === 0 ? undefined : { upsert, remove };
}
