import { applyQueuePatch } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { META, TODAY, agent, calls, entry } from '../../test/support/queue-fixtures.js';
import { diffQueueViews } from './queue-patch.js';
import { QueueLiveState } from './queue-state.model.js';

const HEARTBEAT = 3_000;

function polledAt(
  now: number,
  agents = [agent('2001'), agent('2002')],
  waiting = [entry('w1', '555', '6400', 2)],
) {
  const queue = new QueueLiveState(META);
  queue.applyPoll(agents, calls({ waiting_list: waiting }), now);
  return queue;
}

/** A queue polled at 1 s, as screens saw it then and after one more poll at `at` of `waiting` and `agents`. */
function repolled(at: number, waiting: ReturnType<typeof entry>[], agents = [agent('2001'), agent('2002')]) {
  const queue = polledAt(1_000);
  const before = queue.view(TODAY, undefined, 0);
  queue.applyPoll(agents, calls({ waiting_list: waiting }), at);
  return { before, after: queue.view(TODAY, undefined, 0) };
}

describe('diffQueueViews', () => {
  it('sends nothing when nothing changed, even though a new poll confirmed the data', () => {
    const { before, after } = repolled(3_000, [entry('w1', '555', '6400', 4)]);
    expect(diffQueueViews(before, after, HEARTBEAT)).toBeUndefined();
  });

  it('sends only confirmedAt once the screens copy is a heartbeat old', () => {
    const { before, after } = repolled(4_000, [entry('w1', '555', '6400', 5)]);
    expect(diffQueueViews(before, after, HEARTBEAT)).toEqual({ confirmedAt: 4_000 });
  });

  it('carries only the agent that changed, and the stats because the counts moved', () => {
    const { before, after } = repolled(
      2_000,
      [entry('w1', '555', '6400', 3)],
      [agent('2001'), agent('2002', { call_status: 2 })],
    );
    const patch = diffQueueViews(before, after, HEARTBEAT);
    expect(patch?.agents).toEqual({ upsert: [after.agents[1]], remove: [] });
    expect(patch?.waiting).toBeUndefined();
    expect(patch?.meta).toBeUndefined();
    expect(patch?.stats?.agentCounts).toMatchObject({ available: 1, on_call: 1 });
    expect(patch?.confirmedAt).toBe(2_000);
    expect(patch && applyQueuePatch(before, patch)).toEqual(after);
  });

  it('adds and removes waiting callers by key, leaving stats out when no figure changed', () => {
    const { before, after } = repolled(1_500, [entry('w2', '777', '6400', 0)]);
    const patch = diffQueueViews(before, after, HEARTBEAT) ?? {};
    expect(patch.waiting).toEqual({ upsert: [after.waiting[0]], remove: ['w1'] });
    expect(patch.agents).toBeUndefined();
    // One waiting before and after, but the oldest changed: stats must follow.
    expect(patch.stats?.oldestWaitingSince).toBe(1_500);
    expect(applyQueuePatch(before, patch)).toEqual(after);
  });

  it('sends meta when the queue was renamed or its interval stretched, and stats when today changed', () => {
    const queue = polledAt(1_000);
    const before = queue.view(TODAY, undefined, 0);
    queue.setMeta({ ...META, name: 'Sales EU', pollIntervalMs: 4_000 });
    const after = queue.view({ ...TODAY, offered: 1 }, undefined, 0);
    const patch = diffQueueViews(before, after, HEARTBEAT) ?? {};
    expect(patch.meta).toMatchObject({ name: 'Sales EU', pollIntervalMs: 4_000, number: '6400' });
    expect(patch.stats?.today.offered).toBe(1);
    expect(patch.agents).toBeUndefined();
    expect(patch.confirmedAt).toBeUndefined();
  });
});
