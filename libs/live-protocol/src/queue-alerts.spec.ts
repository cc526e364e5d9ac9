import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALERT_RULES,
  figureLevels,
  levelOf,
  nextQueueAlert,
  serviceLevelCalls,
  shownFigureLevel,
  stepQueueAlert,
  type AlertFigures,
} from './queue-alerts.js';
import type { AlertLevel, QueueAlertView, QueueTodayStats } from './views.js';

const rules = DEFAULT_ALERT_RULES;
const NOW = 1_000_000;

function today(
  answered: number,
  abandoned: number,
  serviceLevel: number | null,
  shortAbandoned = 0,
): QueueTodayStats {
  return {
    dayStart: 0,
    timeZone: 'Europe/Paris',
    offered: answered + abandoned + shortAbandoned,
    answered,
    abandoned,
    shortAbandoned,
    answeredWithinThreshold: 0,
    serviceLevel,
    avgWaitSec: null,
    avgTalkSec: null,
  };
}

function figures(
  waiting: number,
  t: QueueTodayStats,
  oldestWaitingSince: number | null = null,
): AlertFigures {
  return {
    stats: { waiting, oldestWaitingSince, today: t },
    thresholds: {
      waiting: { warn: 3, critical: 6 },
      longestWaitSec: { warn: 60, critical: 120 },
      serviceLevel: { warn: 80, critical: 60 },
    },
  };
}

/** Runs a queue through raw levels, one per second from NOW; returns each step's alert. */
function run(levels: AlertLevel[], start?: QueueAlertView): QueueAlertView[] {
  const out: QueueAlertView[] = [];
  let alert = start;
  levels.forEach((raw, i) => {
    alert = stepQueueAlert(alert, raw, NOW + i * 1000, rules);
    out.push(alert);
  });
  return out;
}
const announcedAt = (steps: QueueAlertView[]) => steps.map((s) => s.announcedAt);

describe('levelOf', () => {
  const waiting = { warn: 3, critical: 6 };

  it('rates figures where higher is worse (calls waiting, longest wait)', () => {
    expect(levelOf(0, waiting)).toBe('ok');
    expect(levelOf(2, waiting)).toBe('ok');
    expect(levelOf(3, waiting)).toBe('warn');
    expect(levelOf(5, waiting)).toBe('warn');
    expect(levelOf(6, waiting)).toBe('critical');
    expect(levelOf(60, waiting)).toBe('critical');
  });

  it('rates the service level, where lower is worse', () => {
    const sl = { warn: 80, critical: 60 };
    expect(levelOf(95, sl, 'lower-is-worse')).toBe('ok');
    expect(levelOf(80, sl, 'lower-is-worse')).toBe('warn');
    expect(levelOf(61, sl, 'lower-is-worse')).toBe('warn');
    expect(levelOf(60, sl, 'lower-is-worse')).toBe('critical');
    expect(levelOf(0, sl, 'lower-is-worse')).toBe('critical');
  });

  it('has no level without thresholds, and no alarm without a value', () => {
    expect(levelOf(100, { warn: null, critical: null })).toBe('none');
    expect(levelOf(null, { warn: 80, critical: 60 }, 'lower-is-worse')).toBe('ok');
  });

  it('works with only one of the two thresholds set', () => {
    expect(levelOf(10, { warn: null, critical: 10 })).toBe('critical');
    expect(levelOf(9, { warn: null, critical: 10 })).toBe('ok');
    expect(levelOf(10, { warn: 5, critical: null })).toBe('warn');
  });
});

