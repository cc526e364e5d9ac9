import {
  agentMetric,
  AGENT_STATES,
  QUEUE_METRIC_KEYS,
  QUEUE_METRICS,
  type QueueMetricKey,
  type QueueView,
} from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { agent, queueView } from '../../test/support/fixtures.js';
import { AGENT_STATE_STYLES } from './agent-states.js';
import { figureValue, queueTiles } from './queue-tiles.js';

const NOW = 1_000_000;

/** A queue with an agent in every state, so every figure of the table has its tile. */
const everyState = (): QueueView =>
  queueView(1, { agents: AGENT_STATES.map((state, i) => agent(String(1001 + i), state)) });

const keysOf = (period: 'live' | 'today') =>
  QUEUE_METRIC_KEYS.filter((key) => QUEUE_METRICS[key].period === period);

/** The figures whose shown value differs between two views of a queue. */
function changed(before: QueueView, after: QueueView): QueueMetricKey[] {
  const values = new Map(queueTiles(before, NOW).map((tile) => [tile.metric, tile.value]));
  return queueTiles(after, NOW)
    .filter((tile) => values.get(tile.metric) !== tile.value)
    .map((tile) => tile.metric);
}

describe('queueTiles and QUEUE_METRICS', () => {
  it('shows every figure of the table, in its order, with its label and definition', () => {
    const tiles = queueTiles(everyState(), NOW);
    expect(tiles.map((tile) => tile.metric)).toEqual(QUEUE_METRIC_KEYS);
    for (const tile of tiles) {
      expect(tile.label.startsWith(QUEUE_METRICS[tile.metric].label), tile.metric).toBe(true);
      expect(tile.hint.startsWith(QUEUE_METRICS[tile.metric].definition), tile.metric).toBe(true);
    }
  });

  it('labels each agent-state count as the agent cards label that state, and shows its icon', () => {
    const tiles = queueTiles(everyState(), NOW);
    for (const state of AGENT_STATES) {
      const tile = tiles.find((t) => t.metric === agentMetric(state));
      expect(tile?.label, state).toBe(AGENT_STATE_STYLES[state].label);
      expect(tile?.state, state).toBe(state);
    }
  });

  it('has today’s figures exactly the ones a recount changes, and the live ones exactly the ones it does not', () => {
    const before = everyState();
    const recounted: QueueView = {
      ...before,
      stats: {
        ...before.stats,
        today: {
          ...before.stats.today,
          offered: 31,
          answered: 24,
          abandoned: 6,
          shortAbandoned: 1,
          answeredWithinThreshold: 19,
          serviceLevel: 63.3,
          avgWaitSec: 41,
          avgTalkSec: 150,
        },
      },
    };
    expect(changed(before, recounted)).toEqual(keysOf('today'));
    const counts = Object.fromEntries(AGENT_STATES.map((s) => [s, (before.stats.agentCounts[s] ?? 0) + 2]));
    const moved: QueueView = {
      ...before,
      stats: {
        ...before.stats,
        waiting: 4,
        oldestWaitingSince: NOW - 45_000,
        agentCounts: counts as QueueView['stats']['agentCounts'],
      },
    };
    expect(changed(before, moved)).toEqual(keysOf('live'));
  });

  it('marks exactly today’s figures provisional while a recount is pending', () => {
    const base = everyState();
    const pending = queueView(1, {
      agents: base.agents,
      stats: { ...base.stats, today: { ...base.stats.today, recountPendingSince: NOW - 60_000 } },
    });
    const provisional = queueTiles(pending, NOW).filter((tile) => tile.provisional === true);
    expect(provisional.map((tile) => tile.metric)).toEqual(keysOf('today'));
  });

  it('gives the overview the same value as the tile, for every figure', () => {
    const view = queueView(1, {
      ...everyState(),
      stats: { ...everyState().stats, waiting: 2, oldestWaitingSince: NOW - 75_000 },
    });
    for (const tile of queueTiles(view, NOW))
      expect(figureValue(view, tile.metric, NOW), tile.metric).toBe(tile.value);
  });
});
