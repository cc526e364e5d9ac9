import { describe, expect, it } from 'vitest';
import { agent, agentToday } from '../../test/support/fixtures.js';
import {
  agentTodayCells,
  ariaSort,
  holdOrder,
  nextSort,
  sortAgentRows,
  type SortableAgentRow,
} from './agent-today.js';
import { formatHoursMinutes } from './format.js';

const row = (number: string, answered: number | null, name = `Agent ${number}`): SortableAgentRow => ({
  agent: agent(number, 'available', { name }),
  seconds: 0,
  today: answered === null ? undefined : agentToday(number, { answered }),
});
const numbers = (rows: readonly SortableAgentRow[]) => rows.map((r) => r.agent.number);

describe('agent table order', () => {
  const rows = [row('1010', 3), row('1002', 9), row('1003', null), row('1001', 3)];

  it('keeps the extension order until a header is chosen', () => {
    expect(numbers(sortAgentRows(rows, null))).toEqual(['1001', '1002', '1003', '1010']);
  });

  it('sorts a figure largest first, then the other way on a second click; ties by extension, unknowns last', () => {
    const first = nextSort(null, 'answered');
    expect(first).toEqual({ column: 'answered', direction: 'descending' });
    expect(numbers(sortAgentRows(rows, first))).toEqual(['1002', '1001', '1010', '1003']);
    const second = nextSort(first, 'answered');
    expect(second.direction).toBe('ascending');
    expect(numbers(sortAgentRows(rows, second))).toEqual(['1001', '1010', '1002', '1003']);
    expect(nextSort(second, 'answered').direction).toBe('descending');
  });

  it('sorts names A to Z first, and says which header is sorted which way', () => {
    const named = [row('1', 0, 'Zoë Ahn'), row('2', 0, 'ada Berg'), row('3', 0, 'Émile Caron')];
    const sort = nextSort(null, 'agent');
    expect(numbers(sortAgentRows(named, sort))).toEqual(['2', '3', '1']);
    expect(ariaSort(sort, 'agent')).toBe('ascending');
    expect(ariaSort(sort, 'answered')).toBe('none');
    expect(ariaSort(null, 'agent')).toBe('none');
    // Another header starts at its own first direction.
    expect(nextSort(sort, 'occupancy')).toEqual({ column: 'occupancy', direction: 'descending' });
  });

  it('holds rows in place while a hand is over the table, new ones after', () => {
    expect(holdOrder(['3', '1', '2'], ['1', '2', '4', '3'])).toEqual(['3', '1', '2', '4']);
    expect(holdOrder(['3', '1', '2'], ['2', '1'])).toEqual(['1', '2']);
  });
});

describe('agent figures in cells', () => {
  it('reads each figure as the table shows it, with the pauses by reason in the title', () => {
    const cells = agentTodayCells(agentToday('1001'));
    expect(Object.fromEntries(Object.entries(cells).map(([key, cell]) => [key, cell.text]))).toEqual({
      answered: '4',
      missed: '1',
      avgTalk: '2:00',
      longest: '3:20',
      onCall: '0:08',
      paused: '0:15',
      occupancy: '12%',
    });
    expect(cells.paused.title).toBe('Paused: Lunch 10:00 · no reason given 5:00');
    expect(cells.onCall.title).toBe('On calls 8:00: talking 7:00, holding 1:00');
    expect(cells.occupancy.title).toBe('On calls 8:00 of 1:08:00 ready for or on calls');
    expect(agentTodayCells(agentToday('1', { unobservedSec: 1200 })).occupancy.title).toBe(
      'On calls 8:00 of 1:08:00 ready for or on calls; not seen 20:00, counted in no state',
    );
  });

  it('shows a dash for every figure not known', () => {
    const cells = agentTodayCells(undefined);
    expect(new Set(Object.values(cells).map((cell) => cell.text))).toEqual(new Set(['–']));
    const early = agentTodayCells(
      agentToday('1', { avgTalkSec: null, longestTalkSec: null, occupancy: null }),
    );
    expect([early.avgTalk.text, early.longest.text, early.occupancy.text]).toEqual(['–', '–', '–']);
  });

  it('writes a day’s time as h:mm', () => {
    expect(formatHoursMinutes(0)).toBe('0:00');
    expect(formatHoursMinutes(59)).toBe('0:00');
    expect(formatHoursMinutes(3725)).toBe('1:02');
    expect(formatHoursMinutes(36_000)).toBe('10:00');
    expect(formatHoursMinutes(null)).toBe('–');
  });
});
