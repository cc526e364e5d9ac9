import {
  callStreamsOf,
  heldCallAt,
  heldCallGone,
  RESOLVED_VISIBLE_MS,
  STREAM_KEYS,
  type DecideCommand,
  type HeldCallStatus,
  type HeldCallView,
  type StreamId,
} from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { computed, ref, shallowReactive, watch } from 'vue';
import { callerLine, isSettled, outcomeText } from '../lib/prompt-outcome.js';
import { useClockStore } from './clock.store.js';
import { useConnectionStore } from './connection.store.js';
import { useSessionStore } from './session.store.js';
import { useStreamsStore, type StreamStatus } from './streams.store.js';

/** A decision a supervisor can take on a held call. */
export type Decision = DecideCommand['decision'];

/** A held call as the prompt panel shows it: server state merged with this screen's pending decision. */
export interface PromptView {
  call: HeldCallView;
  status: HeldCallStatus;
  /** The decision this screen sent and awaits. */
  deciding: Decision | null;
  /** Why this screen's decision failed (e.g. someone else decided first). */
  error: string | null;
  outcome: string | null;
}

/**
 * Settled prompts stay visible this long so everyone sees who decided: the gateway's own visible time, the
 * held-call rule's (a call reported unseen counts from when it was reported, see `settledAt`).
 */
export const KEEP_SETTLED_MS = RESOLVED_VISIBLE_MS;
/** A decision must be answered quickly: the PBX deadline is seconds away. */
export const DECIDE_TIMEOUT_MS = 5000;

interface LocalState {
  deciding: Decision | null;
  error: string | null;
  /** The gateway's answer, shown until the stream catches up. */
  answer: HeldCallView | null;
}

/**
 * Held inbound calls: prompts in arrival order, decisions with an optimistic `deciding` state and the
 * gateway's error shown when the decision fails, arrival hooks for sound and notifications, and an
 * aria-live announcement for screen readers. A session that sees the whole PBX watches `inbound`; one
 * with a list of queues watches `inbound:<id>` per queue, merged here into one list.
 */
