import { describe, expect, it } from 'vitest';
import { pauseOverdue } from './thresholds.js';

describe('pauseOverdue', () => {
  it('turns a pause red only past its allowed length', () => {
    expect(pauseOverdue(300, 300)).toBe(false);
    expect(pauseOverdue(301, 300)).toBe(true);
    expect(pauseOverdue(99_999, null)).toBe(false);
  });
});
