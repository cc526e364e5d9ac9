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
  stepAlert,
  type AlertLevel,
  type AlertTrack,
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

/** Runs a queue through levels, one per second from NOW, and returns the announcements and the last track. */
function run(levels: AlertLevel[], start?: AlertTrack) {
  let track = start;
  const announced: (AlertLevel | null)[] = [];
  levels.forEach((raw, i) => {
    const step = stepAlert(track, raw, NOW + i * 1000, rules);
    track = step.track;
    announced.push(step.announce);
  });
  return { track: track as AlertTrack, announced };
}

describe('queueCondition', () => {
  it('does not judge the service level before enough calls: one abandoned call is not 0 % critical', () => {
    expect(queueCondition(withStats(0, today(0, 1, 0)), NOW, rules)).toEqual({ level: 'ok', reasons: [] });
  });

  it('judges the service level once enough calls count, short abandons left out', () => {
    expect(queueCondition(withStats(0, today(4, 6, 40, 1)), NOW, rules).level).toBe('ok');
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
});

describe('stepAlert', () => {
  it('alerts only after the level has held for the dwell time', () => {
    const { track, announced } = run(Array<AlertLevel>(11).fill('critical'));
    expect(announced.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(announced[10]).toBe('critical');
    expect(track.level).toBe('critical');
  });

  it('never alerts for a blip shorter than the dwell time', () => {
    const { track, announced } = run([...Array<AlertLevel>(9).fill('critical'), 'ok', 'critical']);
    expect(announced.every((a) => a === null)).toBe(true);
    expect(track.level).toBe('ok');
  });

  it('counts warn time toward a warning even while it rises to critical', () => {
    const { announced } = run([
      ...Array<AlertLevel>(5).fill('warn'),
      ...Array<AlertLevel>(6).fill('critical'),
    ]);
    expect(announced[10]).toBe('warn');
  });

  it('clears at once when the queue gets better', () => {
    const up = run(Array<AlertLevel>(11).fill('critical'));
    const down = stepAlert(up.track, 'warn', NOW + 11_000, rules);
    expect(down.track.level).toBe('warn');
    expect(down.announce).toBeNull();
    expect(stepAlert(down.track, 'ok', NOW + 12_000, rules).track.level).toBe('ok');
  });

  it('stays quiet within the cooldown when a queue flaps, and announces again after it', () => {
    const first = run(Array<AlertLevel>(11).fill('critical'));
    const cleared = stepAlert(first.track, 'ok', NOW + 11_000, rules).track;
    const again = run(Array<AlertLevel>(11).fill('critical'), cleared);
    expect(again.track.level).toBe('critical');
    expect(again.announced.every((a) => a === null)).toBe(true);

    let track = stepAlert(again.track, 'ok', NOW + 200_000, rules).track;
    let announce: AlertLevel | null = null;
    for (let s = 0; s <= 10; s++)
      ({ track, announce } = stepAlert(track, 'warn', NOW + 201_000 + s * 1000, rules));
    expect(announce).toBe('warn');
  });
});

describe('silence and presentation', () => {
  const critical = run(Array<AlertLevel>(11).fill('critical')).track;
  const enteredAt = critical.since;

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
