import { describe, expect, it } from 'vitest';
import { dialPatternMatches } from './dial-pattern.js';

describe('dialPatternMatches', () => {
  it('matches exact numbers and the pattern letters', () => {
    expect(dialPatternMatches('8005551000', '8005551000')).toBe(true);
    expect(dialPatternMatches('8005551000', '8005551001')).toBe(false);
    // `.` is one or more characters, `!` zero or more.
    expect(dialPatternMatches('_X.', '12')).toBe(true);
    expect(dialPatternMatches('_X.', '1')).toBe(false);
    expect(dialPatternMatches('_X!', '1')).toBe(true);
    expect(dialPatternMatches('_800555XXXX', '8005551234')).toBe(true);
    expect(dialPatternMatches('_800555XXXX', '80055512345')).toBe(false);
    expect(dialPatternMatches('_NXX', '199')).toBe(false);
    expect(dialPatternMatches('_ZXX', '099')).toBe(false);
    expect(dialPatternMatches('_[1-3]5!', '25')).toBe(true);
    expect(dialPatternMatches('_[1-3]5!', '45')).toBe(false);
    expect(dialPatternMatches('_+49.', '+4930')).toBe(true);
    expect(dialPatternMatches('_[12', '1')).toBe(false);
  });
});
