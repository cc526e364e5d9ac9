import { describe, expect, it } from 'vitest';
import { dialPatternMatches } from './dial-pattern.js';

describe('dialPatternMatches: exact numbers and the pattern letters', () => {
  // `.` is one or more characters, `!` zero or more.
  it.each([
    ['8005551000', '8005551000', true],
    ['8005551000', '8005551001', false],
    ['_X.', '12', true],
    ['_X.', '1', false],
    ['_X!', '1', true],
    ['_800555XXXX', '8005551234', true],
    ['_800555XXXX', '80055512345', false],
    ['_NXX', '199', false],
    ['_ZXX', '099', false],
    ['_[1-3]5!', '25', true],
    ['_[1-3]5!', '45', false],
    ['_+49.', '+4930', true],
    ['_[12', '1', false],
  ])('%s against %s: %s', (pattern, number, matches) => {
    expect(dialPatternMatches(pattern, number)).toBe(matches);
  });
});
