import { describe, expect, it } from 'vitest';
import { levelOf, pauseOverdue } from './thresholds.js';

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

describe('pauseOverdue', () => {
  it('turns a pause red only past its allowed length', () => {
    expect(pauseOverdue(300, 300)).toBe(false);
    expect(pauseOverdue(301, 300)).toBe(true);
    expect(pauseOverdue(99_999, null)).toBe(false);
  });
});
