import { randomBytes } from 'node:crypto';
import type { IncidentView } from '@switchboard/live-protocol';
import type { Condition } from './incident-conditions.js';

/** Resolved incidents kept for the console's "recent" list and for messages still owed about them. */
export const RECENT_INCIDENTS = 100;

/** What one step changed. */
export interface IncidentChanges {
  opened: IncidentView[];
  resolved: IncidentView[];
  /** Open incidents whose summary changed (figures moved); not a reason to send anything. */
  updated: IncidentView[];
}

/** The book as stored, so a restarted or new leader carries on with the same incidents. */
export interface IncidentBookSnapshot {
  open: IncidentView[];
  recent: IncidentView[];
}

function newIncidentId(): string {
  return `i_${randomBytes(9).toString('base64url')}`;
}

/**
 * Incidents from trigger to resolve: a condition that appears opens one, and it stays the same incident (same
 * id) while the condition lasts, whatever its figures do; it resolves when the condition is gone. Conditions
 * of queues are `frozen` while their figures are not current (PBX down): their incidents neither open nor
 * resolve then. Acknowledging records who and when, once. Pure but for ids.
 */
export class IncidentBook {
  private readonly open = new Map<string, IncidentView>();
  private recent: IncidentView[] = [];

  constructor(
    snapshot?: IncidentBookSnapshot,
    private readonly newId: () => string = newIncidentId,
  ) {
    for (const incident of snapshot?.open ?? []) this.open.set(incident.key, incident);
    this.recent = [...(snapshot?.recent ?? [])].slice(0, RECENT_INCIDENTS);
  }

  /**
   * Brings the book to the conditions of `now`. `frozen(incident)` says its absent condition is unknown rather
   * than gone (the incident stays open as it was).
   */
  step(
    conditions: readonly Condition[],
    now: number,
    frozen: (incident: IncidentView) => boolean,
  ): IncidentChanges {
    const changes: IncidentChanges = { opened: [], resolved: [], updated: [] };
    const present = new Map(conditions.map((condition) => [condition.key, condition]));
    for (const [key, incident] of this.open) {
      const condition = present.get(key);
      if (condition) {
        if (condition.summary !== incident.summary || condition.subject !== incident.subject) {
          const updated = { ...incident, summary: condition.summary, subject: condition.subject };
          this.open.set(key, updated);
          changes.updated.push(updated);
        }
      } else if (!frozen(incident)) {
        const resolved = { ...incident, resolvedAt: now };
        this.open.delete(key);
        this.recent = [resolved, ...this.recent].slice(0, RECENT_INCIDENTS);
        changes.resolved.push(resolved);
      }
    }
    for (const condition of conditions) {
      if (this.open.has(condition.key)) continue;
      const incident: IncidentView = {
        id: this.newId(),
        key: condition.key,
        kind: condition.kind,
        level: condition.level,
        queueId: condition.queueId,
        subject: condition.subject,
        summary: condition.summary,
        openedAt: now,
        resolvedAt: null,
        acknowledgedBy: null,
        acknowledgedAt: null,
      };
      this.open.set(condition.key, incident);
      changes.opened.push(incident);
    }
    return changes;
  }

  /**
   * Acknowledges the incident `id` (open or recent) for everyone: the first acknowledgement is kept.
   * Returns the incident as it now is, and whether this call acknowledged it; undefined for an unknown id.
   */
  acknowledge(
    id: string,
    by: string,
    now: number,
  ): { incident: IncidentView; acknowledged: boolean } | undefined {
    for (const [key, incident] of this.open)
      if (incident.id === id) {
        if (incident.acknowledgedBy !== null) return { incident, acknowledged: false };
        const acknowledged = { ...incident, acknowledgedBy: by, acknowledgedAt: now };
        this.open.set(key, acknowledged);
        return { incident: acknowledged, acknowledged: true };
      }
    const index = this.recent.findIndex((incident) => incident.id === id);
    const incident = this.recent[index];
    if (!incident) return undefined;
    if (incident.acknowledgedBy !== null) return { incident, acknowledged: false };
    const acknowledged = { ...incident, acknowledgedBy: by, acknowledgedAt: now };
    this.recent[index] = acknowledged;
    return { incident: acknowledged, acknowledged: true };
  }

  get(id: string): IncidentView | undefined {
    for (const incident of this.open.values()) if (incident.id === id) return incident;
    return this.recent.find((incident) => incident.id === id);
  }

  openIncidents(): IncidentView[] {
    return [...this.open.values()].sort((a, b) => b.openedAt - a.openedAt);
  }

  snapshot(): IncidentBookSnapshot {
    return { open: this.openIncidents(), recent: [...this.recent] };
  }
}
