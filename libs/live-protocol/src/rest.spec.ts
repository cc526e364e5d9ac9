import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_BOARD, displayLinkPath, parseDisplayTokenRequest } from './rest.js';

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

/** The field names of a refused display-link request (none when it was accepted). */
function refusedFields(body: unknown): string[] {
  const read = parseDisplayTokenRequest(body);
  return read.ok ? [] : (read.error.fields ?? []).map((f) => f.field);
}

describe('parseDisplayTokenRequest', () => {
  it('keeps a valid request, trimming the name and dropping repeated queues', () => {
    expect(
      parseDisplayTokenRequest({
        name: ' Lobby TV ',
        queues: [2, 1, 2],
        board: { theme: 'light', rotateSec: 20, sound: true },
      }),
    ).toEqual({
      ok: true,
      data: { name: 'Lobby TV', queues: [2, 1], board: { theme: 'light', rotateSec: 20, sound: true } },
    });
    expect(parseDisplayTokenRequest({ name: 'Plain', queues: [1] })).toEqual({
      ok: true,
      data: { name: 'Plain', queues: [1] },
    });
  });

  it('names the name and the queues when they are wrong, and a body that is no object', () => {
    expect(refusedFields({ name: '', queues: [0] })).toEqual(['name', 'queues']);
    expect(refusedFields({ name: 'x'.repeat(65), queues: [1] })).toEqual(['name']);
    expect(refusedFields({ name: 'x', queues: Array.from({ length: 201 }, (_, i) => i + 1) })).toEqual([
      'queues',
    ]);
    expect(refusedFields('TV')).toEqual(['(payload)', 'name', 'queues']);
    // Not a list at all (nor iterable): refused, never thrown.
    for (const queues of [true, 0, { length: 1 }, null])
      expect(refusedFields({ name: 'x', queues })).toEqual(['queues']);
    const refused = parseDisplayTokenRequest({ name: '', queues: [1] });
    expect(refused.ok ? undefined : refused.error).toMatchObject({
      code: 'invalid_payload',
      message: 'Invalid request: name is required: 1 to 64 characters',
    });
  });

  it('names every bad board option', () => {
    const queues = [1];
    expect(refusedFields({ name: 'x', queues, board: 'light' })).toEqual(['board']);
    expect(
      refusedFields({
        name: 'x',
        queues,
        board: { theme: 'pink', rotateSec: 2, sound: 'yes', panels: 'all' },
      }),
    ).toEqual(['board.theme', 'board.rotateSec', 'board.sound', 'board']);
    expect(refusedFields({ name: 'x', queues, board: { rotateSec: 3601 } })).toEqual(['board.rotateSec']);
    expect(refusedFields({ name: '', queues: [], board: { rotateSec: 5.5 } })).toEqual([
      'name',
      'queues',
      'board.rotateSec',
    ]);
  });
});
