import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_RULES, figureLevels, THRESHOLD_RULES, type AlertFigures } from './queue-alerts.js';
import {
  agentMetric,
  ALERTING_METRICS,
  QUEUE_METRIC_KEYS,
  QUEUE_METRICS,
  type AlertThreshold,
  type QueueMetricSpec,
} from './queue-metrics.js';
import { AGENT_STATES } from './views.js';

const NOW = 1_000_000;
const rows = QUEUE_METRIC_KEYS.map((key) => [key, QUEUE_METRICS[key] as QueueMetricSpec] as const);

/** A queue past every figure's threshold, judged only by `only` (every other pair unset). */
function crossedQueue(only: AlertThreshold): AlertFigures {
  const none = { warn: null, critical: null };
  const set = (threshold: AlertThreshold, pair: { warn: number; critical: number }) =>
    threshold === only ? pair : none;
  return {
    stats: {
      waiting: 9,
      oldestWaitingSince: NOW - 300_000,
      today: {
        dayStart: 0,
        timeZone: 'Europe/Paris',
        offered: 40,
        answered: 20,
        abandoned: 20,
        shortAbandoned: 0,
        answeredWithinThreshold: 10,
        serviceLevel: 25,
        avgWaitSec: 30,
        avgTalkSec: 90,
      },
    },
    thresholds: {
      waiting: set('waiting', { warn: 3, critical: 6 }),
      longestWaitSec: set('longestWaitSec', { warn: 60, critical: 120 }),
      serviceLevel: set('serviceLevel', { warn: 80, critical: 60 }),
    },
  };
}

describe('QUEUE_METRICS', () => {
  it('gives every figure a label, a column head and a one-sentence definition, none shared', () => {
    for (const [key, spec] of rows) {
      expect(spec.label.trim(), key).not.toBe('');
      expect(spec.head.trim(), key).not.toBe('');
      expect(spec.definition, key).toMatch(/^[A-Z].*\.$/);
    }
    const unique = (values: string[]) => new Set(values).size;
    expect(unique(rows.map(([, spec]) => spec.label))).toBe(rows.length);
    expect(unique(rows.map(([, spec]) => spec.head))).toBe(rows.length);
    expect(unique(rows.map(([, spec]) => spec.definition))).toBe(rows.length);
  });

  it('counts agents of every state, once each, side by side in AGENT_STATES order (the tiles’ order)', () => {
    const counted = rows.filter(([, spec]) => spec.state !== undefined);
    expect(counted.map(([key]) => key)).toEqual(AGENT_STATES.map(agentMetric));
    expect(counted.map(([, spec]) => spec.state)).toEqual(AGENT_STATES);
    const first = QUEUE_METRIC_KEYS.indexOf(agentMetric(AGENT_STATES[0] ?? 'available'));
    expect(QUEUE_METRIC_KEYS.slice(first, first + AGENT_STATES.length)).toEqual(
      AGENT_STATES.map(agentMetric),
    );
    // Agents per state are a count of now: a recount of today's calls never changes them.
    expect(counted.every(([, spec]) => spec.period === 'live' && spec.alert === null)).toBe(true);
  });

  it('lists as alerting exactly the figures with a threshold, and every threshold named has a rule', () => {
    expect(ALERTING_METRICS).toEqual(rows.filter(([, spec]) => spec.alert !== null).map(([key]) => key));
    expect(ALERTING_METRICS.length).toBeGreaterThan(0);
    for (const figure of ALERTING_METRICS) {
      const rule = THRESHOLD_RULES[QUEUE_METRICS[figure].alert];
      expect(rule, figure).toBeDefined();
      expect(['higher-is-worse', 'lower-is-worse'], figure).toContain(rule.direction);
    }
  });

  it('judges each alerting figure by its own threshold under DEFAULT_ALERT_RULES, and no other figure by it', () => {
    for (const figure of ALERTING_METRICS) {
      const levels = figureLevels(crossedQueue(QUEUE_METRICS[figure].alert), NOW, DEFAULT_ALERT_RULES);
      expect(Object.keys(levels).sort(), figure).toEqual([...ALERTING_METRICS].sort());
      expect(levels[figure], figure).toBe('critical');
      for (const other of ALERTING_METRICS.filter((key) => key !== figure))
        expect(levels[other], `${other} under ${figure}'s threshold`).toBe('none');
    }
  });
});
