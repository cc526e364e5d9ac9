import {
  applyPatch,
  deltaAction,
  type Delta,
  type HealthView,
  type Snapshot,
  type StreamId,
  type StreamTypes,
} from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { shallowReactive } from 'vue';
import { liveSocket } from '../socket/live-socket.js';
import { useConnectionStore } from './connection.store.js';

/**
 * Where a stream stands on this screen:
 * - `waiting`: subscribed, no data yet (the gateway sends a snapshot as soon as it has one);
 * - `live`: snapshot applied and every delta since, in sequence;
 * - `resyncing`: a gap, a reconnection or a failed request; a fresh snapshot is on its way and the
 *   data shown (if any) is the old one, which screens must mark as such;
 * - `denied`: the gateway refused the subscription for this session.
 */
export type StreamStatus = 'waiting' | 'live' | 'resyncing' | 'denied';

/** The screen's copy of one stream. Replaced as a whole on every change (data is never mutated). */
export interface StreamEntry<K extends keyof StreamTypes = keyof StreamTypes> {
  stream: StreamId;
  kind: K | null;
  status: StreamStatus;
  /** Sequence number of the data, undefined until a snapshot of the current connection arrived. */
  seq: number | undefined;
  data: StreamTypes[K]['data'] | undefined;
  /** Local time the data last changed (snapshot or delta). */
  receivedAt: number | null;
  /** Why the stream is not live, in words. */
  note: string | null;
}

/** Wait before asking again after a failed subscribe or resync. */
export const RETRY_AFTER_MS = 2000;

/**
 * The stream engine: one entry per wanted stream, filled by the gateway's snapshot and kept current by
 * deltas applied strictly in sequence (`deltaAction`): a stale delta is ignored, a gap triggers a
 * `resync`. On every (re)connection all wanted streams are subscribed again and replaced by fresh
 * snapshots; until then their old data is flagged `resyncing`, never passed off as live.
 */
