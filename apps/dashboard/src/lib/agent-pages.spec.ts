import type { AgentView } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { agentException, boardPages, HOLD_TOO_LONG_SEC, orderForBoard, shortNames } from './agent-pages.js';
import type { BoardAgent } from './merge-agents.js';

const NOW = 50_000_000;

function entry(number: string, state: AgentView['state'], seconds = 10): BoardAgent {
  return {
    agent: { number, name: `Agent ${number}`, state, since: NOW - seconds * 1000 } as AgentView,
    frozenAt: null,
  };
}

describe('agentException', () => {
  it('flags ringing, holds past the limit, pauses past the queue limit and logged-out agents', () => {
    expect(agentException(entry('1', 'ringing'), NOW, 300)).toBe('ringing');
    expect(agentException(entry('1', 'on_hold', HOLD_TOO_LONG_SEC), NOW, 300)).toBeNull();
    expect(agentException(entry('1', 'on_hold', HOLD_TOO_LONG_SEC + 1), NOW, 300)).toBe('hold-too-long');
    expect(agentException(entry('1', 'paused', 300), NOW, 300)).toBeNull();
    expect(agentException(entry('1', 'paused', 301), NOW, 300)).toBe('pause-over-limit');
    expect(agentException(entry('1', 'paused', 9999), NOW, null)).toBeNull();
    expect(agentException(entry('1', 'logged_out'), NOW, 300)).toBe('logged-out');
    expect(agentException(entry('1', 'on_call', 9999), NOW, 300)).toBeNull();
    expect(agentException(entry('1', 'available'), NOW, 300)).toBeNull();
  });

  it('judges a stale agent at the time it is frozen at, not now', () => {
    const stale = { ...entry('1', 'on_hold', 120), frozenAt: NOW - 100_000 };
    expect(agentException(stale, NOW, 300)).toBeNull();
  });
});

describe('orderForBoard', () => {
  it('puts exceptions first, most urgent and longest first, then the rest by extension', () => {
    const ordered = orderForBoard(
      [
        entry('10', 'available'),
        entry('2', 'logged_out', 50),
        entry('3', 'on_call'),
        entry('4', 'paused', 400),
        entry('5', 'ringing', 3),
        entry('6', 'on_hold', 100),
        entry('7', 'ringing', 9),
        entry('1', 'available'),
      ],
      NOW,
      300,
    );
    expect(ordered.agents.map((a) => a.agent.number)).toEqual(['7', '5', '6', '4', '2', '1', '3', '10']);
    expect(ordered.exceptions).toBe(5);
  });
});

describe('boardPages', () => {
  const numbers = (pages: BoardAgent[][]) => pages.map((page) => page.map((a) => a.agent.number));
  const board = [
    entry('1', 'available'),
    entry('2', 'ringing'),
    entry('3', 'on_call'),
    entry('4', 'logged_out'),
    entry('5', 'available'),
  ];

  it('puts everyone on one page, exceptions first, when they fit', () => {
    const result = boardPages(board, NOW, 300, 5);
    expect(numbers(result.pages)).toEqual([['2', '4', '1', '3', '5']]);
    expect(result.exceptionPages).toBe(0);
  });

  it('otherwise leads with exception pages, then every agent by extension on pages that do not shift', () => {
    const result = boardPages(board, NOW, 300, 2);
    expect(numbers(result.pages)).toEqual([['2', '4'], ['1', '2'], ['3', '4'], ['5']]);
    expect(result).toMatchObject({ exceptions: 2, exceptionPages: 1 });
    // Agent 3 starts ringing: the exception page grows, the extension pages stay where they were.
    const later = boardPages([...board.slice(0, 2), entry('3', 'ringing'), ...board.slice(3)], NOW, 300, 2);
    expect(numbers(later.pages)).toEqual([['2', '3'], ['4'], ['1', '2'], ['3', '4'], ['5']]);
    expect(later.exceptionPages).toBe(2);
  });
});

describe('shortNames', () => {
  it('shows first name and initial, lengthening the initial only where two would read the same', () => {
    const names = shortNames(['Maria Garcia', 'Maria Gomez', 'Maria Lopez', 'John Smith', 'Cher', 'Ana Li']);
    expect(names.get('Maria Garcia')).toBe('Maria Ga.');
    expect(names.get('Maria Gomez')).toBe('Maria Go.');
    expect(names.get('Maria Lopez')).toBe('Maria L.');
    expect(names.get('John Smith')).toBe('John S.');
    expect(names.get('Cher')).toBe('Cher');
    expect(names.get('Ana Li')).toBe('Ana L.');
  });

  it('spells the whole last name when even that is needed to tell two apart', () => {
    const names = shortNames(['Ana Li', 'Ana Lim']);
    expect(names.get('Ana Li')).toBe('Ana Li');
    expect(names.get('Ana Lim')).toBe('Ana Lim');
  });
});
