import type { HealthView } from '@switchboard/live-protocol';
import { computed, type ComputedRef } from 'vue';
import { useConnectionStore, type LinkStatus } from '../stores/connection.store.js';
import { useOutageStore, type Outage } from '../stores/outage.store.js';
import { useQueuesStore } from '../stores/queues.store.js';
import { useStreamsStore } from '../stores/streams.store.js';

/** Both links as every screen shows them. */
export interface LinkState {
  gateway: ComputedRef<LinkStatus>;
  health: ComputedRef<HealthView | null>;
  /** The gateway link is down (or never came up): the full banner shows. */
  down: ComputedRef<boolean>;
  downSince: ComputedRef<number | null>;
  reason: ComputedRef<string | null>;
  /** The worst outage now (gateway link, PBX link, PBX event stream), since when on this screen's clock. */
  outage: ComputedRef<Outage | null>;
  /** While a link is down: up to when the figures on screen were known true (local epoch ms). */
  frozenAt: ComputedRef<number | null>;
}

/** The browser <-> gateway and gateway <-> PBX links, from the connection store and the health stream. */
export function useLinkState(): LinkState {
  const connection = useConnectionStore();
  const streams = useStreamsStore();
  const outages = useOutageStore();
  const queues = useQueuesStore();
  const outage = computed(() => outages.outage);
  return {
    gateway: computed(() => connection.status),
    health: computed(() => streams.entry('health', 'health')?.data ?? null),
    down: computed(() => connection.status === 'disconnected'),
    downSince: computed(() => connection.disconnectedAt),
    reason: computed(() => connection.lastError),
    outage,
    frozenAt: computed(() => {
      const kind = outage.value?.kind;
      if (kind !== 'gateway' && kind !== 'pbx') return null;
      const known = queues.knownUntil();
      if (known !== null) return outages.toLocal(known);
      if (kind === 'gateway') return connection.lastMessageAt;
      const lastSuccess = outages.lastHealth?.lastSuccessAt;
      return typeof lastSuccess === 'number' ? outages.toLocal(lastSuccess) : null;
    }),
  };
}