export const useInboundStore = defineStore('inbound', () => {
  const streams = useStreamsStore();
  const connection = useConnectionStore();
  const session = useSessionStore();
  const clock = useClockStore();

  /** The streams of held calls this session watches (views subscribe them). */
  const streamIds = computed<StreamId[]>(() =>
    // Nothing before the session is known: a limited scope must not ask for the whole stream first.
    session.info ? callStreamsOf('inbound', session.info) : [],
  );
  const combined = computed(() => streams.combined(streamIds.value, 'inbound', STREAM_KEYS.inbound));
  /** Where the held calls stand on this screen, over all their streams. */
  const status = computed<StreamStatus>(() => (session.info ? combined.value.status : 'waiting'));

  const local = shallowReactive(new Map<string, LocalState>());
  const announcement = ref('');
  const arrivalListeners = new Set<(call: HeldCallView) => void>();
  const seen = new Map<string, HeldCallStatus>();
  /** Gateway time this screen first saw each call: unseen calls arrive long after their deadline. */
  const firstSeen = shallowReactive(new Map<string, number>());

  /** The calls as the gateway sent them (raw: the changes the rule implies were not sent). */
  const received = computed<HeldCallView[]>(() => combined.value.data);

  /** Calls the rule changed, per raw item: a clock tick that changes nothing more keeps the same objects. */
  const ruled = new WeakMap<HeldCallView, HeldCallView>();
  function atNow(call: HeldCallView, now: number): HeldCallView {
    const next = heldCallAt(call, now);
    if (next === call) return call;
    const known = ruled.get(call);
    if (known) return known;
    ruled.set(call, next);
    return next;
  }

  /**
   * The calls as they stand now under the held-call rule (libs/live-protocol): a call open at its deadline
   * reads "accepted automatically" then without waiting for a frame (the gateway sends none), and a settled
   * call leaves when its visible time is over (the gateway's removal rides with its next change, or never
   * comes when nothing else changes). A call reported unseen leaves {@link KEEP_SETTLED_MS} after it was
   * reported. The same array while nothing changes, so a clock tick re-renders nothing.
   */
  const calls = computed<HeldCallView[]>((previous) => {
    const now = clock.serverNow;
    const next: HeldCallView[] = [];
    for (const call of received.value) {
      if (heldCallGone(call, now)) continue;
      const current = atNow(call, now);
      if (current.unseenReason && now - settledAt(current, now) >= KEEP_SETTLED_MS) continue;
      next.push(current);
    }
    const same = previous?.length === next.length && next.every((call, i) => call === previous[i]);
    return same ? previous : next;
  });

  const all = computed<PromptView[]>(() =>
    [...calls.value]
      .sort((a, b) => a.receivedAt - b.receivedAt || a.callId.localeCompare(b.callId))
      .map((serverCall) => {
        const mine = local.get(serverCall.callId);
        const call = mine?.answer && !isSettled(serverCall.status) ? mine.answer : serverCall;
        const status: HeldCallStatus = mine?.deciding && !isSettled(call.status) ? 'deciding' : call.status;
        return {
          call,
          status,
          deciding: mine?.deciding ?? null,
          error: mine?.error ?? null,
          outcome: outcomeText({ ...call, status }),
        };
      }),
  );

  /**
   * When a call the PBX accepted while nobody could see it counts as settled: it is reported after the
   * outage, long past its deadline, so from when it was reported (the gateway learned of it, or this screen
   * first saw it, `now` until the screen notes that). Other calls follow the rule (decision, or deadline).
   */
  function settledAt(call: HeldCallView, now: number): number {
    const decided = call.decidedAt ?? call.deadline;
    if (!call.unseenReason) return decided;
    return Math.max(decided, call.receivedAt, firstSeen.get(call.callId) ?? now);
  }

  /** Prompts to show: open ones, and settled ones for their visible time ({@link calls}). */
  const prompts = all;

  /** The oldest prompt still waiting for a decision (target of keyboard shortcuts). */
  const oldestOpen = computed(() => prompts.value.find((prompt) => prompt.status === 'pending'));

  watch(
    received,
    (list) => {
      const now = connection.serverNow();
      for (const call of list) if (!firstSeen.has(call.callId)) firstSeen.set(call.callId, now);
      const present = new Set(list.map((call) => call.callId));
      for (const callId of [...firstSeen.keys()]) if (!present.has(callId)) firstSeen.delete(callId);
    },
    { immediate: true },
  );

  watch(calls, (list) => {
    for (const call of list) {
      const before = seen.get(call.callId);
      seen.set(call.callId, call.status);
      if (before === undefined && call.status === 'pending') {
        announcement.value = `Incoming call from ${callerLine(call)} to ${call.to}. Accept, refuse or block.`;
        for (const listener of arrivalListeners) listener(call);
      } else if (before !== undefined && !isSettled(before) && isSettled(call.status)) {
        announcement.value = `Call from ${callerLine(call)}: ${outcomeText(call) ?? call.status}.`;
      }
    }
    const present = new Set(list.map((call) => call.callId));
    for (const callId of [...seen.keys()]) if (!present.has(callId)) seen.delete(callId);
    for (const callId of [...local.keys()]) if (!present.has(callId)) local.delete(callId);
  });

  /** The held call whose refuse-and-block waits for the supervisor's confirmation (button or key B). */
  const blockAsk = ref<string | null>(null);
  /** Undo of a block this screen sent: pending, or why it failed. */
  const undos = shallowReactive(new Map<string, { pending: boolean; error: string | null }>());

  /**
   * Sends a decision; the prompt shows `deciding` until the gateway answers. A refuse-and-block blocks the
   * number for good, so it is only asked for here ({@link blockAsk}) until `confirmed`.
   */
  async function decide(
    callId: string,
    decision: Decision,
    options: { confirmed?: boolean } = {},
  ): Promise<boolean> {
    const prompt = all.value.find((p) => p.call.callId === callId);
    if (!prompt || prompt.status !== 'pending') return false;
    if (decision === 'refuse_and_block' && !options.confirmed) {
      blockAsk.value = callId;
      return false;
    }
    if (blockAsk.value === callId) blockAsk.value = null;
    local.set(callId, { deciding: decision, error: null, answer: null });
    const answer = await connection.send('inbound:decide', { callId, decision }, DECIDE_TIMEOUT_MS);
    local.set(callId, {
      deciding: null,
      error: answer.ok ? null : answer.error.message,
      answer: answer.ok ? answer.data : null,
    });
    if (!answer.ok) announcement.value = `Decision failed: ${answer.error.message}`;
    return answer.ok;
  }

  /** Drops the pending refuse-and-block question. */
  function cancelBlock(): void {
    blockAsk.value = null;
  }

  /** Undoes this screen's refuse-and-block while the gateway allows it: the number is no longer blocked. */
  async function unblock(callId: string): Promise<boolean> {
    if (undos.get(callId)?.pending) return false;
    undos.set(callId, { pending: true, error: null });
    const answer = await connection.send('inbound:unblock', { callId });
    undos.set(callId, { pending: false, error: answer.ok ? null : answer.error.message });
    announcement.value = answer.ok
      ? `Block undone: ${answer.data.from} can call again.`
      : `Undo failed: ${answer.error.message}`;
    return answer.ok;
  }

  /** Calls `listener` for each newly held call (sound, notification); returns the unsubscribe. */
  function onArrival(listener: (call: HeldCallView) => void): () => void {
    arrivalListeners.add(listener);
    return () => arrivalListeners.delete(listener);
  }

  return {
    streams: streamIds,
    status,
    prompts,
    oldestOpen,
    announcement,
    decide,
    onArrival,
    blockAsk,
    cancelBlock,
    unblock,
    undos,
  };
});
