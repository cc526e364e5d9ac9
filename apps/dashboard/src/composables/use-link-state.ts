import type { HealthView } from '@switchboard/live-protocol';
import { computed, type ComputedRef } from 'vue';
import { useConnectionStore, type LinkStatus } from '../stores/connection.store.js';
import { useStreamsStore } from '../stores/streams.store.js';

/** Both links as every screen shows them. */
export interface LinkState {
  gateway: ComputedRef<LinkStatus>;
  health: ComputedRef<HealthView | null>;
  /** The gateway link is down (or never came up): the full banner shows. */
  down: ComputedRef<boolean>;
  downSince: ComputedRef<number | null>;
  reason: ComputedRef<string | null>;
}

/** The browser <-> gateway and gateway <-> PBX links, from the connection store and the health stream. */
export function useLinkState(): LinkState {
  const connection = useConnectionStore();
  const streams = useStreamsStore();
  return {
    gateway: computed(() => connection.status),
    health: computed(() => streams.entry('health', 'health')?.data ?? null),
    down: computed(() => connection.status === 'disconnected'),
    downSince: computed(() => connection.disconnectedAt),
    reason: computed(() => connection.lastError),
  };
}
