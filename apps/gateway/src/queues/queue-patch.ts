import type { QueuePatch, QueueView } from '@switchboard/live-protocol';
import { diffKeyed, sameData } from '../live/keyed-diff.js';

/**
 * The minimal patch from the view screens have (`previous`) to `next`: only agents and waiting callers
 * that changed, stats only when a figure changed, meta only when it changed. `confirmedAt` rides along
 * with any change; on its own it is sent only once the screens' copy is `heartbeatMs` old, so a quiet
 * queue costs one small delta every other poll instead of one per poll, and still never looks stale.
 * Undefined when there is nothing to send.
 */
export function diffQueueViews(
  previous: QueueView,
  next: QueueView,
  heartbeatMs: number,
): QueuePatch | undefined {
  const patch: QueuePatch = {};
  const meta = {
    name: next.name,
    number: next.number,
    thresholds: next.thresholds,
    pollIntervalMs: next.pollIntervalMs,
  };
  const oldMeta = {
    name: previous.name,
    number: previous.number,
    thresholds: previous.thresholds,
    pollIntervalMs: previous.pollIntervalMs,
  };
  if (!sameData(meta, oldMeta)) patch.meta = meta;
  const agents = diffKeyed(previous.agents, next.agents, (a) => a.number);
  if (agents) patch.agents = agents;
  const waiting = diffKeyed(previous.waiting, next.waiting, (w) => w.callId);
  if (waiting) patch.waiting = waiting;
  if (!sameData(previous.stats, next.stats)) patch.stats = next.stats;
  if (!sameData(previous.alert, next.alert)) patch.alert = next.alert;
  const changed = Object.keys(patch).length > 0;
  const confirmedMoved = next.confirmedAt !== previous.confirmedAt;
  if (confirmedMoved && (changed || next.confirmedAt - previous.confirmedAt >= heartbeatMs)) {
    patch.confirmedAt = next.confirmedAt;
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}
