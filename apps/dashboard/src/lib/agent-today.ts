import { AGENT_STATES, type AgentTodayFigures, type AgentView } from '@switchboard/live-protocol';
import { compareNumbers, formatDuration, formatHoursMinutes, formatPercent } from './format.js';

/**
 * The agent table's columns and their order: the live ones (who, state, time in state) and today's figures
 * per agent (GET /api/queues/:id/agents), each sortable by its header.
 */
export type AgentColumn =
  | 'agent'
  | 'state'
  | 'time'
  | 'answered'
  | 'missed'
  | 'avgTalk'
  | 'longest'
  | 'onCall'
  | 'paused'
  | 'occupancy';

export type SortDirection = 'ascending' | 'descending';

/** The order a supervisor chose; null = the default, by extension number. */
export interface AgentSort {
  column: AgentColumn;
  direction: SortDirection;
}

/** What a row is sorted on: the agent, its time in state now, and its figures of today when known. */
export interface SortableAgentRow {
  agent: AgentView;
  /** Seconds in the current state, as shown. */
  seconds: number;
  today: AgentTodayFigures | undefined;
}

/** Time on calls: talking and holding, the part of the day occupancy counts as busy. */
export function onCallSec(today: AgentTodayFigures): number {
  return today.stateSec.on_call + today.stateSec.on_hold;
}

type SortValue = string | number | null;

/** Each column's value to sort on; null (not known yet) always sorts last. */
const VALUES: Record<AgentColumn, (row: SortableAgentRow) => SortValue> = {
  agent: (row) => row.agent.name,
  state: (row) => AGENT_STATES.indexOf(row.agent.state),
  time: (row) => row.seconds,
  answered: (row) => row.today?.answered ?? null,
  missed: (row) => row.today?.missed ?? null,
  avgTalk: (row) => row.today?.avgTalkSec ?? null,
  longest: (row) => row.today?.longestTalkSec ?? null,
  onCall: (row) => (row.today ? onCallSec(row.today) : null),
  paused: (row) => row.today?.stateSec.paused ?? null,
  occupancy: (row) => row.today?.occupancy ?? null,
};

/** Words sort A to Z first; figures sort the largest first, which is what a supervisor looks for. */
const FIRST_DIRECTION: Record<AgentColumn, SortDirection> = {
  agent: 'ascending',
  state: 'ascending',
  time: 'descending',
  answered: 'descending',
  missed: 'descending',
  avgTalk: 'descending',
  longest: 'descending',
  onCall: 'descending',
  paused: 'descending',
  occupancy: 'descending',
};

const nameCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The order after a click on `column`'s header: its first direction, or the other one on a second click. */
export function nextSort(current: AgentSort | null, column: AgentColumn): AgentSort {
  if (current?.column === column)
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: FIRST_DIRECTION[column] };
}

/** `aria-sort` of a column's header. */
export function ariaSort(sort: AgentSort | null, column: AgentColumn): SortDirection | 'none' {
  return sort?.column === column ? sort.direction : 'none';
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'string' && typeof b === 'string') return nameCollator.compare(a, b);
  return Number(a) - Number(b);
}

/**
 * Rows in the chosen order; ties, and the default (no column chosen), by extension number. Figures not known
 * yet ("–") go last whichever way the column is sorted.
 */
export function sortAgentRows<T extends SortableAgentRow>(rows: readonly T[], sort: AgentSort | null): T[] {
  const byNumber = (a: T, b: T) => compareNumbers(a.agent.number, b.agent.number);
  if (!sort) return [...rows].sort(byNumber);
  const value = VALUES[sort.column];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [va, vb] = [value(a), value(b)];
    if (va === null || vb === null) return va === vb ? byNumber(a, b) : va === null ? 1 : -1;
    return sign * compareValues(va, vb) || byNumber(a, b);
  });
}

/**
 * `next` (extension numbers in their new order) but with the rows that were already shown kept where they
 * were, new ones after them: the order held still while a hand is over the table, so a row never moves under
 * the pointer between aiming and clicking.
 */
export function holdOrder(previous: readonly string[], next: readonly string[]): string[] {
  const present = new Set(next);
  const kept = previous.filter((number) => present.has(number));
  const known = new Set(kept);
  return [...kept, ...next.filter((number) => !known.has(number))];
}

