import type { KeyedPatch } from '@switchboard/live-protocol';

/**
 * Structural equality of plain view data (what JSON carries): compares fields directly, nested objects and
 * arrays included, without serialising either side. A field holding `undefined` counts as absent, as in
 * JSON. Key order does not matter.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let fields = 0;
  for (const key in x) {
    if (x[key] === undefined) continue;
    fields++;
    if (!sameData(x[key], y[key])) return false;
  }
  for (const key in y) if (y[key] !== undefined) fields--;
  return fields === 0;
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
