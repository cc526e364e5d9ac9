import { Injectable, Logger } from '@nestjs/common';
import type { AuditAction, AuditEntryView, SessionInfo } from '@switchboard/live-protocol';
import { auditEntryInScope } from '../access/supervisor-scope.js';

/**
 * What to record: who did what to which target, and how it ended. The action is one with a sentence
 * (live-protocol's auditSentence); `facts` carry the names and numbers the sentence is written from.
 */
export type AuditInput = Omit<AuditEntryView, 'id' | 'at' | 'action'> & { action: AuditAction };

/** Entries kept in memory for `audit:recent` and GET /api/audit; the JSON log keeps everything. */
export const AUDIT_CAPACITY = 1_000;

/**
 * The audit trail of supervisor commands and admin calls: a bounded ring in memory for the dashboard, and one
 * JSON log line per entry (`msg: "audit"`) for whatever collects the logs. Details never carry secrets;
 * callers pass human sentences, not request bodies.
 */
@Injectable()
export class AuditService {
  private readonly log = new Logger('Audit');
  private readonly ring: AuditEntryView[] = [];
  private readonly listeners = new Set<(entry: AuditEntryView) => void>();
  private nextId = 1;

  constructor(
    private readonly capacity = AUDIT_CAPACITY,
    private readonly now: () => number = Date.now,
    /** Entry ids; several gateways sharing one trail need ids that do not collide. */
    private readonly newId: () => number = () => this.nextId++,
  ) {}

  /** Records an entry and returns it. */
  record(input: AuditInput): AuditEntryView {
    const entry: AuditEntryView = {
      id: this.newId(),
      at: this.now(),
      user: input.user,
      action: input.action,
      target: input.target.slice(0, 200),
      result: input.result,
      detail: input.detail.slice(0, 500),
      ...(input.queues && input.queues.length > 0 ? { queues: [...input.queues] } : {}),
      ...(input.facts ? { facts: cutFacts(input.facts) } : {}),
      ...(input.changes && input.changes.length > 0 ? { changes: cutChanges(input.changes) } : {}),
    };
    this.keep(entry);
    this.log.log({ msg: 'audit', ...entry, at: new Date(entry.at).toISOString() });
    return entry;
  }

  /** Adds an entry recorded elsewhere (another gateway of the cluster) to the ring, without logging it again. */
  keep(entry: AuditEntryView): void {
    if (this.ring.some((known) => known.id === entry.id)) return;
    this.ring.push(entry);
    if (this.ring.length > this.capacity) this.ring.splice(0, this.ring.length - this.capacity);
    for (const listener of this.listeners) listener(entry);
  }

  /**
   * Calls `listener` with every entry new to this gateway (recorded here, or kept from another gateway of the
   * cluster), for the live feed; returns the unsubscribe.
   */
  onEntry(listener: (entry: AuditEntryView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The newest `limit` entries, newest first; with a `reader`, only those it may read (admins and sessions
   * with every queue: all; others: their own and those about targets of their queues).
   */
  recent(limit: number, reader?: SessionInfo): AuditEntryView[] {
    const out: AuditEntryView[] = [];
    for (let i = this.ring.length - 1; i >= 0 && out.length < limit; i--) {
      const entry = this.ring[i];
      if (entry && (!reader || auditEntryInScope(reader, entry))) out.push(entry);
    }
    return out;
  }
}

/** Facts are names and numbers: each cut like the target, empty ones dropped. */
function cutFacts(facts: NonNullable<AuditEntryView['facts']>): NonNullable<AuditEntryView['facts']> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(facts))
    if (typeof value === 'string' && value !== '') out[key] = value.slice(0, 200);
  return out;
}

/** At most 50 changed fields of up to 500 characters each, a secret's values never: an entry stays readable and safe. */
function cutChanges(changes: NonNullable<AuditEntryView['changes']>): NonNullable<AuditEntryView['changes']> {
  return changes.slice(0, 50).map((change) => ({
    field: change.field.slice(0, 100),
    ...(change.secret ? { secret: true } : {}),
    ...(!change.secret && change.before !== undefined ? { before: change.before.slice(0, 500) } : {}),
    ...(!change.secret && change.after !== undefined ? { after: change.after.slice(0, 500) } : {}),
  }));
}
