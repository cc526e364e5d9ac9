import { describe, expect, it } from 'vitest';
import { queueView } from '../../test/support/fixtures.js';
import {
  alertRank,
  bySeverity,
  DEFAULT_ALERT_RULES,
  NO_SILENCE,
  presentAlert,
  queueCondition,
  silenceAt,
  type AlertLevel,
} from './queue-alerts.js';

const rules = DEFAULT_ALERT_RULES;
const NOW = 1_000_000;

function today(answered: number, abandoned: number, serviceLevel: number | null, shortAbandoned = 0) {
  return {
    dayStart: 0,
    timeZone: 'Europe/Paris',
    offered: answered + abandoned,
    answered,
    abandoned,
    shortAbandoned,
    answeredWithinThreshold: 0,
    serviceLevel,
    avgWaitSec: null,
    avgTalkSec: null,
  };
}

function withStats(waiting: number, t: ReturnType<typeof today>, oldestWaitingSince: number | null = null) {
  const base = queueView(1);
  return queueView(1, { stats: { ...base.stats, waiting, oldestWaitingSince, today: t } });
}

describe('queueCondition', () => {
  it('does not judge the service level before enough calls: one abandoned call is not 0 % critical', () => {
    expect(queueCondition(withStats(0, today(0, 1, 0)), NOW, rules)).toEqual({ level: 'ok', reasons: [] });
  });

  it('judges the service level once enough calls count; short abandons are not among them', () => {
    expect(queueCondition(withStats(0, today(4, 5, 40, 3)), NOW, rules).level).toBe('ok');
    expect(queueCondition(withStats(0, today(4, 6, 40)), NOW, rules)).toEqual({
      level: 'critical',
      reasons: ['service level 40%'],
    });
  });

  it('names every crossed figure, worst first', () => {
    const condition = queueCondition(withStats(4, today(20, 2, 75), NOW - 130_000), NOW, rules);
    expect(condition).toEqual({
      level: 'critical',
      reasons: ['longest wait 2:10', '4 waiting', 'service level 75%'],
    });
  });

  it('words the figures at the level of the gateway’s alert: nothing while the rise is in its dwell time', () => {
    const base = withStats(4, today(20, 2, 75), NOW - 130_000);
    const dwelling = { ...base, alert: { ...base.alert, level: 'ok' as const } };
    expect(queueCondition(dwelling, NOW, rules)).toEqual({ level: 'critical', reasons: [] });
    const warned = { ...base, alert: { ...base.alert, level: 'warn' as const } };
    expect(queueCondition(warned, NOW, rules).reasons).toEqual([
      '4 waiting',
      'longest wait 2:10',
      'service level 75%',
    ]);
  });
});

describe('silence and presentation', () => {
  const enteredAt = NOW + 10_000;
  const critical = {
    level: 'critical' as const,
    since: enteredAt,
    warnSince: NOW,
    criticalSince: NOW,
    announcedAt: enteredAt,
  };

  it('flashes when a critical alert starts, then holds steady', () => {
    expect(presentAlert(critical, NO_SILENCE, enteredAt, rules)).toMatchObject({
      flashing: true,
      audible: true,
    });
    expect(presentAlert(critical, NO_SILENCE, enteredAt + 10_000, rules)).toMatchObject({
      level: 'critical',
      flashing: false,
      audible: true,
    });
  });

  it('stops flashing and sounding once acknowledged, until the queue gets worse', () => {
    const acked = { acknowledged: 'critical' as const, muted: false };
    expect(presentAlert(critical, acked, enteredAt, rules)).toMatchObject({
      acknowledged: true,
      flashing: false,
      audible: false,
    });
    const warnAck = { acknowledged: 'warn' as const, muted: false };
    expect(silenceAt(warnAck, 'warn')).toEqual(warnAck);
    expect(silenceAt(warnAck, 'critical')).toEqual(NO_SILENCE);
  });

  it('mutes until the queue is back to normal', () => {
    const muted = { acknowledged: null, muted: true };
    expect(presentAlert(critical, muted, enteredAt, rules)).toMatchObject({ muted: true, audible: false });
    expect(silenceAt(muted, 'critical')).toEqual(muted);
    expect(silenceAt(muted, 'ok')).toEqual(NO_SILENCE);
  });

  it('ranks loud alerts above muted ones above quiet queues', () => {
    const at = (level: AlertLevel, muted = false) =>
      alertRank({ level, muted, acknowledged: false, flashing: false, audible: !muted });
    expect(at('critical')).toBeGreaterThan(at('warn'));
    expect(at('warn')).toBeGreaterThan(at('critical', true));
    expect(at('critical', true)).toBeGreaterThan(at('ok'));
  });
});

describe('bySeverity', () => {
  it('puts the most severe queue first and keeps id order among equals', () => {
    const keys = [
      { id: 1, rank: 0, waiting: 0, longestWaitSec: null },
      { id: 2, rank: 3, waiting: 2, longestWaitSec: 30 },
      { id: 3, rank: 4, waiting: 1, longestWaitSec: 10 },
      { id: 4, rank: 3, waiting: 5, longestWaitSec: 10 },
      { id: 5, rank: 0, waiting: 0, longestWaitSec: null },
    ];
    expect([...keys].sort(bySeverity).map((k) => k.id)).toEqual([3, 4, 2, 1, 5]);
  });
});
