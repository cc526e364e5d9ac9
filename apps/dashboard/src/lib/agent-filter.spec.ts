import { describe, expect, it } from 'vitest';
import { agent } from '../../test/support/fixtures.js';
import { countByState, filterAgents, NO_AGENT_FILTER } from './agent-filter.js';

const agents = [
  agent('1001', 'available', { name: 'José Alvarez' }),
  agent('1002', 'paused', { name: 'Ana Berg' }),
  agent('1003', 'on_call', { name: 'Anders Holm' }),
  agent('2004', 'paused', { name: 'Bo Anh' }),
];
const numbers = (list: { number: string }[]) => list.map((a) => a.number);

describe('filterAgents', () => {
  it('keeps every agent with no filter', () => {
    expect(numbers(filterAgents(agents, NO_AGENT_FILTER))).toEqual(['1001', '1002', '1003', '2004']);
  });

  it('keeps the chosen states only', () => {
    expect(numbers(filterAgents(agents, { states: ['paused'], text: '' }))).toEqual(['1002', '2004']);
    expect(numbers(filterAgents(agents, { states: ['paused', 'on_call'], text: '' }))).toEqual([
      '1002',
      '1003',
      '2004',
    ]);
  });

  it('matches every word of the text against name and number, ignoring case and accents', () => {
    expect(numbers(filterAgents(agents, { states: [], text: 'jose' }))).toEqual(['1001']);
    expect(numbers(filterAgents(agents, { states: [], text: 'an 100' }))).toEqual(['1002', '1003']);
    expect(numbers(filterAgents(agents, { states: [], text: ' 2004 ' }))).toEqual(['2004']);
    expect(numbers(filterAgents(agents, { states: ['available'], text: 'ana' }))).toEqual([]);
  });
});

describe('countByState', () => {
  it('counts every state, zeros included', () => {
    expect(countByState(agents)).toEqual([
      { state: 'available', count: 1 },
      { state: 'ringing', count: 0 },
      { state: 'on_call', count: 1 },
      { state: 'on_hold', count: 0 },
      { state: 'paused', count: 2 },
      { state: 'offline', count: 0 },
      { state: 'unknown', count: 0 },
      { state: 'logged_out', count: 0 },
    ]);
  });
});
