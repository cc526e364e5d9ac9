import type { AgentState } from '@switchboard/live-protocol';
import { compareNumbers, elapsedSeconds } from './format.js';
import type { BoardAgent } from './merge-agents.js';
import { pauseOverdue } from './thresholds.js';

/** A hold longer than this is an exception the board shows first, seconds. */
export const HOLD_TOO_LONG_SEC = 60;

/** Why an agent is shown first, most urgent first; null when nothing needs a look. */
export type AgentException =
  'ringing' | 'phone-offline' | 'hold-too-long' | 'pause-over-limit' | 'unknown' | 'logged-out';

const EXCEPTION_RANK: Readonly<Record<AgentException, number>> = {
  ringing: 0,
  // Logged in and offered calls the PBX cannot ring: the supervisor can act on it now.
  'phone-offline': 1,
  'hold-too-long': 2,
  'pause-over-limit': 3,
  unknown: 4,
  'logged-out': 5,
};

/** The exception an agent is in at `now` (gateway ms), or null. A stale agent is judged at its frozen time. */
export function agentException(
  entry: BoardAgent,
  now: number,
  maxPauseSec: number | null,
): AgentException | null {
  const { agent } = entry;
  const seconds = elapsedSeconds(agent.since, entry.frozenAt ?? now);
  const byState: Partial<Record<AgentState, AgentException | null>> = {
    ringing: 'ringing',
    on_hold: seconds > HOLD_TOO_LONG_SEC ? 'hold-too-long' : null,
    paused: pauseOverdue(seconds, maxPauseSec) ? 'pause-over-limit' : null,
    offline: 'phone-offline',
    unknown: 'unknown',
    logged_out: 'logged-out',
  };
  return byState[agent.state] ?? null;
}

/** The board's agents in showing order, and how many of the first ones are exceptions. */
export interface OrderedAgents {
  agents: BoardAgent[];
  exceptions: number;
}

/**
 * Exceptions first (ringing, on hold too long, paused over the limit, logged out; the longest in each
 * first), then everyone else by extension so a watcher finds an agent where they were. Pure.
 */
export function orderForBoard(
  entries: readonly BoardAgent[],
  now: number,
  maxPauseSec: number | null,
): OrderedAgents {
  const flagged: { entry: BoardAgent; rank: number }[] = [];
  const rest: BoardAgent[] = [];
  for (const entry of entries) {
    const exception = agentException(entry, now, maxPauseSec);
    if (exception) flagged.push({ entry, rank: EXCEPTION_RANK[exception] });
    else rest.push(entry);
  }
  flagged.sort((a, b) => a.rank - b.rank || a.entry.agent.since - b.entry.agent.since);
  rest.sort((a, b) => compareNumbers(a.agent.number, b.agent.number));
  return { agents: [...flagged.map((f) => f.entry), ...rest], exceptions: flagged.length };
}

/** The pages a board turns through, and how many of the first are exception pages. */
export interface BoardPages {
  pages: BoardAgent[][];
  /** Agents in an exception. */
  exceptions: number;
  /** The first pages, which hold only exceptions. */
  exceptionPages: number;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The pages of a board that holds `perPage` cards: everyone on one page, exceptions first, when they fit;
 * otherwise the exceptions on the first page(s), then every agent by extension. The extension pages do not
 * move when someone starts or stops ringing, so one turn of the rotation shows every agent (an agent in an
 * exception is on both). Pure.
 */
export function boardPages(
  entries: readonly BoardAgent[],
  now: number,
  maxPauseSec: number | null,
  perPage: number,
): BoardPages {
  const size = Math.max(1, Math.floor(perPage));
  const ordered = orderForBoard(entries, now, maxPauseSec);
  const { exceptions } = ordered;
  if (entries.length <= size) return { pages: [ordered.agents], exceptions, exceptionPages: 0 };
  const flagged = chunks(ordered.agents.slice(0, exceptions), size);
  const byNumber = [...entries].sort((a, b) => compareNumbers(a.agent.number, b.agent.number));
  return { pages: [...flagged, ...chunks(byNumber, size)], exceptions, exceptionPages: flagged.length };
}

/**
 * Names as a TV board shows them: first name and the initial of the last ("Maria G."), the last name
 * spelled further only where two agents would otherwise read the same ("Maria Ga.", "Maria Gr."), and a
 * one-word name as it is. Keyed by the full name. Pure.
 */
export function shortNames(names: readonly string[]): Map<string, string> {
  const parts = new Map<string, { first: string; last: string }>();
  for (const name of new Set(names)) {
    const words = name.trim().split(/\s+/).filter(Boolean);
    const first = words[0] ?? name;
    parts.set(name, { first, last: words.length > 1 ? (words[words.length - 1] ?? '') : '' });
  }
  const out = new Map<string, string>();
  const shortAt = (p: { first: string; last: string }, letters: number) =>
    p.last === ''
      ? p.first
      : letters >= p.last.length
        ? `${p.first} ${p.last}`
        : `${p.first} ${p.last.slice(0, letters)}.`;
  // Group by first name; lengthen the initial within a group until the short forms differ (or are full).
  const byFirst = new Map<string, string[]>();
  for (const [name, p] of parts) byFirst.set(p.first, [...(byFirst.get(p.first) ?? []), name]);
  for (const group of byFirst.values()) {
    for (const name of group) {
      const p = parts.get(name) as { first: string; last: string };
      let letters = 1;
      // Compared without the dot: "Ana Li." beside "Ana Li" would read the same.
      const stem = (q: typeof p) => `${q.first} ${q.last.slice(0, letters)}`.toLowerCase();
      const clashes = () =>
        group.some((other) => other !== name && stem(parts.get(other) as typeof p) === stem(p));
      while (letters < p.last.length && clashes()) letters += 1;
      out.set(name, shortAt(p, letters));
    }
  }
  return out;
}
