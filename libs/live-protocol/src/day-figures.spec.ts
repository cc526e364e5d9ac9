import { describe, expect, it } from 'vitest';
import { isCalendarDate, parseDayReportQuery, sumAgentDayFigures } from './day-figures.js';

describe('sumAgentDayFigures', () => {
  it('sums calls and talk over queues and averages the sum, not the averages', () => {
    const sales = { number: '2001', answered: 3, talkSumSec: 300, avgTalkSec: 100, longestTalkSec: 200 };
    const support = { number: '2001', answered: 1, talkSumSec: 20, avgTalkSec: 20, longestTalkSec: 20 };
    expect(sumAgentDayFigures('2001', [sales, support])).toEqual({
      number: '2001',
      answered: 4,
      talkSumSec: 320,
      avgTalkSec: 80,
      longestTalkSec: 200,
    });
  });

  it('has no average or longest call before the first answered call', () => {
    expect(sumAgentDayFigures('2002', [])).toEqual({
      number: '2002',
      answered: 0,
      talkSumSec: 0,
      avgTalkSec: null,
      longestTalkSec: null,
    });
  });
});

describe('parseDayReportQuery', () => {
  it('reads a date and an optional comma-separated list of queues, repeats dropped', () => {
    expect(parseDayReportQuery({ date: '2026-11-27' })).toEqual({ ok: true, data: { date: '2026-11-27' } });
    expect(parseDayReportQuery({ date: '2026-11-27', queues: '3, 1,3' })).toEqual({
      ok: true,
      data: { date: '2026-11-27', queues: [3, 1] },
    });
    expect(parseDayReportQuery({ date: '2026-11-27', queues: '' })).toEqual({
      ok: true,
      data: { date: '2026-11-27' },
    });
  });

  it('names each bad parameter', () => {
    const answer = parseDayReportQuery({ date: '2026-02-30', queues: '1,x', page: '2' });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('invalid_payload');
    expect(answer.error.fields).toEqual([
      { field: 'date', message: 'must be a date YYYY-MM-DD' },
      { field: 'queues', message: 'must be 1 to 200 queue ids, comma-separated' },
      { field: 'page', message: 'is not a report parameter' },
    ]);
    expect(parseDayReportQuery('date=2026-11-27').ok).toBe(false);
    expect(parseDayReportQuery({ date: ['2026-11-27'] }).ok).toBe(false);
    expect(parseDayReportQuery({ date: '2026-11-27', queues: '0' }).ok).toBe(false);
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });
});
