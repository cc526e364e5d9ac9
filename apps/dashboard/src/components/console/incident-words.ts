import type { AlertLevel, IncidentView } from '@switchboard/live-protocol';
import { formatClock } from '../../lib/format.js';
import type { AlertPresentation } from '../../lib/queue-alerts.js';

/**
 * An alert level as the console's AlertBadge shows it, steady: no flashing and no per-browser silences (those
 * belong to a queue's live alert). For incidents, which carry their level in the same words and colours.
 */
export function steadyAlert(level: AlertLevel): AlertPresentation {
  return { level, acknowledged: false, muted: false, flashing: false, audible: false };
}

/** An incident's level in the console's words ("Warning", "Critical"). */
export const levelWord = (level: IncidentView['level']): string =>
  level === 'critical' ? 'Critical' : 'Warning';

/** HH:MM on this device's clock. */
export const hhmm = (at: number): string => formatClock(at).slice(0, 5);

/** "Acknowledged by ann at 14:02" (null while nobody has). */
export function acknowledgedWords(incident: IncidentView): string | null {
  if (incident.acknowledgedBy === null) return null;
  const at = incident.acknowledgedAt === null ? '' : ` at ${hhmm(incident.acknowledgedAt)}`;
  return `Acknowledged by ${incident.acknowledgedBy}${at}`;
}
