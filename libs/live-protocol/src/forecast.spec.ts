import { describe, expect, it } from 'vitest';
import { serviceLevel } from './erlang-c.js';
import { FORECAST_WINDOW_MIN, forecastQueue, type ForecastInputs } from './forecast.js';

const inputs = (over: Partial<ForecastInputs> = {}): ForecastInputs => ({
  arrivals: 125,
  handleSec: 330,
  agentsTakingCalls: 28,
  agentsFree: 3,
  waiting: 0,
  targetSec: 30,
  goalPercent: 80,
  ...over,
});

describe('forecastQueue', () => {
  it('turns the arrivals of the window into a rate per hour and carries every input it used', () => {
    const forecast = forecastQueue(inputs());
    expect(FORECAST_WINDOW_MIN).toBe(30);
    expect(forecast.callsPerHour).toBe(250);
    expect(forecast.loadPerHour).toBe(250);
    expect(forecast).toMatchObject({ ...inputs(), windowMin: 30 });
    expect(forecast.erlangs).toBe(22.9);
  });

  it('predicts the service level by Erlang C and names the agents needed (the 250 calls of 330 s example)', () => {
    const forecast = forecastQueue(inputs({ agentsTakingCalls: 27 }));
    const exact = serviceLevel({ callsPerHour: 250, handleSeconds: 330, agents: 27 }, 30) * 100;
    expect(forecast.predictedServiceLevel).toBe(Math.round(exact * 10) / 10);
    expect(forecast.predictedServiceLevel).toBeLessThan(80);
    expect(forecast.agentsNeeded).toBe(28);
    expect(forecastQueue(inputs()).predictedServiceLevel).toBeGreaterThanOrEqual(80);
  });

  it('says a caller who finds a free agent waits nothing, and one behind a queue waits for calls to end', () => {
    expect(forecastQueue(inputs({ agentsFree: 2, waiting: 1 })).expectedWaitSec).toBe(0);
    // 3 ahead, nobody free, 10 agents at 300 s: four endings at one per 30 s.
    expect(
      forecastQueue(inputs({ agentsTakingCalls: 10, agentsFree: 0, waiting: 3, handleSec: 300 }))
        .expectedWaitSec,
    ).toBe(120);
  });

  it('adds the callers already waiting to the half hour’s load, so a deep queue is not predicted fine', () => {
    // 268 calls an hour of 218 s on 21 agents is 16.2 erlangs: steady state alone would predict ~88 %.
    const calm = forecastQueue(inputs({ arrivals: 134, handleSec: 218, agentsTakingCalls: 21, waiting: 0 }));
    expect(calm.predictedServiceLevel).toBeGreaterThan(80);
    // 125 callers already waiting must be answered in the same 30 minutes: 250 calls an hour more.
    const deep = forecastQueue(
      inputs({ arrivals: 134, handleSec: 218, agentsTakingCalls: 21, agentsFree: 1, waiting: 125 }),
    );
    expect(deep.callsPerHour).toBe(268);
    expect(deep.loadPerHour).toBe(518);
    expect(deep.erlangs).toBe(31.4);
    expect(deep.predictedServiceLevel).toBe(0);
    expect(deep.agentsNeeded).toBeGreaterThan(31);
  });

  it('predicts nothing before the first answered call, since the handle time is unknown', () => {
    const forecast = forecastQueue(inputs({ handleSec: null }));
    expect(forecast).toMatchObject({
      predictedServiceLevel: null,
      expectedWaitSec: null,
      agentsNeeded: null,
      erlangs: null,
    });
  });

  it('predicts 0 % when calls arrive and nobody takes them, and nothing when nobody calls either', () => {
    const nobody = inputs({ agentsTakingCalls: 0, agentsFree: 0 });
    expect(forecastQueue(nobody)).toMatchObject({ predictedServiceLevel: 0, expectedWaitSec: null });
    expect(forecastQueue({ ...nobody, arrivals: 0 }).predictedServiceLevel).toBeNull();
  });

  it('predicts 0 % when the calls are more than the agents can keep up with', () => {
    expect(forecastQueue(inputs({ agentsTakingCalls: 20 })).predictedServiceLevel).toBe(0);
    expect(forecastQueue(inputs({ arrivals: 0 })).predictedServiceLevel).toBe(100);
  });
});