/** The columns of today's figures. */
export type TodayColumn = Exclude<AgentColumn, 'agent' | 'state' | 'time'>;

/** One cell of today's figures: what it reads, and more in its tooltip where there is more to say. */
export interface TodayCell {
  text: string;
  title?: string;
}

/** The paused time by reason, longest first, in words for a tooltip. */
export function pausedByReasonText(today: AgentTodayFigures): string {
  const parts = Object.entries(today.pausedByReasonSec)
    .filter(([, seconds]) => seconds > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, seconds]) => `${reason === '' ? 'no reason given' : reason} ${formatDuration(seconds)}`);
  return parts.length === 0 ? 'Not paused today' : `Paused: ${parts.join(' · ')}`;
}

/** What occupancy was worked out from, and the time nobody saw, for a tooltip. */
export function occupancyText(today: AgentTodayFigures): string {
  const { available, ringing, on_call: talking, on_hold: holding } = today.stateSec;
  const ready = available + ringing + talking + holding;
  const notSeen =
    today.unobservedSec > 0 ? `; not seen ${formatDuration(today.unobservedSec)}, counted in no state` : '';
  return `On calls ${formatDuration(talking + holding)} of ${formatDuration(ready)} ready for or on calls${notSeen}`;
}

const DASH: TodayCell = { text: '–' };

/** How one agent's figures of today read in the table's cells; dashes where they are not known. */
export function agentTodayCells(today: AgentTodayFigures | undefined): Record<TodayColumn, TodayCell> {
  if (!today)
    return {
      answered: DASH,
      missed: DASH,
      avgTalk: DASH,
      longest: DASH,
      onCall: DASH,
      paused: DASH,
      occupancy: DASH,
    };
  const onCall = onCallSec(today);
  const { on_call: talking, on_hold: holding, paused } = today.stateSec;
  return {
    answered: { text: String(today.answered) },
    missed: { text: String(today.missed) },
    avgTalk: { text: formatDuration(today.avgTalkSec) },
    longest: { text: formatDuration(today.longestTalkSec) },
    onCall: {
      text: formatHoursMinutes(onCall),
      title: `On calls ${formatDuration(onCall)}: talking ${formatDuration(talking)}, holding ${formatDuration(holding)}`,
    },
    paused: { text: formatHoursMinutes(paused), title: pausedByReasonText(today) },
    occupancy: {
      text: formatPercent(today.occupancy === null ? null : today.occupancy * 100),
      title: occupancyText(today),
    },
  };
}

/** A header of the table: its words, and what the figure is (the header's tooltip). */
export interface AgentColumnHead<C extends AgentColumn = AgentColumn> {
  column: C;
  head: string;
  title?: string;
  /** Right-aligned figures. */
  numeric: boolean;
}

/** The live columns, before the actions. */
export const LIVE_COLUMNS: readonly AgentColumnHead[] = [
  { column: 'agent', head: 'Agent', numeric: false },
  { column: 'state', head: 'State', numeric: false },
  { column: 'time', head: 'Time', title: 'Time in the current state', numeric: true },
];

/** Today's figures, after the actions (see AgentTable.vue for why there). */
export const TODAY_COLUMNS: readonly AgentColumnHead<TodayColumn>[] = [
  {
    column: 'answered',
    head: 'Answered',
    title: 'Calls of this queue the agent answered today',
    numeric: true,
  },
  {
    column: 'missed',
    head: 'Missed',
    title: 'Queue calls that rang the agent today and were not answered by them (any queue)',
    numeric: true,
  },
  {
    column: 'avgTalk',
    head: 'Avg talk',
    title: 'Average talk time of the calls of this queue answered today (m:ss)',
    numeric: true,
  },
  {
    column: 'longest',
    head: 'Longest',
    title: 'Longest call of this queue answered today (m:ss)',
    numeric: true,
  },
  {
    column: 'onCall',
    head: 'On call',
    title: 'Time on calls today, talking or holding (h:mm)',
    numeric: true,
  },
  {
    column: 'paused',
    head: 'Paused',
    title: 'Time paused today (h:mm); point at a figure for the reasons',
    numeric: true,
  },
  {
    column: 'occupancy',
    head: 'Occupancy',
    title: 'Time on calls ÷ time ready for or on calls (logged in, not paused), today',
    numeric: true,
  },
];
