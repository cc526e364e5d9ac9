import { describe, expect, it, vi } from 'vitest';
import { BudgetBusyError, BudgetClosedError, RequestBudget } from './request-budget.js';
import { useFakeClock } from '../../test/support/fake-clock.js';

describe('RequestBudget', () => {
  useFakeClock(1_000_000);

  async function grantTimes(budget: RequestBudget, count: number, runForMs: number): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < count; i++) void budget.acquire().then(() => times.push(Date.now() - 1_000_000));
    await vi.advanceTimersByTimeAsync(runForMs);
    return times;
  }

  it('spaces requests to the rate and never bursts, even after a long idle time', async () => {
    const budget = new RequestBudget(5);
    await vi.advanceTimersByTimeAsync(10_000); // idle: a bursting bucket would now hold many tokens
    const times = (await grantTimes(budget, 10, 5_000)).map((t) => t - 10_000);
    expect(times).toHaveLength(10);
    expect(times[0]).toBe(0);
    times.slice(1).forEach((time, i) => expect(time - (times[i] ?? 0)).toBeGreaterThanOrEqual(200));
    expect(times[9]).toBeLessThanOrEqual(1_801);
  });

  it('serves waiters in arrival order', async () => {
    const budget = new RequestBudget(10);
    const order: number[] = [];
    for (let i = 0; i < 5; i++) void budget.acquire().then(() => order.push(i));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('charges commands at once and makes polling pay the debt', async () => {
    const budget = new RequestBudget(2);
    budget.charge();
    budget.charge();
    budget.charge(); // two tokens in debt beyond the one available
    const times = await grantTimes(budget, 1, 3_000);
    expect(times).toEqual([1_500]);
  });

  it('serves polls before commands and commands before background work, whatever the arrival order', async () => {
    const budget = new RequestBudget(10);
    await budget.acquire(); // the one token: everyone below waits
    const order: string[] = [];
    for (let i = 0; i < 3; i++) void budget.acquire('background').then(() => order.push(`background${i}`));
    void budget.acquire('command').then(() => order.push('command'));
    void budget.acquire('poll').then(() => order.push('poll'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(order).toEqual(['poll', 'command', 'background0', 'background1', 'background2']);
  });

  it('refuses at once a request that would wait longer than it may, saying when to retry', async () => {
    const budget = new RequestBudget(10);
    await budget.acquire();
    const queued = [0, 1, 2].map(() => budget.acquire('background', 350));
    // Three are ahead (300 ms) plus the one in flight (100 ms): 400 ms > 350 ms.
    const refused = budget.acquire('background', 350);
    await expect(refused).rejects.toBeInstanceOf(BudgetBusyError);
    await expect(refused).rejects.toMatchObject({ retryAfterMs: 400 });
    // A poll does not queue behind background work, so it still fits.
    const poll = budget.acquire('poll', 150);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(poll).resolves.toBeUndefined();
    await expect(Promise.all(queued)).resolves.toHaveLength(3);
  });

  it('rejects waiters and later calls once closed', async () => {
    const budget = new RequestBudget(1);
    await budget.acquire();
    const waiting = budget.acquire();
    budget.close();
    await expect(waiting).rejects.toBeInstanceOf(BudgetClosedError);
    await expect(budget.acquire()).rejects.toBeInstanceOf(BudgetClosedError);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => new RequestBudget(0)).toThrow(/ratePerSec must be a positive number/);
  });
});
