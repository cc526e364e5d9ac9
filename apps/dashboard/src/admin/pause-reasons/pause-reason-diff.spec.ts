import { describe, expect, it } from 'vitest';
import {
  checkPauseReasons,
  diffPauseReasons,
  draftsOf,
  isUnchanged,
  moveDraft,
  pauseReasonUpdateBody,
  type PauseReasonDraft,
} from './pause-reason-diff.js';

const saved = [
  { code: '*01', reason: 'Lunch' },
  { code: '*02', reason: 'Break' },
  { code: '*03', reason: 'Wrap up' },
];

const added = (code: string, reason: string, key = 'new-1'): PauseReasonDraft => ({
  code,
  reason,
  key,
  origin: null,
});

describe('diffPauseReasons', () => {
  it('sees nothing to do for the list as read', () => {
    expect(isUnchanged(diffPauseReasons(saved, draftsOf(saved)))).toBe(true);
  });

  it('names deleted, added, renamed and recoded reasons', () => {
    const [lunch, , wrapUp] = draftsOf(saved) as [PauseReasonDraft, PauseReasonDraft, PauseReasonDraft];
    const next = [
      { ...lunch, reason: 'Lunch break' },
      { ...wrapUp, code: '#03' },
      added(' *09 ', ' Training '),
    ];
    const diff = diffPauseReasons(saved, next);
    expect(diff.deleted).toEqual([{ code: '*02', reason: 'Break' }]);
    expect(diff.added).toEqual([{ code: '*09', reason: 'Training' }]);
    expect(diff.changed).toEqual([
      { before: saved[0], after: { code: '*01', reason: 'Lunch break' } },
      { before: saved[2], after: { code: '#03', reason: 'Wrap up' } },
    ]);
    expect(diff.reordered).toBe(false);
    expect(isUnchanged(diff)).toBe(false);
  });

  it('notices a new order alone', () => {
    const drafts = moveDraft(draftsOf(saved), 2, 0);
    const diff = diffPauseReasons(saved, drafts);
    expect(diff.reordered).toBe(true);
    expect(diff.deleted).toEqual([]);
    expect(isUnchanged(diff)).toBe(false);
  });

  it('deletes everything when every row is removed', () => {
    expect(diffPauseReasons(saved, []).deleted).toEqual(saved);
  });
});

describe('checkPauseReasons', () => {
  it('accepts the defaults and codes starting with #', () => {
    expect(checkPauseReasons([...draftsOf(saved), added('#04', 'Meeting')])).toEqual([]);
  });

  it('names blank, malformed and repeated codes and reasons by row', () => {
    const problems = checkPauseReasons([
      added('*01', 'Lunch', 'a'),
      added('', '', 'b'),
      added('01', 'x'.repeat(65), 'c'),
      added('*01', 'lunch', 'd'),
    ]);
    expect(problems.map((p) => [p.key, p.field])).toEqual([
      ['b', 'code'],
      ['b', 'reason'],
      ['c', 'code'],
      ['c', 'reason'],
      ['d', 'code'],
      ['d', 'reason'],
    ]);
    expect(problems[4]?.message).toContain('row 1');
  });
});

describe('pauseReasonUpdateBody', () => {
  it('sends the whole list in the edited order, trimmed', () => {
    const drafts = [added(' *09', 'Training '), ...draftsOf(saved).slice(1)];
    expect(pauseReasonUpdateBody(drafts)).toEqual({
      pause_reason_list: [{ code: '*09', reason: 'Training' }, saved[1], saved[2]],
    });
  });
});

describe('moveDraft', () => {
  it('moves a row and clamps the target', () => {
    expect(moveDraft(['a', 'b', 'c'], 0, 5)).toEqual(['b', 'c', 'a']);
    expect(moveDraft(['a', 'b', 'c'], 2, -1)).toEqual(['c', 'a', 'b']);
    expect(moveDraft(['a'], 3, 0)).toEqual(['a']);
  });
});
