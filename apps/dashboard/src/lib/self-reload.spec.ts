import { beforeEach, describe, expect, it } from 'vitest';
import {
  mayReloadFor,
  noteReloadFor,
  QUIET_WAIT_MS,
  reloadDue,
  SELF_RELOAD_KEY,
  SELF_RELOAD_REPEAT_MS,
} from './self-reload.js';

describe('self reload', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads once per target: a gateway that still serves another build cannot loop the page', () => {
    expect(mayReloadFor('b-2', 1_000, sessionStorage)).toBe(true);
    noteReloadFor('b-2', 1_000, sessionStorage);
    expect(mayReloadFor('b-2', 2_000, sessionStorage)).toBe(false);
    expect(mayReloadFor('b-3', 2_000, sessionStorage)).toBe(true);
    expect(mayReloadFor('b-2', 1_000 + SELF_RELOAD_REPEAT_MS, sessionStorage)).toBe(true);
  });

  it('reads a damaged note as none', () => {
    sessionStorage.setItem(SELF_RELOAD_KEY, '{not json');
    expect(mayReloadFor('b-2', 1_000, sessionStorage)).toBe(true);
    sessionStorage.setItem(SELF_RELOAD_KEY, JSON.stringify({ target: 7 }));
    expect(mayReloadFor('b-2', 1_000, sessionStorage)).toBe(true);
  });

  it('waits for a quiet moment, a minute at most', () => {
    expect(reloadDue(0, 1_000, true)).toBe(true);
    expect(reloadDue(0, QUIET_WAIT_MS - 1, false)).toBe(false);
    expect(reloadDue(0, QUIET_WAIT_MS, false)).toBe(true);
  });
});
