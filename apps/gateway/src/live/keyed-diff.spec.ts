import { describe, expect, it } from 'vitest';
import { diffKeyed, sameData } from './keyed-diff.js';

const agent = (overrides: Record<string, unknown> = {}) => ({
  number: '1001',
  name: 'Ana',
  state: 'idle',
  since: 5,
  pauseReason: '',
  kind: 'dynamic',
  ...overrides,
});

describe('sameData', () => {
  it('sees a changed field, also nested or in an array', () => {
    expect(sameData(agent(), agent())).toBe(true);
    expect(sameData(agent(), agent({ since: 6 }))).toBe(false);
    expect(sameData({ stats: { agentCounts: { idle: 1 } } }, { stats: { agentCounts: { idle: 2 } } })).toBe(
      false,
    );
    expect(sameData({ today: { offered: [1, 2] } }, { today: { offered: [1, 3] } })).toBe(false);
    expect(sameData({ list: [1, 2] }, { list: [1, 2, 3] })).toBe(false);
    expect(sameData({ oldest: null }, { oldest: 0 })).toBe(false);
    expect(sameData({ list: [] }, { list: {} })).toBe(false);
  });

  it('sees a field that appears or goes', () => {
    expect(sameData(agent(), agent({ sinceLowerBound: true }))).toBe(false);
    expect(sameData(agent({ sinceLowerBound: true }), agent())).toBe(false);
  });

  it('treats an undefined field as absent and ignores key order, as JSON does', () => {
    expect(sameData(agent({ extra: undefined }), agent())).toBe(true);
    expect(sameData({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
  });
});

describe('diffKeyed', () => {
  it('upserts an item whose nested field changed, removes one that went, and says nothing when equal', () => {
    const before = [agent(), agent({ number: '1002', thresholds: { warn: 1 } })];
    expect(
      diffKeyed(
        before,
        before.map((a) => ({ ...a })),
        (a) => a.number,
      ),
    ).toBeUndefined();
    const nested = [agent(), agent({ number: '1002', thresholds: { warn: 2 } })];
    expect(diffKeyed(before, nested, (a) => a.number)).toEqual({ upsert: [nested[1]], remove: [] });
    expect(diffKeyed(before, before.slice(0, 1), (a) => a.number)).toEqual({ upsert: [], remove: ['1002'] });
  });
});
