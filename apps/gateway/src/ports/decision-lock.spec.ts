import { describe, expect, it } from 'vitest';
import { InMemoryDecisionLock } from './decision-lock.js';

describe('InMemoryDecisionLock', () => {
  it('lets exactly one of many concurrent claims win and names the winner to the others', async () => {
    const lock = new InMemoryDecisionLock();
    const claims = await Promise.all(
      ['ann', 'bob', 'cy', 'dee'].map((user, i) => lock.acquire('call-1', `claim-${i}`, user, 10_000)),
    );
    expect(claims.filter((c) => c.acquired)).toHaveLength(1);
    expect(claims.slice(1)).toEqual([
      { acquired: false, holder: 'ann' },
      { acquired: false, holder: 'ann' },
      { acquired: false, holder: 'ann' },
    ]);
  });

  it('keeps calls independent', async () => {
    const lock = new InMemoryDecisionLock();
    expect(await lock.acquire('a', '1', 'ann', 1_000)).toEqual({ acquired: true });
    expect(await lock.acquire('b', '2', 'bob', 1_000)).toEqual({ acquired: true });
  });

  it('releases only for the claim that holds it', async () => {
    const lock = new InMemoryDecisionLock();
    await lock.acquire('a', 'mine', 'ann', 1_000);
    await lock.release('a', 'someone-else');
    expect(await lock.acquire('a', 'x', 'bob', 1_000)).toEqual({ acquired: false, holder: 'ann' });
    await lock.release('a', 'mine');
    expect(await lock.acquire('a', 'x', 'bob', 1_000)).toEqual({ acquired: true });
  });

  it('lets a claim lapse after its time to live', async () => {
    let now = 0;
    const lock = new InMemoryDecisionLock(() => now);
    await lock.acquire('a', '1', 'ann', 1_000);
    now = 999;
    expect(await lock.acquire('a', '2', 'bob', 1_000)).toMatchObject({ acquired: false });
    now = 1_000;
    expect(await lock.acquire('a', '2', 'bob', 1_000)).toEqual({ acquired: true });
  });
});
