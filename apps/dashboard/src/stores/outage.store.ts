import type { HealthView, StreamId } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { computed } from 'vue';
import { formatClock } from '../lib/format.js';
import { useConnectionStore } from './connection.store.js';
import { useStreamsStore } from './streams.store.js';

/** What is wrong with the links, worst first: the gateway link, the PBX link, the PBX event stream. */
export type OutageKind = 'gateway' | 'pbx' | 'events';

/** One thing that stops live data from reaching this screen. */
export interface Outage {
  kind: OutageKind;
  /** Since when, on this screen's clock (epoch ms); null when unknown. */
  since: number | null;
}

/** Why a piece of data is not live, and since when its clocks must stand still. */
export interface Blocker {
  /** Short reason, e.g. "PBX link down". */
  reason: string;
  /** Since when it is not live, on this screen's clock (epoch ms); null when unknown. */
  since: number | null;
  /** Gateway time (epoch ms) its timers freeze at: the earliest known start of what blocks it. */
  frozenAt: number | null;
}

/** The "not live" line of a panel without its own freshness: since when, why, and what stays shown. */
export function notLiveLine(blocker: Blocker | null | undefined, shown: string): string {
  if (!blocker) return '';
  const since = blocker.since === null ? '' : `since ${formatClock(blocker.since)}, `;
  return `${since}${blocker.reason}: ${shown} as last known`;
}

const REASONS: Readonly<Record<OutageKind | 'refreshing' | 'connecting', string>> = {
  gateway: 'gateway link down',
  pbx: 'PBX link down',
  events: 'PBX events interrupted',
  refreshing: 'refreshing',
  connecting: 'connecting to the gateway',
};

/**
 * The one place that knows what this screen cannot know right now, from the gateway link (connection
 * store) and the PBX link and event stream (health stream). Queue figures add their own age rule
 * (queues store); conferences, desk-phone calls and held calls have no confirmation time and follow these
 * rules alone. Times from the gateway (`pbxSince`, `eventStreamSince`) are turned into this screen's
 * clock with the same offset the clock store uses.
 */
export const useOutageStore = defineStore('outage', () => {
  const connection = useConnectionStore();
  const streams = useStreamsStore();

  /** The last health the gateway sent, however old. */
  const lastHealth = computed<HealthView | null>(() => streams.entry('health', 'health')?.data ?? null);
  /** The health stream's data while it is live on this connection; null when the PBX link is unknown. */
  const health = computed<HealthView | null>(() =>
    connection.linkUp && streams.entry('health', 'health')?.status === 'live' ? lastHealth.value : null,
  );
  const gatewayDown = computed(() => connection.status === 'disconnected');
  const pbxDown = computed(() => health.value?.pbx === 'down');
  /** Held calls and desk-phone calls arrive only as PBX events: not open means they cannot be seen. */
  const eventsDown = computed(() => health.value !== null && health.value.eventStream !== 'open');

  const toLocal = (serverMs: number): number => serverMs - connection.serverOffsetMs;
  const toServer = (localMs: number): number => localMs + connection.serverOffsetMs;
  const known = (ms: number | undefined): number | null =>
    typeof ms === 'number' && Number.isFinite(ms) ? ms : null;

  /** Start (gateway clock) of each outage, from the last health even when it is old. */
  const pbxDownSince = computed(() =>
    lastHealth.value?.pbx === 'down' ? known(lastHealth.value.pbxSince) : null,
  );
  const eventsDownSince = computed(() =>
    lastHealth.value && lastHealth.value.eventStream !== 'open'
      ? known(lastHealth.value.eventStreamSince)
      : null,
  );

  /** The worst outage now, for banners; null when both links are fine (or not known yet). */
  const outage = computed<Outage | null>(() => {
    if (gatewayDown.value) return { kind: 'gateway', since: connection.disconnectedAt };
    if (pbxDown.value) {
      const since = pbxDownSince.value;
      return { kind: 'pbx', since: since === null ? null : toLocal(since) };
    }
    if (eventsDown.value) {
      const since = eventsDownSince.value;
      return { kind: 'events', since: since === null ? null : toLocal(since) };
    }
    return null;
  });

  /**
   * Why data of `stream` is not live now, or null when it is: the gateway link, the PBX link, the event
   * stream (when `needsEvents`: data that arrives only as events), or a snapshot still on its way.
   */
  function blocker(stream: StreamId, needsEvents: boolean): Blocker | null {
    const entry = streams.entries.get(stream);
    const found: { kind: keyof typeof REASONS; since: number | null }[] = [];
    if (gatewayDown.value) found.push({ kind: 'gateway', since: connection.disconnectedAt });
    else if (!connection.linkUp && entry?.data !== undefined) found.push({ kind: 'connecting', since: null });
    // What the PBX link did before the gateway link dropped still dates when the data stopped.
    const pbxSince = pbxDownSince.value;
    if (pbxSince !== null && (pbxDown.value || !connection.linkUp))
      found.push({ kind: 'pbx', since: toLocal(pbxSince) });
    const eventsSince = eventsDownSince.value;
    if (needsEvents && eventsSince !== null && (eventsDown.value || !connection.linkUp))
      found.push({ kind: 'events', since: toLocal(eventsSince) });
    if (connection.linkUp && entry && entry.status !== 'live' && entry.data !== undefined)
      found.push({ kind: 'refreshing', since: entry.receivedAt });
    const first = found[0];
    if (!first) return null;
    const starts = found.flatMap((f) => (f.since === null ? [] : [toServer(f.since)]));
    return {
      reason: REASONS[first.kind],
      since: first.since,
      frozenAt: starts.length > 0 ? Math.min(...starts) : null,
    };
  }

  /** Conferences are polled: live unless a link is down or a fresh snapshot is awaited. */
  const conferences = computed(() => blocker('conferences', false));
  /** Desk-phone calls come only as PBX events: also not live while the event stream is not open. */
  const uacsta = computed(() => blocker('uacsta', true));
  /**
   * Held calls come only as PBX events (30016): while a link or the event stream is down, calls are held
   * and accepted by the PBX without any screen seeing them.
   */
  const heldCalls = computed<Outage | null>(() => outage.value);

  return {
    lastHealth,
    health,
    gatewayDown,
    pbxDown,
    eventsDown,
    outage,
    conferences,
    uacsta,
    heldCalls,
    toLocal,
    toServer,
  };
});
