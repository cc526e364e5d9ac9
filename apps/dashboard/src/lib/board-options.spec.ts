import { describe, expect, it } from 'vitest';
import { parseBoardOptions } from './board-options.js';

describe('parseBoardOptions', () => {
  it('defaults to every queue, dark theme, no rotation', () => {
    expect(parseBoardOptions({})).toEqual({
      queues: 'all',
      display: null,
      theme: 'dark',
      rotateSec: null,
      pageSec: 8,
      distanceM: 4,
      sound: false,
      compact: false,
      intervals: false,
      problems: [],
    });
  });

  it('reads every option', () => {
    const options = parseBoardOptions({
      queues: '1, 2,2',
      display: 'tok',
      theme: 'light',
      rotate: '15',
      page: '3',
      distance: '2.5',
      sound: '1',
      compact: 'true',
      intervals: '1',
    });
    expect(options).toMatchObject({
      queues: [1, 2],
      display: 'tok',
      theme: 'light',
      rotateSec: 15,
      pageSec: 3,
      distanceM: 2.5,
      sound: true,
      compact: true,
      intervals: true,
    });
    expect(options.problems).toEqual([]);
  });

  it('reports bad values by name and falls back', () => {
    const options = parseBoardOptions({
      queues: '1,x',
      theme: 'pink',
      rotate: '2',
      page: '0',
      distance: '40',
      sound: 'maybe',
    });
    expect(options.queues).toEqual([1]);
    expect(options.theme).toBe('dark');
    expect(options.rotateSec).toBeNull();
    expect(options.sound).toBe(false);
    expect(options.pageSec).toBe(8);
    expect(options.problems).toEqual([
      '?queues must list queue ids like 1,2 (ignored "x")',
      '?theme must be dark or light (got "pink")',
      '?rotate must be a whole number of seconds from 5 to 3600 (got "2"); rotation is off',
      '?page must be a whole number of seconds from 1 to 600 (got "0"); pages turn every 8 s',
      '?distance must be the watchers\' distance in metres from 1 to 10 (got "40"); sized for 4 m',
      '?sound must be 1 or 0 (got "maybe")',
    ]);
  });

  it('switches the interval chart on with ?intervals=1, off by default, and reports a bad value', () => {
    expect(parseBoardOptions({}).intervals).toBe(false);
    expect(parseBoardOptions({ intervals: '1' }).intervals).toBe(true);
    expect(parseBoardOptions({ intervals: '' }).intervals).toBe(true);
    expect(parseBoardOptions({ intervals: ['on', '0'] }).intervals).toBe(true);
    expect(parseBoardOptions({ intervals: '0' })).toMatchObject({ intervals: false, problems: [] });
    const bad = parseBoardOptions({ intervals: 'chart' });
    expect(bad.intervals).toBe(false);
    expect(bad.problems).toEqual(['?intervals must be 1 or 0 (got "chart")']);
  });
});
