import { describe, expect, it } from 'vitest';
import { agent, queueView } from '../../test/support/fixtures.js';
import { boardAgents, mergeAgents } from './merge-agents.js';

describe('mergeAgents', () => {
  it('shows an agent of two queues once, in the state that says most, frozen as that queue is', () => {
    const live = queueView(1, { agents: [agent('1001', 'available'), agent('1002', 'paused')] });
    const stale = queueView(2, { agents: [agent('1001', 'on_call'), agent('1003', 'available')] });
    const merged = mergeAgents([
      { view: live, frozenAt: null },
      { view: stale, frozenAt: 5_000 },
    ]);
    expect(merged.map((a) => [a.agent.number, a.agent.state, a.frozenAt])).toEqual([
      ['1001', 'on_call', 5_000],
      ['1002', 'paused', null],
      ['1003', 'available', 5_000],
    ]);
  });

  it('gives one queue’s agents its freeze time', () => {
    expect(boardAgents(queueView(1), 7_000).map((a) => a.frozenAt)).toEqual([7_000, 7_000]);
  });
});
