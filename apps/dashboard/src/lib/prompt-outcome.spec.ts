import { describe, expect, it } from 'vitest';
import { callerLine, outcomeText } from './prompt-outcome.js';

const base = { decidedBy: 'sup1', blocked: false, error: null };

describe('outcomeText', () => {
  it('says who decided and how', () => {
    expect(outcomeText({ ...base, status: 'accepted' })).toBe('Accepted by sup1');
    expect(outcomeText({ ...base, status: 'refused' })).toBe('Refused by sup1');
    expect(outcomeText({ ...base, status: 'refused', blocked: true })).toBe('Refused and blocked by sup1');
    expect(outcomeText({ ...base, decidedBy: null, status: 'auto_accepted' })).toBe(
      'Accepted automatically by the PBX',
    );
    expect(outcomeText({ ...base, status: 'failed', error: 'PBX timeout' })).toBe('Failed: PBX timeout');
  });

  it('says why nobody saw a call the PBX accepted during an outage', () => {
    expect(
      outcomeText({
        ...base,
        decidedBy: null,
        status: 'auto_accepted',
        unseenReason: 'Accepted automatically while the PBX link was down',
      }),
    ).toBe('Accepted automatically while the PBX link was down');
  });

  it('has nothing to say while the call still waits', () => {
    expect(outcomeText({ ...base, status: 'pending' })).toBeNull();
    expect(outcomeText({ ...base, status: 'deciding' })).toBeNull();
  });
});

describe('callerLine', () => {
  const context = { contactName: null, company: null, callsToday: 0, lastOutcome: null };
  it('prefers the contact, then the company, then the number', () => {
    expect(callerLine({ from: '+331', context: { ...context, contactName: 'Ada', company: 'ACME' } })).toBe(
      'Ada (ACME)',
    );
    expect(callerLine({ from: '+331', context: { ...context, company: 'ACME' } })).toBe('ACME');
    expect(callerLine({ from: '+331', context })).toBe('+331');
  });
});
