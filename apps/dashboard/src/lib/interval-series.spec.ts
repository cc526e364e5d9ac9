import type {
  QueueDayIntervals,
  QueueIntervalFigures,
  QueueIntervalsAnswer,
} from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import {
  axisTop,
  chartData,
  chartSummary,
  currentSlot,
  daySoFar,
  formatFigure,
  formatTimeOfDay,
  hourStep,
  hourTicks,
  intervalRows,
  intervalWords,
  pointCount,
  seriesOf,
  shapeIntervals,
  withAlpha,
} from './interval-series.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Monday 6 January 2025, 00:00 UTC: today's day start in these answers. */
const TODAY = Date.UTC(2025, 0, 6);

function interval(start: number, figures: Partial<QueueIntervalFigures> = {}): QueueIntervalFigures {
  return {
    start,
    offered: 0,
    answered: 0,
    abandoned: 0,
    shortAbandoned: 0,
    serviceLevel: null,
    avgWaitSec: null,
    longestWaitSec: null,
    ...figures,
  };
}

/** A day of `count` intervals from `dayStart`, each with the figures `at(i)` gives. */
function dayOf(
  dayStart: number,
  count: number,
  at: (i: number) => Partial<QueueIntervalFigures> = () => ({}),
  intervalMin = 15,
): QueueDayIntervals {
  return {
    dayStart,
    intervals: Array.from({ length: count }, (_, i) => interval(dayStart + i * intervalMin * MIN, at(i))),
  };
}

function answer(
  today: QueueDayIntervals,
  lastWeek: QueueDayIntervals | null,
  intervalMin = 15,
): QueueIntervalsAnswer {
  return { queueId: 1, timeZone: 'Europe/Berlin', intervalMin, today, lastWeek };
}