describe('figureLevels', () => {
  it('does not judge the service level before enough calls: one lost call of two is not 50 % critical', () => {
    expect(figureLevels(figures(0, today(1, 1, 50)), NOW, rules).serviceLevel).toBe('none');
    expect(figureLevels(figures(0, today(0, 1, 0)), NOW, rules)).toEqual({
      waiting: 'ok',
      longestWait: 'ok',
      serviceLevel: 'none',
    });
  });

  it('judges the service level from answered + abandoned calls; short abandons are already apart', () => {
    expect(serviceLevelCalls(today(4, 6, 40, 3))).toBe(10);
    expect(figureLevels(figures(0, today(4, 6, 40, 3)), NOW, rules).serviceLevel).toBe('critical');
    expect(figureLevels(figures(0, today(4, 5, 44, 3)), NOW, rules).serviceLevel).toBe('none');
  });

  it('rates waiting calls and the longest wait at `now`', () => {
    expect(figureLevels(figures(4, today(20, 2, 75), NOW - 130_000), NOW, rules)).toEqual({
      waiting: 'warn',
      longestWait: 'critical',
      serviceLevel: 'warn',
    });
  });
});

describe('shownFigureLevel', () => {
  it('never shows a figure worse than its queue alert, so a tile cannot say critical beside a normal row', () => {
    expect(shownFigureLevel('critical', 'ok')).toBe('ok');
    expect(shownFigureLevel('critical', 'warn')).toBe('warn');
    expect(shownFigureLevel('warn', 'critical')).toBe('warn');
    expect(shownFigureLevel('none', 'critical')).toBe('none');
    expect(shownFigureLevel('critical', 'critical')).toBe('critical');
  });
});

describe('stepQueueAlert', () => {
  it('alerts only after the level has held for the dwell time, and announces that rise', () => {
    const steps = run(Array<AlertLevel>(11).fill('critical'));
    expect(steps.slice(0, 10).map((s) => s.level)).toEqual(Array(10).fill('ok'));
    expect(steps[10]).toMatchObject({ level: 'critical', since: NOW + 10_000, announcedAt: NOW + 10_000 });
  });

  it('never alerts for a blip shorter than the dwell time', () => {
    const steps = run([...Array<AlertLevel>(9).fill('critical'), 'ok', 'critical']);
    expect(steps.every((s) => s.level === 'ok' && s.announcedAt === null)).toBe(true);
  });

  it('counts warn time toward a warning even while it rises to critical', () => {
    const steps = run([...Array<AlertLevel>(5).fill('warn'), ...Array<AlertLevel>(6).fill('critical')]);
    expect(steps[10]?.level).toBe('warn');
  });

  it('clears at once when the queue gets better', () => {
    const up = run(Array<AlertLevel>(11).fill('critical')).at(-1);
    const down = stepQueueAlert(up, 'warn', NOW + 11_000, rules);
    expect(down).toMatchObject({ level: 'warn', since: NOW + 11_000, announcedAt: NOW + 10_000 });
    expect(stepQueueAlert(down, 'ok', NOW + 12_000, rules).level).toBe('ok');
  });

  it('does not announce again within the cooldown when a queue flaps, and does after it', () => {
    const first = run(Array<AlertLevel>(11).fill('critical')).at(-1);
    const cleared = stepQueueAlert(first, 'ok', NOW + 11_000, rules);
    const again = run(Array<AlertLevel>(11).fill('critical'), cleared);
    expect(again.at(-1)?.level).toBe('critical');
    expect(new Set(announcedAt(again))).toEqual(new Set([NOW + 10_000]));
    const later = stepQueueAlert(again.at(-1), 'ok', NOW + 200_000, rules);
    let alert = later;
    for (let s = 0; s <= 10; s++) alert = stepQueueAlert(alert, 'warn', NOW + 201_000 + s * 1000, rules);
    expect(alert).toMatchObject({ level: 'warn', announcedAt: NOW + 211_000 });
  });
});

describe('nextQueueAlert', () => {
  it('judges figures and steps in one go', () => {
    const start = nextQueueAlert(undefined, figures(6, today(0, 0, null)), NOW);
    expect(start).toMatchObject({ level: 'ok', criticalSince: NOW });
    expect(nextQueueAlert(start, figures(6, today(0, 0, null)), NOW + 10_000).level).toBe('critical');
  });
});
