import { DEFAULT_CHANNEL_RULES, type DeliveryView } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import {
  durationWords,
  queuesInWords,
  quietHoursWords,
  ruleTiming,
  ruleWords,
  rulesInWords,
  testOutcomeWords,
} from './contact-point-text.js';

describe('contact point words', () => {
  it('says the default rules as an admin reads them', () => {
    expect(rulesInWords(DEFAULT_CHANNEL_RULES)).toBe('Queue critical for 30 s · PBX link down 60 s');
    expect(DEFAULT_CHANNEL_RULES.map(ruleTiming)).toEqual([
      'repeats every 15 min · quiet 10 min after a message',
      'repeats every 15 min · quiet 10 min after a message',
    ]);
  });

  it('names every condition, its limit and its wait', () => {
    const timing = { cooldownSec: 0, repeatSec: 0 };
    expect(ruleWords({ kind: 'queue', level: 'warn', dwellSec: 0, ...timing })).toBe(
      'Queue warning or critical',
    );
    expect(ruleWords({ kind: 'no-agents', dwellSec: 120, ...timing })).toBe('No agent logged in for 2 min');
    expect(ruleWords({ kind: 'agent-paused', dwellSec: 0, ...timing })).toBe(
      'Agent paused over the queue’s limit',
    );
    expect(ruleWords({ kind: 'agent-paused', limitSec: 900, dwellSec: 30, ...timing })).toBe(
      'Agent paused over 15 min (+30 s)',
    );
    expect(ruleWords({ kind: 'pbx-down', limitSec: 300, dwellSec: 0, ...timing })).toBe(
      'PBX link down 5 min',
    );
    expect(ruleTiming({ kind: 'no-agents', dwellSec: 0, ...timing })).toBe('no reminders');
  });

  it('writes durations in the unit people think in', () => {
    expect([0, 30, 60, 90, 119, 120, 150, 600, 3600, 7200, 5400].map(durationWords)).toEqual([
      '0 s',
      '30 s',
      '60 s',
      '90 s',
      '119 s',
      '2 min',
      '2 min 30 s',
      '10 min',
      '1 h',
      '2 h',
      '90 min',
    ]);
  });

  it('names queues, quiet hours and a test’s outcome', () => {
    const known = [
      { id: 1, number: '601', name: 'Sales' },
      { id: 2, number: '602', name: 'Support' },
    ];
    expect(queuesInWords('all', known)).toBe('All queues');
    expect(queuesInWords([2, 9], known)).toBe('Support, Queue 9');
    expect(quietHoursWords(null)).toBe('None');
    expect(quietHoursWords({ from: '22:00', to: '07:00' })).toBe('22:00–07:00 (site time)');
    const attempt: DeliveryView = {
      at: 0,
      message: 'test',
      incidentId: null,
      attempt: 1,
      result: 'ok',
      status: 200,
      error: null,
      durationMs: 35,
    };
    expect(testOutcomeWords(attempt, 'webhook')).toBe('Test delivered (HTTP 200, 35 ms).');
    expect(
      testOutcomeWords(
        { ...attempt, result: 'retrying', status: null, error: 'timeout after 10 s', durationMs: 10_000 },
        'slack',
      ),
    ).toBe('Test failed (10000 ms): timeout after 10 s. It will be retried.');
  });
});
