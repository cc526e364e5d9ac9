import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_BOARD, displayLinkPath } from './rest.js';

describe('displayLinkPath', () => {
  it('is the bare wallboard link for the default board', () => {
    expect(displayLinkPath('sb1.abc-_', DEFAULT_DISPLAY_BOARD)).toBe('/wallboard?display=sb1.abc-_');
  });

  it('spells each board option the way the wallboard reads it, and encodes the token', () => {
    expect(displayLinkPath('a+b/c=', { theme: 'light', rotateSec: 20, sound: true })).toBe(
      '/wallboard?display=a%2Bb%2Fc%3D&theme=light&rotate=20&sound=1',
    );
  });
});
