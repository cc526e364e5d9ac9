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

  it('puts the callers already waiting ahead of every newcomer: 0 % while they cannot be cleared', () => {
    // 268 calls an hour of 218 s on 21 agents is 16.2 erlangs: steady state alone would predict ~88 %.
    const calm = forecastQueue(inputs({ arrivals: 134, handleSec: 218, agentsTakingCalls: 21, waiting: 0 }));
    expect(calm.predictedServiceLevel).toBeGreaterThan(80);
    // 125 already waiting: the agents gain on the backlog by 21/218 - 268/3600 = 0.022 calls a second, so it
    // takes over 90 minutes to clear; everyone who joins in the next half hour waits too long.
    const deep = forecastQueue(
      inputs({ arrivals: 134, handleSec: 218, agentsTakingCalls: 21, agentsFree: 1, waiting: 125 }),
    );
    expect(deep.callsPerHour).toBe(268);
    expect(deep.loadPerHour).toBe(518);
    expect(deep.erlangs).toBe(16.2);
    expect(deep.predictedServiceLevel).toBe(0);
    expect(deep.agentsNeeded).toBeGreaterThan(21);
    // Barely more agents than the arrivals need (23 for 22.9 erlangs) take hours over 10 callers.
    expect(forecastQueue(inputs({ agentsTakingCalls: 23, waiting: 10 })).predictedServiceLevel).toBe(0);
  });

  it('gives the part of the half hour after the backlog is cleared Erlang C’s service level', () => {
    // 600 calls an hour of 180 s on 37 agents, 40 waiting: 37/180 = 0.2056 answered a second against 0.1667
    // arriving, so the 40 shrink by 0.0389 a second. Once 6.2 are left (30 s of answering) a newcomer is in
    // time: after (40 - 6.17) / 0.0389 = 870 s, 48 % of the window. The rest gets the steady state's 95.2 %.
    const steady = serviceLevel({ callsPerHour: 600, handleSeconds: 180, agents: 37 }, 30);
    const lateSec = (40 - (30 * 37) / 180) / (37 / 180 - 600 / 3600);
    const forecast = forecastQueue(
      inputs({ arrivals: 300, handleSec: 180, agentsTakingCalls: 37, agentsFree: 0, waiting: 40 }),
    );
    expect(lateSec).toBeCloseTo(870, 0);
    expect(forecast.predictedServiceLevel).toBe(Math.round((1 - lateSec / 1800) * steady * 1000) / 10);
    expect(forecast.predictedServiceLevel).toBeGreaterThan(45);
    expect(forecast.predictedServiceLevel).toBeLessThan(55);
    // Enough agents to clear it in time make the goal again; the answer is the fewest that do.
    const needed = forecast.agentsNeeded ?? Infinity;
    expect(
      forecastQueue(
        inputs({ arrivals: 300, handleSec: 180, agentsTakingCalls: needed, agentsFree: 0, waiting: 40 }),
      ).predictedServiceLevel,
    ).toBeGreaterThanOrEqual(80);
    expect(
      forecastQueue(
        inputs({ arrivals: 300, handleSec: 180, agentsTakingCalls: needed - 1, agentsFree: 0, waiting: 40 }),
      ).predictedServiceLevel,
    ).toBeLessThan(80);
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