export const useStreamsStore = defineStore('streams', () => {
  const connection = useConnectionStore();
  const socket = liveSocket();

  const entries = shallowReactive(new Map<StreamId, StreamEntry>());
  /** How many screens parts want each stream. */
  const wanted = new Map<StreamId, number>();
  const resyncing = new Set<StreamId>();
  const retries = new Map<StreamId, ReturnType<typeof setTimeout>>();
  /** Bumped on every connection, so answers to requests of an earlier connection are dropped. */
  let generation = 0;

  function put(stream: StreamId, change: Partial<StreamEntry>): void {
    const previous = entries.get(stream) ?? {
      stream,
      kind: null,
      status: 'waiting',
      seq: undefined,
      data: undefined,
      receivedAt: null,
      note: null,
    };
    entries.set(stream, { ...previous, ...change });
  }

  function retryLater(stream: StreamId, action: () => void): void {
    clearTimeout(retries.get(stream));
    retries.set(
      stream,
      setTimeout(() => {
        retries.delete(stream);
        if (wanted.has(stream) && connection.linkUp) action();
      }, RETRY_AFTER_MS),
    );
  }

  // Only a health *delta* is sent when its serverTime was stamped; a snapshot (subscribe, resync) can carry
  // the time of the last change, minutes old, and would skew every countdown. `hello` sets the first offset.
  function noteHealthDelta(kind: string, patch: unknown): void {
    if (kind === 'health') connection.noteServerTime((patch as HealthView).serverTime);
  }

  function applySnapshot(snapshot: Snapshot): void {
    if (!wanted.has(snapshot.stream)) return;
    const entry = entries.get(snapshot.stream);
    // A live entry already past this sequence number has newer data than the snapshot.
    if (entry?.status === 'live' && entry.seq !== undefined && snapshot.seq < entry.seq) return;
    put(snapshot.stream, {
      kind: snapshot.kind,
      status: 'live',
      seq: snapshot.seq,
      data: snapshot.data,
      receivedAt: Date.now(),
      note: null,
    });
  }

  function applyDelta(delta: Delta): void {
    if (!wanted.has(delta.stream) || resyncing.has(delta.stream)) return;
    const entry = entries.get(delta.stream);
    const live = entry?.status === 'live' && entry.kind === delta.kind && entry.data !== undefined;
    const action = deltaAction(live ? entry.seq : undefined, delta.seq);
    if (action === 'ignore') return;
    if (action === 'resync' || !entry || entry.data === undefined) {
      void resync(delta.stream);
      return;
    }
    put(delta.stream, {
      seq: delta.seq,
      data: applyPatch(delta.kind, entry.data, delta.patch),
      receivedAt: Date.now(),
    });
    noteHealthDelta(delta.kind, delta.patch);
  }

  /** Asks the gateway for a fresh snapshot of one stream; deltas are dropped until it arrives. */
  async function resync(stream: StreamId): Promise<void> {
    if (resyncing.has(stream) || !connection.linkUp || !wanted.has(stream)) return;
    resyncing.add(stream);
    put(stream, { status: 'resyncing' });
    const current = generation;
    const answer = await connection.send('resync', { stream });
    resyncing.delete(stream);
    if (current !== generation || !wanted.has(stream)) return;
    if (answer.ok) {
      applySnapshot(answer.data);
      return;
    }
    if (answer.error.code === 'not_found') {
      put(stream, { status: 'waiting', note: answer.error.message });
    } else if (answer.error.code === 'forbidden') {
      put(stream, { status: 'denied', note: answer.error.message });
    } else {
      put(stream, { note: answer.error.message });
      retryLater(stream, () => void resync(stream));
    }
  }

  async function subscribe(streams: StreamId[]): Promise<void> {
    if (streams.length === 0 || !connection.linkUp) return;
    const current = generation;
    const answer = await connection.send('subscribe', { streams });
    if (current !== generation) return;
    if (!answer.ok) {
      for (const stream of streams) if (wanted.has(stream)) put(stream, { note: answer.error.message });
      const again = streams.filter((stream) => wanted.has(stream));
      if (again[0]) retryLater(again[0], () => void subscribe(again.filter((s) => wanted.has(s))));
      return;
    }
    for (const stream of answer.data.denied) {
      if (wanted.has(stream))
        put(stream, { status: 'denied', note: 'This session may not see this.', data: undefined });
    }
  }

  socket.on('snapshot', applySnapshot);
  socket.on('delta', applyDelta);

  connection.onReady(() => {
    generation += 1;
    resyncing.clear();
    for (const timer of retries.values()) clearTimeout(timer);
    retries.clear();
    // Old data stays on screen, flagged, until the fresh snapshot replaces it.
    for (const [stream, entry] of entries) {
      entries.set(stream, {
        ...entry,
        status: entry.data === undefined ? 'waiting' : 'resyncing',
        seq: undefined,
      });
    }
    void subscribe([...wanted.keys()]);
  });

  /** Declares that a part of the screen needs these streams; subscribes the new ones. */
  function want(streams: readonly StreamId[]): void {
    const added: StreamId[] = [];
    for (const stream of streams) {
      const count = wanted.get(stream) ?? 0;
      wanted.set(stream, count + 1);
      if (count === 0) {
        added.push(stream);
        put(stream, {});
      }
    }
    void subscribe(added);
  }

  /** The opposite of {@link want}; a stream nobody wants any more is dropped and unsubscribed. */
  function release(streams: readonly StreamId[]): void {
    const dropped: StreamId[] = [];
    for (const stream of streams) {
      const count = wanted.get(stream) ?? 0;
      if (count <= 1) {
        wanted.delete(stream);
        entries.delete(stream);
        clearTimeout(retries.get(stream));
        retries.delete(stream);
        dropped.push(stream);
      } else wanted.set(stream, count - 1);
    }
    if (dropped.length > 0 && connection.linkUp) void connection.send('unsubscribe', { streams: dropped });
  }

  /** Forgets everything (logout, expired session). */
  function reset(): void {
    generation += 1;
    wanted.clear();
    entries.clear();
    resyncing.clear();
    for (const timer of retries.values()) clearTimeout(timer);
    retries.clear();
  }

  /** The entry of a stream, typed by its kind. */
  function entry<K extends keyof StreamTypes>(stream: StreamId, _kind: K): StreamEntry<K> | undefined {
    return entries.get(stream) as StreamEntry<K> | undefined;
  }

  /**
   * Several streams of one keyed kind as one list (a limited scope watches held and desk-phone calls per
   * queue): their items in stream order, each key once, and one status: `denied` only when every stream
   * is, otherwise the least settled of the rest (`resyncing`, then `waiting`, then `live`).
   */
  function combined<K extends 'inbound' | 'uacsta'>(
    streams: readonly StreamId[],
    _kind: K,
    keyOf: (item: StreamTypes[K]['data'][number]) => string,
  ): { status: StreamStatus; data: StreamTypes[K]['data'] } {
    const parts = streams.map((stream) => entries.get(stream) as StreamEntry<K> | undefined);
    const open = parts.filter((part) => part?.status !== 'denied');
    const statuses = open.map((part) => part?.status ?? 'waiting');
    const status: StreamStatus =
      open.length === 0
        ? 'denied'
        : ((['resyncing', 'waiting'] as const).find((s) => statuses.includes(s)) ?? 'live');
    const seen = new Set<string>();
    const data: StreamTypes[K]['data'][number][] = [];
    for (const part of open)
      for (const item of part?.data ?? []) {
        const key = keyOf(item);
        if (seen.has(key)) continue;
        seen.add(key);
        data.push(item);
      }
    return { status, data: data as StreamTypes[K]['data'] };
  }

  return { entries, want, release, reset, resync, entry, combined };
});
