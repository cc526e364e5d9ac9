import {
  channelCovers,
  inQuietHours,
  type AlertMessageType,
  type AlertRule,
  type IncidentView,
  type QuietHours,
} from '@switchboard/live-protocol';
import type { AlertStateDocument } from '../ports/alert-store.js';
import { ruleMatches } from './incident-conditions.js';

/** What the dispatch reads of a contact point. */
export interface DispatchChannel {
  id: string;
  queues: 'all' | readonly number[];
  rules: readonly AlertRule[];
  quietHours: QuietHours | null;
}

/** One message to send. */
export interface Notice {
  channelId: string;
  type: Exclude<AlertMessageType, 'test' | 'summary'>;
  incident: IncidentView;
}

/** The dispatch as stored with the incidents. */
export type DispatchSnapshot = Pick<AlertStateDocument, 'told' | 'lastOpened'>;

/**
 * Which contact point hears what, and when. For each channel and each incident its rules match and its queues
 * cover: "opened" once the incident has been open for the rule's dwell (not if acknowledged first, not within
 * the cooldown of the last "opened" about the same condition); a "reminder" every `repeatSec` until someone
 * acknowledges; "resolved" when it ends, only to those told it opened. Nothing during the channel's quiet
 * hours: what is still owed when they end goes then. Pure.
 */
export class ChannelDispatch {
  private told: DispatchSnapshot['told'];
  private lastOpened: DispatchSnapshot['lastOpened'];

  constructor(snapshot?: DispatchSnapshot) {
    this.told = structuredClone(snapshot?.told ?? {});
    this.lastOpened = structuredClone(snapshot?.lastOpened ?? {});
  }

  /** Records incidents that resolved, so those told they opened are owed a "resolved". */
  resolved(incidents: readonly IncidentView[]): void {
    for (const incident of incidents)
      for (const told of Object.values(this.told)) {
        const entry = told[incident.id];
        if (entry) entry.owesResolved = incident;
      }
  }

  /**
   * The messages due at `now` (`minuteOfDay` in the site's time zone, for quiet hours), recorded as sent.
   * `open` is every open incident as it is now (acknowledgements included).
   */
  due(
    channels: readonly DispatchChannel[],
    open: readonly IncidentView[],
    now: number,
    minuteOfDay: number,
  ): Notice[] {
    const notices: Notice[] = [];
    const known = new Set(channels.map((channel) => channel.id));
    for (const id of Object.keys(this.told)) if (!known.has(id)) this.forget(id);
    const openIds = new Set(open.map((incident) => incident.id));
    for (const channel of channels) {
      const told = (this.told[channel.id] ??= {});
      const lastOpened = (this.lastOpened[channel.id] ??= {});
      // A cooldown is at most a day: older starts are dropped, so the map does not grow with every agent.
      for (const [key, at] of Object.entries(lastOpened)) if (now - at > 86_400_000) delete lastOpened[key];
      const quiet = inQuietHours(channel.quietHours, minuteOfDay);
      for (const [id, entry] of Object.entries(told)) {
        if (entry.owesResolved) {
          if (quiet) continue;
          notices.push({ channelId: channel.id, type: 'incident.resolved', incident: entry.owesResolved });
          delete told[id];
        } else if (!openIds.has(id)) delete told[id]; // resolved before anyone was told: nothing owed
      }
      if (quiet) continue;
      for (const incident of open) {
        const rule = channel.rules.find((candidate) => ruleMatches(candidate, incident));
        if (!rule || !channelCovers(channel.queues, incident.queueId)) continue;
        const entry = told[incident.id];
        if (!entry) {
          const dwelt = now - incident.openedAt >= rule.dwellSec * 1000;
          const cooling = now - (lastOpened[incident.key] ?? -Infinity) < rule.cooldownSec * 1000;
          if (!dwelt || cooling || incident.acknowledgedBy !== null) continue;
          told[incident.id] = { key: incident.key, firstAt: now, lastAt: now };
          lastOpened[incident.key] = now;
          notices.push({ channelId: channel.id, type: 'incident.opened', incident });
        } else if (
          incident.acknowledgedBy === null &&
          rule.repeatSec > 0 &&
          now - entry.lastAt >= rule.repeatSec * 1000
        ) {
          entry.lastAt = now;
          notices.push({ channelId: channel.id, type: 'incident.reminder', incident });
        }
      }
    }
    return notices;
  }

  /** Drops what a deleted contact point was told. */
  forget(channelId: string): void {
    delete this.told[channelId];
    delete this.lastOpened[channelId];
  }

  snapshot(): DispatchSnapshot {
    return structuredClone({ told: this.told, lastOpened: this.lastOpened });
  }
}