describe('shapeIntervals', () => {
  it('lays last week over today by interval index, not by its own time', () => {
    // A week ago the clocks were an hour apart: last week's day started 7 days and 1 hour before today's.
    const lastWeekStart = TODAY - 7 * DAY - HOUR;
    const day = shapeIntervals(
      answer(
        dayOf(TODAY, 41, (i) => ({ offered: i === 40 ? 12 : 1 })),
        dayOf(lastWeekStart, 96, (i) => ({ offered: i === 40 ? 9 : 0 })),
      ),
    );
    // Interval 40 (10:00 on both days' own clocks) is drawn in today's slot 40.
    expect(day.xs[40]).toBe(TODAY + 40 * 15 * MIN);
    expect(day.today.offered[40]).toBe(12);
    expect(day.lastWeek?.offered[40]).toBe(9);
    expect(day.lastWeek?.offered[39]).toBe(0);
    expect(day.todayCount).toBe(41);
    expect(day.lastWeekCount).toBe(96);
  });

  it('places each interval by its start, so a missing one leaves its slot empty', () => {
    const today: QueueDayIntervals = {
      dayStart: TODAY,
      intervals: [interval(TODAY, { offered: 3 }), interval(TODAY + 30 * MIN, { offered: 5 })],
    };
    const day = shapeIntervals(answer(today, null));
    expect(day.today.offered.slice(0, 3)).toEqual([3, null, 5]);
    expect(day.lastWeek).toBeNull();
    expect(day.lastWeekCount).toBe(0);
  });

  it('leaves the rest of today empty and keeps 24 hours on the axis', () => {
    const day = shapeIntervals(answer(dayOf(TODAY, 10), dayOf(TODAY - 7 * DAY, 96)));
    expect(day.xs).toHaveLength(96);
    expect(day.end).toBe(TODAY + DAY);
    expect(day.today.offered[9]).toBe(0);
    expect(day.today.offered[10]).toBeNull();
    expect(currentSlot(day)).toBe(9);
  });

  it('runs the axis as long as a 25-hour day of last week (clocks went back): 100 slots', () => {
    const day = shapeIntervals(
      answer(
        dayOf(TODAY, 4),
        dayOf(TODAY - 7 * DAY, 100, () => ({ offered: 2 })),
      ),
    );
    expect(day.xs).toHaveLength(100);
    expect(day.end).toBe(TODAY + 25 * HOUR);
    expect(day.lastWeek?.offered[99]).toBe(2);
    expect(pointCount(day.lastWeek?.offered ?? [])).toBe(100);
  });

  it('keeps a 23-hour day of last week (clocks went forward) on 24 hours, its last slots empty', () => {
    const day = shapeIntervals(
      answer(
        dayOf(TODAY, 4),
        dayOf(TODAY - 7 * DAY + HOUR, 92, () => ({ offered: 2 })),
      ),
    );
    expect(day.xs).toHaveLength(96);
    expect(day.lastWeek?.offered[91]).toBe(2);
    expect(day.lastWeek?.offered.slice(92)).toEqual([null, null, null, null]);
    expect(day.lastWeekCount).toBe(92);
  });

  it('follows the gateway’s interval length', () => {
    const day = shapeIntervals(
      answer(
        dayOf(TODAY, 3, () => ({}), 30),
        dayOf(TODAY - 7 * DAY, 48, () => ({}), 30),
        30,
      ),
    );
    expect(day.intervalMs).toBe(30 * MIN);
    expect(day.xs).toHaveLength(48);
    expect(day.xs[1]).toBe(TODAY + 30 * MIN);
    expect(intervalWords(30)).toBe('30 minutes');
    expect(intervalWords(60)).toBe('hour');
  });

  it('keeps a service level of null as a gap, not a zero', () => {
    const levels = [80, null, 90];
    const day = shapeIntervals(
      answer(
        dayOf(TODAY, 3, (i) => ({ serviceLevel: levels[i] ?? null })),
        null,
      ),
    );
    expect(day.today.serviceLevel.slice(0, 4)).toEqual([80, null, 90, null]);
    const series = seriesOf('calls');
    const data = chartData(day, series);
    const sl = series.findIndex((s) => s.day === 'today' && s.figure === 'serviceLevel') + 1;
    expect(data[sl]?.slice(0, 3)).toEqual([80, null, 90]);
    expect(formatFigure('serviceLevel', null)).toBe('–');
    expect(formatFigure('serviceLevel', 83.4)).toBe('83%');
    expect(formatFigure('avgWaitSec', 75)).toBe('1:15');
  });
});

describe('chartData', () => {
  it('puts x (seconds) at the middle of each interval and gives one array per series, last week empty when unknown', () => {
    const day = shapeIntervals(
      answer(
        dayOf(TODAY, 2, () => ({ offered: 4 })),
        null,
      ),
    );
    const data = chartData(day, seriesOf('tv'));
    expect(data).toHaveLength(3);
    expect(data[0][0]).toBe((TODAY + 7.5 * MIN) / 1000);
    expect(pointCount(data[1] ?? [])).toBe(2);
    expect(data[2]).toHaveLength(96);
    expect(pointCount(data[2] ?? [])).toBe(0);
  });

  it('draws today’s calls, service level and last week in the console, two series on the TV', () => {
    expect(seriesOf('calls').map((s) => s.label)).toEqual([
      'Today · Offered',
      'Today · Answered',
      'Today · Abandoned',
      'Today · Service level',
      'Last week · Offered',
      'Last week · Service level',
    ]);
    expect(seriesOf('calls').find((s) => s.figure === 'serviceLevel')?.scale).toBe('percent');
    expect(seriesOf('tv').map((s) => [s.day, s.figure, s.style])).toEqual([
      ['today', 'offered', 'bars'],
      ['lastWeek', 'offered', 'dashed'],
    ]);
    expect(seriesOf('avgWaitSec').map((s) => s.day)).toEqual(['today', 'lastWeek']);
  });
});

