import type { AuditEntryView } from '@switchboard/live-protocol';
import { AUDIT_CAPACITY, AuditService, type AuditInput } from '../ports/audit.service.js';
import { list, object, positive } from './shape.js';
import { StateFile } from './state-file.js';
import { STATE_FORMATS } from './state-formats.js';
import { auditEntry } from './view-shapes.js';

/** `audit.json`: the newest entries, oldest first, and the next id. */
export interface AuditDocument {
  nextId: number;
  entries: AuditEntryView[];
}

const checkDocument = object<AuditDocument>({ nextId: positive, entries: list(auditEntry) });

/**
 * The audit ring kept in DATA_DIR: `audit:recent` and GET /api/audit show the same trail after a restart,
 * and ids continue where they stopped (a screen keying entries by id never sees one reused).
 */
export class FileAuditService extends AuditService {
  readonly file: StateFile<AuditDocument>;
  private readonly ids: { next: number };

  constructor(path: string, onError: (error: unknown) => void, capacity = AUDIT_CAPACITY) {
    const ids = { next: 1 };
    super(capacity, Date.now, () => ids.next++);
    this.ids = ids;
    this.file = new StateFile({
      path,
      format: STATE_FORMATS.audit,
      what: 'audit entries',
      check: checkDocument,
      snapshot: () => ({ nextId: this.ids.next, entries: this.recent(capacity).reverse() }),
      // The whole ring (up to a few hundred KB) per write: a burst of commands is one write, not one each.
      coalesceMs: 100,
      onError,
    });
  }

  /** Reads the stored trail; returns how many entries it has. */
  async load(): Promise<number> {
    const stored = await this.file.read();
    if (!stored) return 0;
    for (const entry of stored.entries) this.keep(entry);
    this.ids.next = Math.max(stored.nextId, ...stored.entries.map((entry) => entry.id + 1));
    return stored.entries.length;
  }

  override record(input: AuditInput): AuditEntryView {
    const entry = super.record(input);
    this.file.changed();
    return entry;
  }
}
