import { describe, expect, it } from 'vitest';
import { sumAgentDayFigures } from './day-figures.js';

describe('sumAgentDayFigures', () => {
  it('sums calls and talk over queues and averages the sum, not the averages', () => {
    const sales = { number: '2001', answered: 3, talkSumSec: 300, avgTalkSec: 100, longestTalkSec: 200 };
    const support = { number: '2001', answered: 1, talkSumSec: 20, avgTalkSec: 20, longestTalkSec: 20 };
    expect(sumAgentDayFigures('2001', [sales, support])).toEqual({
      number: '2001',
      answered: 4,
      talkSumSec: 320,
      avgTalkSec: 80,
      longestTalkSec: 200,
    });
  });

  it('has no average or longest call before the first answered call', () => {
    expect(sumAgentDayFigures('2002', [])).toEqual({
      number: '2002',
      answered: 0,
      talkSumSec: 0,
      avgTalkSec: null,
      longestTalkSec: null,
    });
  });
});