describe('what the chart says', () => {
  const today = dayOf(TODAY, 41, (i) => ({ offered: i < 40 ? 5 : 12, answered: 4, abandoned: 1 }));
  const lastWeek = dayOf(TODAY - 7 * DAY, 96, () => ({ offered: 5 }));

  it('sums today so far and last week by the same interval', () => {
    const day = shapeIntervals(answer(today, lastWeek));
    expect(daySoFar(day)).toEqual({ offered: 212, answered: 164, abandoned: 41, lastWeekOffered: 205 });
    expect(chartSummary(day)).toBe(
      'Calls per 15 minutes today, 212 offered so far (164 answered, 41 abandoned); last week same time 205.',
    );
  });

  it('says when last week is not available', () => {
    const day = shapeIntervals(answer(today, null));
    expect(chartSummary(day)).toContain("last week's figures are not available");
  });

  it('tables every interval so far and the rest of last week’s day', () => {
    const day = shapeIntervals(answer(today, lastWeek));
    const rows = intervalRows(day);
    expect(rows).toHaveLength(96);
    expect(rows[0]).toMatchObject({ slot: 0, time: formatTimeOfDay(TODAY) });
    expect(rows[40]?.today?.offered).toBe('12');
    expect(rows[40]?.lastWeek?.offered).toBe('5');
    expect(rows[41]?.today).toBeNull();
    expect(rows[0]?.today?.serviceLevel).toBe('–');
    expect(intervalRows(shapeIntervals(answer(today, null)))).toHaveLength(41);
  });
});

describe('the time axis', () => {
  // Local clock times: the axis is labelled in the browser's zone, as every time the dashboard shows.
  const midnight = new Date(2025, 0, 6, 0, 0).getTime();
  const nextMidnight = new Date(2025, 0, 7, 0, 0).getTime();

  it('labels whole local hours, every step', () => {
    const ticks = hourTicks(midnight, nextMidnight, 3);
    expect(ticks.map(formatTimeOfDay)).toEqual([
      '00:00',
      '03:00',
      '06:00',
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
      '00:00',
    ]);
    expect(hourTicks(midnight + 10 * MIN, midnight + 3 * HOUR, 1).map(formatTimeOfDay)).toEqual([
      '01:00',
      '02:00',
      '03:00',
    ]);
  });

  it('steps the labels so they fit, and never finer than asked', () => {
    // 14 px type: a label and its space take about 55 px; 23 labels every hour need 1,265 px.
    expect(hourStep(1300, 55, 24)).toBe(1);
    expect(hourStep(800, 55, 24)).toBe(2);
    // A TV: 45 px type, 175 px a label: 7 labels every 3 h on 1,500 px of axis, 3 every 6 h on 600 px.
    expect(hourStep(1500, 175, 24, 2)).toBe(3);
    expect(hourStep(3000, 175, 24, 2)).toBe(2);
    expect(hourStep(600, 175, 24, 2)).toBe(6);
    expect(hourStep(100, 175, 24)).toBe(12);
  });
});

describe('axisTop', () => {
  it('rounds the top of an axis up to a number read at a glance', () => {
    expect(axisTop(null, 'calls')).toBe(5);
    expect(axisTop(0, 'calls')).toBe(5);
    expect(axisTop(12, 'calls')).toBe(15);
    expect(axisTop(19, 'calls')).toBe(20);
    expect(axisTop(20, 'calls')).toBe(25);
    expect(axisTop(480, 'calls')).toBe(600);
    expect(axisTop(95, 'seconds')).toBe(120);
    expect(axisTop(8000, 'seconds')).toBe(10_800);
    expect(axisTop(12, 'percent')).toBe(100);
  });
});

describe('withAlpha', () => {
  it('fades hex and rgb colours, leaves others', () => {
    expect(withAlpha('#58a6ff', 0.5)).toBe('rgba(88, 166, 255, 0.5)');
    expect(withAlpha(' rgb(1, 2, 3)', 0.2)).toBe('rgba(1, 2, 3, 0.2)');
    expect(withAlpha('red', 0.2)).toBe('red');
  });
});
