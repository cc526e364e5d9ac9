import { defineStore } from 'pinia';
import { reactive, ref, shallowReactive } from 'vue';
import type { QueueRow } from '../lib/board-rows.js';
import type { QueueAlertView } from '@switchboard/live-protocol';
import {
  alertOf,
  alertRank,
  DEFAULT_ALERT_RULES,
  NO_SILENCE,
  presentAlert,
  queueCondition,
  silenceAt,
  type AlertLevel,
  type AlertPresentation,
  type AlertRules,
  type AlertSilence,
  type QueueCondition,
} from '../lib/queue-alerts.js';

/** Acknowledgements and mutes, per queue and per browser: they survive a reload until the queue recovers. */
export const SILENCE_STORAGE_KEY = 'switchboard.queue-alert-silences';

/** A queue's alert that just rose past its dwell time, for sound and notification. */
export interface Announcement {
  id: number;
  name: string;
  level: AlertLevel;
  reasons: string[];
}

function loadSilences(): Map<number, AlertSilence> {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(SILENCE_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return new Map();
    return new Map(
      Object.entries(parsed as Record<string, Partial<AlertSilence>>).flatMap(([id, value]) => {
        const acknowledged =
          value?.acknowledged === 'warn' || value?.acknowledged === 'critical' ? value.acknowledged : null;
        const muted = value?.muted === true;
        return Number.isInteger(Number(id)) && (acknowledged || muted)
          ? [[Number(id), { acknowledged, muted }]]
          : [];
      }),
    );
  } catch {
    return new Map();
  }
}

/**
 * Queue alerts of this screen. The alert itself (dwell, minimum calls, cooldown) is the gateway's, in each
 * queue view: this store keeps what the supervisor acknowledged or muted in this browser, how each alert
 * shows, and which rises to announce. `update` runs once a second with the shown queues.
 */
export const useQueueAlertsStore = defineStore('queue-alerts', () => {
  const rules: AlertRules = { ...DEFAULT_ALERT_RULES };
  const tracks = shallowReactive(new Map<number, QueueAlertView>());
  const conditions = shallowReactive(new Map<number, QueueCondition>());
  const silences = reactive(loadSilences());
  const lastNow = ref(0);
  /** The gateway's `announcedAt` of each queue when this screen last looked: a new value is a new rise. */
  const announcedSeen = new Map<number, number | null>();

  function save(): void {
    try {
      globalThis.localStorage?.setItem(SILENCE_STORAGE_KEY, JSON.stringify(Object.fromEntries(silences)));
    } catch {
      // Storage blocked: the silence lasts for this page only.
    }
  }

  /**
   * Takes every shown queue's alert as of `now` (gateway time); a stale queue's figures are read as of when
   * it was last known. Returns the rises the gateway announced since this screen last looked, those that may
   * be heard (not acknowledged, not muted); a screen that opens on an alert already up shows it at once but
   * does not sound it.
   */
  function update(rows: readonly QueueRow[], now: number): Announcement[] {
    lastNow.value = now;
    const out: Announcement[] = [];
    let silencesChanged = false;
    for (const row of rows) {
      if (!row.view) continue;
      const alert = alertOf(row.view);
      const condition = queueCondition(row.view, row.frozenAt ?? now, rules);
      conditions.set(row.id, condition);
      tracks.set(row.id, alert);
      const before = silences.get(row.id);
      // Judged by the figures as well as the alert: a silence ends when the queue is really back to normal,
      // or when its alert gets worse than what was acknowledged.
      const judged = condition.level === 'ok' ? 'ok' : alert.level === 'ok' ? null : alert.level;
      if (before && judged) {
        const after = silenceAt(before, judged);
        if (after.acknowledged !== before.acknowledged || after.muted !== before.muted) {
          if (after.acknowledged || after.muted) silences.set(row.id, after);
          else silences.delete(row.id);
          silencesChanged = true;
        }
      }
      const seen = announcedSeen.get(row.id);
      announcedSeen.set(row.id, alert.announcedAt);
      const rose = seen !== undefined && alert.announcedAt !== null && alert.announcedAt !== seen;
      if (rose && alert.level !== 'ok' && presentation(row.id).audible)
        out.push({ id: row.id, name: row.view.name, level: alert.level, reasons: condition.reasons });
    }
    if (silencesChanged) save();
    return out;
  }

  /** How queue `id`'s alert shows now. */
  function presentation(id: number): AlertPresentation {
    return presentAlert(tracks.get(id), silences.get(id) ?? NO_SILENCE, lastNow.value, rules);
  }

  /** Whether a shown queue's alert is flashing (it has just started): not the moment to reload a TV. */
  function anyFlashing(): boolean {
    for (const id of tracks.keys()) if (presentation(id).flashing) return true;
    return false;
  }

  /** The crossed figures of queue `id`, in words. */
  function reasons(id: number): string[] {
    return conditions.get(id)?.reasons ?? [];
  }

  /** Sorting weight of queue `id` (see alertRank). */
  function rank(id: number): number {
    return alertRank(presentation(id));
  }

  function silence(id: number, change: Partial<AlertSilence>): void {
    const level = tracks.get(id)?.level ?? 'ok';
    if (level === 'ok') return;
    silences.set(id, { ...(silences.get(id) ?? NO_SILENCE), ...change });
    save();
  }

  /** Acknowledges queue `id`'s alert at its current level: steady and silent until it gets worse. */
  function acknowledge(id: number): void {
    silence(id, { acknowledged: tracks.get(id)?.level ?? null });
  }

  /** Mutes queue `id`'s alerts until it is back to normal. */
  function mute(id: number): void {
    silence(id, { muted: true });
  }

  function unmute(id: number): void {
    const current = silences.get(id);
    if (!current) return;
    if (current.acknowledged) silences.set(id, { ...current, muted: false });
    else silences.delete(id);
    save();
  }

  return { rules, update, presentation, anyFlashing, reasons, rank, acknowledge, mute, unmute };
});
