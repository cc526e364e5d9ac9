/** A step that turns a document of one format version into the next (adds a new field's default, renames...). */
export type Migration = (document: Record<string, unknown>) => Record<string, unknown>;

/**
 * The format of one kind of state file: the version this gateway writes, and how each older version becomes
 * the next (`migrations[n]` turns version n into n + 1). A document of an older version is migrated step by
 * step when read; one of a newer version (a later gateway wrote it) is refused, never guessed at.
 */
export interface StateFileFormat {
  version: number;
  migrations: Readonly<Record<number, Migration>>;
}

/**
 * Every state file's format, one row each: the one place to change when a stored shape changes. A new required
 * field of a stored view (view-shapes.ts) needs a new version here and a migration giving the field to what
 * the previous version stored; test/fixtures/data-folder-v1 (a data folder of the first version) must still
 * load, so the state tests fail until it does (state-formats.spec.ts).
 */
export const STATE_FORMATS = {
  displayLinks: { version: 1, migrations: {} },
  revokedSessions: { version: 1, migrations: {} },
  audit: { version: 1, migrations: {} },
  streams: { version: 1, migrations: {} },
  heldCallChannels: { version: 1, migrations: {} },
  agentTime: { version: 1, migrations: {} },
  alerts: { version: 1, migrations: {} },
} as const satisfies Record<string, StateFileFormat>;

/**
 * `document` (of format `version`) brought to `format.version`, or a sentence saying why it cannot be:
 * a version that is not a whole number from 1, a newer one, or an older one without a migration.
 */
export function migrate(
  document: Record<string, unknown>,
  version: unknown,
  format: StateFileFormat,
): { ok: true; document: Record<string, unknown> } | { ok: false; problem: string } {
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return {
      ok: false,
      problem: `has no valid format version (version: ${JSON.stringify(version) ?? 'none'}; this gateway reads 1 to ${format.version})`,
    };
  if (version > format.version)
    return {
      ok: false,
      problem: `is of format version ${version}, written by a newer gateway (this one reads up to ${format.version})`,
    };
  let current = document;
  for (let from = version; from < format.version; from++) {
    const step = format.migrations[from];
    if (!step)
      return {
        ok: false,
        problem: `is of format version ${from}, and no migration to version ${from + 1} exists`,
      };
    current = { ...step(current), version: from + 1 };
  }
  return { ok: true, document: current };
}
