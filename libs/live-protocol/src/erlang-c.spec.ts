import { describe, expect, it } from 'vitest';
import {
  agentsNeeded,
  averageWaitSeconds,
  expectedWaitForNewCaller,
  offeredErlangs,
  serviceLevel,
  waitProbability,
} from './erlang-c.js';

/** Erlang C written the textbook way, with powers and factorials: a second reading of the same formula. */
function textbookWaitProbability(agents: number, erlangs: number): number {
  let term = 1;
  let below = 1;
  for (let k = 1; k < agents; k += 1) {
    term *= erlangs / k;
    below += term;
  }
  const queued = ((term * erlangs) / agents) * (agents / (agents - erlangs));
  return queued / (below + queued);
}

describe('Erlang C', () => {
  it('agrees with the closed forms of one and two agents', () => {
    // One agent (M/M/1): a call waits exactly when the agent is busy, i.e. with probability ρ = A.
    for (const erlangs of [0.1, 0.5, 0.9]) expect(waitProbability(1, erlangs)).toBeCloseTo(erlangs, 12);
    // Two agents (M/M/2) with ρ = A / 2: P(wait) = 2ρ² / (1 + ρ).
    for (const erlangs of [0.4, 1, 1.8]) {
      const rho = erlangs / 2;
      expect(waitProbability(2, erlangs)).toBeCloseTo((2 * rho * rho) / (1 + rho), 12);
    }
  });

  it('matches the factorial form of the formula where that form is still exact', () => {
    for (const [agents, erlangs] of [
      [3, 2.5],
      [11, 10],
      [14, 10],
      [55, 48],
      [120, 100],
    ] as const) {
      expect(waitProbability(agents, erlangs)).toBeCloseTo(textbookWaitProbability(agents, erlangs), 10);
    }
  });

  it('stays finite and sensible for a very large queue', () => {
    const waits = waitProbability(600, 560);
    expect(waits).toBeGreaterThan(0);
    expect(waits).toBeLessThan(1);
  });

  it('says every call waits, forever, when the agents cannot keep up', () => {
    const overloaded = { callsPerHour: 120, handleSeconds: 180, agents: 6 };
    expect(offeredErlangs(overloaded)).toBe(6);
    expect(waitProbability(6, 6)).toBe(1);
    expect(serviceLevel(overloaded, 20)).toBe(0);
    expect(averageWaitSeconds(overloaded)).toBe(Number.POSITIVE_INFINITY);
  });

  it('says no call waits when none arrive', () => {
    const quiet = { callsPerHour: 0, handleSeconds: 180, agents: 3 };
    expect(waitProbability(3, 0)).toBe(0);
    expect(serviceLevel(quiet, 20)).toBe(1);
    expect(averageWaitSeconds(quiet)).toBe(0);
    expect(agentsNeeded(quiet, 20, 0.8)).toBe(0);
  });

  // Worked example from docs/forecasting.md, "Worked examples the tests check": Jones the Net, "Erlang
  // uplift": an hour of 250 calls of 330 s is 22.9 erlangs, and 80 % within 30 s takes 28 advisors.
  it('needs 28 advisors for 250 calls an hour of 330 s at 80 % in 30 s', () => {
    const load = { callsPerHour: 250, handleSeconds: 330 };
    expect(offeredErlangs(load)).toBeCloseTo(22.9, 1);
    expect(agentsNeeded(load, 30, 0.8)).toBe(28);
    expect(serviceLevel({ ...load, agents: 27 }, 30)).toBeLessThan(0.8);
  });

  // Worked example from docs/forecasting.md, "Worked examples the tests check": "The Erlang-C formula" step
  // by step (360 calls per half hour, 4 minute calls, 55 agents, a 15 s target): 48 erlangs, occupancy 0.873.
  it('reads 360 calls per half hour of 4 minutes as 48 erlangs, 87.3 % occupancy with 55 agents', () => {
    const load = { callsPerHour: 720, handleSeconds: 240, agents: 55 };
    const erlangs = offeredErlangs(load);
    expect(erlangs).toBe(48);
    expect(erlangs / load.agents).toBeCloseTo(0.873, 3);
    const waits = waitProbability(55, 48);
    // Service level and average wait follow from the wait probability by their own formulas.
    expect(serviceLevel(load, 15)).toBeCloseTo(1 - waits * Math.exp((-(55 - 48) * 15) / 240), 12);
    expect(averageWaitSeconds(load)).toBeCloseTo((waits * 240) / 7, 12);
  });

  // Worked example from docs/forecasting.md, "Worked examples the tests check": the README of the R package
  // ErlangC, "ErlangC: Solve Erlang-C Model", https://stat.ethz.ch/CRAN/web/packages/ErlangC/readme/README.html
  // (the CRAN page, mirrored). 100 calls per 30 minutes of 180 s, a 20 s target: 10 erlangs; with 14 agents
  // P(wait) 0.1741319, service level 0.88835, ASA 7.83593701177724 s, occupancy 0.7142857; with 11 agents
  // P(wait) 0.6821182 and service level 0.3896138; calculate_agents answers 14 for an 80 % goal. The figures are
  // checked to within half a unit of the seventh decimal, the precision the page prints.
  it('reproduces the ErlangC README: 100 calls per half hour of 180 s on 14 and on 11 agents', () => {
    const load = { callsPerHour: 200, handleSeconds: 180 };
    const fourteen = { ...load, agents: 14 };
    expect(offeredErlangs(load)).toBe(10);
    expect(waitProbability(14, 10)).toBeCloseTo(0.1741319, 7);
    expect(serviceLevel(fourteen, 20)).toBeCloseTo(0.88835, 7);
    expect(averageWaitSeconds(fourteen)).toBeCloseTo(7.83593701177724, 10);
    expect(offeredErlangs(load) / 14).toBeCloseTo(0.7142857, 7);
    expect(waitProbability(11, 10)).toBeCloseTo(0.6821182, 7);
    expect(serviceLevel({ ...load, agents: 11 }, 20)).toBeCloseTo(0.3896138, 7);
    expect(agentsNeeded(load, 20, 0.8)).toBe(14);
    expect(serviceLevel({ ...load, agents: 13 }, 20)).toBeLessThan(0.8);
  });

  it('gives more service and shorter waits with every agent added', () => {
    const load = { callsPerHour: 200, handleSeconds: 180 };
    let previous = { level: -1, wait: Number.POSITIVE_INFINITY };
    for (let agents = 11; agents <= 20; agents += 1) {
      const level = serviceLevel({ ...load, agents }, 20);
      const wait = averageWaitSeconds({ ...load, agents });
      expect(level).toBeGreaterThan(previous.level);
      expect(wait).toBeLessThan(previous.wait);
      previous = { level, wait };
    }
  });

  it('answers null rather than searching forever for an impossible goal', () => {
    expect(agentsNeeded({ callsPerHour: 100, handleSeconds: 180 }, 20, 1.01, 200)).toBeNull();
  });
});

describe('expected wait for a caller who joins now', () => {
  it('is nothing when an agent is free for them', () => {
    expect(expectedWaitForNewCaller(0, 5, 1, 180)).toBe(0);
    expect(expectedWaitForNewCaller(2, 5, 3, 180)).toBe(0);
  });

  it('is one call ending per caller ahead, plus their own, at the agents’ combined pace', () => {
    // 4 agents busy on 180 s calls end one call every 45 s on average; 3 callers ahead means 4 endings.
    expect(expectedWaitForNewCaller(3, 4, 0, 180)).toBe(180);
    expect(expectedWaitForNewCaller(0, 4, 0, 180)).toBe(45);
  });

  it('has no answer when no agent is there to take the call', () => {
    expect(expectedWaitForNewCaller(2, 0, 0, 180)).toBeNull();
  });
});
