import { AGENT_STATES, type AgentState } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import {
  AgentTimeLedger,
  type AgentTimeFigures,
  type AgentTimeOptions,
  type AgentTimeSnapshot,
  type AgentTimeSnapshotAgent,
} from './agent-time.model.js';

const DAY = Date.UTC(2025, 2, 3, 5); // midnight in New York
const MAX_GAP_MS = 10_000;
const OPTIONS: AgentTimeOptions = { dayStart: DAY, maxGapMs: MAX_GAP_MS };
/** Epoch ms `sec` seconds after the day's start. */
const at = (sec: number): number => DAY + sec * 1000;

const zeroStates = (): Record<AgentState, number> =>
  Object.fromEntries(AGENT_STATES.map((state) => [state, 0])) as Record<AgentState, number>;
const states = (seconds: Partial<Record<AgentState, number>>): Record<AgentState, number> => ({
  ...zeroStates(),
  ...seconds,
});

/** Feeds `steps` ([seconds after dayStart, state, pause reason?]) for one agent. */
function feed(ledger: AgentTimeLedger, number: string, steps: [number, AgentState, string?][]): void {
  for (const [sec, state, reason] of steps) ledger.observe(number, state, reason ?? '', at(sec));
}

function figuresOf(ledger: AgentTimeLedger, number: string, now: number): AgentTimeFigures {
  const figures = ledger.figures(number, now);
  if (!figures) throw new Error(`no figures for ${number}`);
  return figures;
}

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same day every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Observation {
  state: AgentState;
  reason: string;
  at: number;
}

const REASONS = ['', 'lunch', 'break', 'training'];

/**
 * One agent's day as a poller sees it: an observation about every second (with jitter), state changes now
 * and then, and outages in which nothing is observed.
 */
function randomDay(seed: number, seconds: number): Observation[] {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const out: Observation[] = [];
  let state: AgentState = 'available';
  let reason = '';
  for (let sec = Math.floor(random() * 600); sec < seconds; sec++) {
    if (random() < 0.002) {
      sec += 5 + Math.floor(random() * 900); // an outage: gateway down or PBX unreachable
      continue;
    }
    if (random() < 0.08) {
      // Rings are common so that both answered and missed episodes occur.
      state = state === 'ringing' ? pick(['on_call', 'on_call', 'available', 'paused']) : pick(AGENT_STATES);
      reason = state === 'paused' ? pick(REASONS) : '';
    } else if (state === 'paused' && random() < 0.01) {
      reason = pick(REASONS);
    }
    out.push({ state, reason, at: at(sec) + Math.floor(random() * 1000) });
  }
  return out;
}

/** The figures the rules give for a whole list of observations: an independent, list-walking oracle. */
function expectedFigures(number: string, observations: Observation[], now: number): AgentTimeFigures {
  const stateMs = zeroStates();
  const reasonMs = new Map<string, number>();
  const first = observations[0];
  if (!first) throw new Error('no observations');
  let unobservedMs = first.at - DAY;
  let missed = 0;
  const steps = [...observations.slice(1), { state: 'unknown' as AgentState, reason: '', at: now }];
  let previous = first;
  for (const [index, next] of steps.entries()) {
    const elapsed = next.at - previous.at;
    if (elapsed > MAX_GAP_MS) unobservedMs += elapsed;
    else {
      stateMs[previous.state] += elapsed;
      if (previous.state === 'paused' && elapsed > 0)
        reasonMs.set(previous.reason, (reasonMs.get(previous.reason) ?? 0) + elapsed);
      const isNow = index === steps.length - 1;
      if (!isNow && previous.state === 'ringing' && !['ringing', 'on_call', 'on_hold'].includes(next.state))
        missed++;
    }
    previous = next;
  }
  const ready = stateMs.available + stateMs.ringing + stateMs.on_call + stateMs.on_hold;
  return {
    number,
    stateSec: Object.fromEntries(AGENT_STATES.map((s) => [s, Math.floor(stateMs[s] / 1000)])) as Record<
      AgentState,
      number
    >,
    pausedByReasonSec: Object.fromEntries([...reasonMs].map(([r, ms]) => [r, Math.floor(ms / 1000)])),
    unobservedSec: Math.floor(unobservedMs / 1000),
    missed,
    occupancy: ready === 0 ? null : (stateMs.on_call + stateMs.on_hold) / ready,
  };
}

/** Feeds a poller's observations, with the noise a real one adds: repeats, late stale reports, and a stale reason. */
function feedWithNoise(ledger: AgentTimeLedger, number: string, day: Observation[], seed: number): void {
  const random = seeded(seed);
  ledger.observe(number, 'available', '', DAY - 5_000); // yesterday's last poll, arriving late
  for (const o of day) {
    // A reason reported alongside a state other than paused means nothing and must not be counted.
    const reason = o.state === 'paused' ? o.reason : random() < 0.1 ? 'stale' : '';
    ledger.observe(number, o.state, reason, o.at);
    if (random() < 0.05) ledger.observe(number, o.state, reason, o.at);
    if (random() < 0.03) ledger.observe(number, 'offline', '', o.at - 1 - Math.floor(random() * 3000));
  }
}

const total = (figures: AgentTimeFigures): number =>
  AGENT_STATES.reduce((sum, state) => sum + figures.stateSec[state], figures.unobservedSec);

describe('AgentTimeLedger', () => {
  describe('time in each state', () => {
    it('credits the time between two observations within maxGapMs to the state seen at the first', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [0, 'available'],
        [5, 'available'],
        [10, 'on_call'],
        [20, 'on_hold'], // exactly maxGapMs after the previous one: still credited
        [23, 'available'],
      ]);
      expect(figuresOf(ledger, '2001', at(23))).toMatchObject({
        stateSec: states({ available: 10, on_call: 10, on_hold: 3 }),
        unobservedSec: 0,
      });
    });

    it('counts the whole interval between observations further apart than maxGapMs as unobserved', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [0, 'available'],
        [4, 'on_call'],
        [15, 'available'], // 11 s after the previous one: the call's length is unknown
        [17, 'available'],
      ]);
      expect(figuresOf(ledger, '2001', at(17))).toMatchObject({
        stateSec: states({ available: 6 }),
        unobservedSec: 11,
      });
    });

    it('counts the time from the day start to the first observation of the day as unobserved', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [3600, 'available'],
        [3605, 'available'],
      ]);
      expect(figuresOf(ledger, '2001', at(3605))).toMatchObject({
        stateSec: states({ available: 5 }),
        unobservedSec: 3600,
      });
    });

    it('extends the current state to now within maxGapMs, and counts all the time since as unobserved beyond', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [0, 'available'],
        [2, 'on_call'],
      ]);
      expect(figuresOf(ledger, '2001', at(12)).stateSec).toEqual(states({ available: 2, on_call: 10 }));
      expect(figuresOf(ledger, '2001', at(13))).toMatchObject({
        stateSec: states({ available: 2 }),
        unobservedSec: 11,
      });
      // A `now` before the last observation adds nothing.
      expect(figuresOf(ledger, '2001', at(1)).stateSec).toEqual(states({ available: 2 }));
    });

    it('shows between polls the figures the ledger settles on when the next poll comes, whatever it reports', () => {
      for (const now of [at(9), at(40)]) {
        const ledger = new AgentTimeLedger(OPTIONS);
        feed(ledger, '2001', [
          [0, 'paused', 'lunch'],
          [3, 'on_call'],
        ]);
        const between = figuresOf(ledger, '2001', now);
        ledger.observe('2001', 'logged_out', '', now);
        expect(figuresOf(ledger, '2001', now)).toEqual(between);
      }
    });

    it('rounds down to whole seconds at output only, never per interval', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      for (let i = 0; i <= 10; i++) ledger.observe('2001', 'available', '', DAY + i * 1_500);
      expect(figuresOf(ledger, '2001', DAY + 15_000).stateSec.available).toBe(15);
      expect(figuresOf(ledger, '2001', DAY + 15_999).stateSec.available).toBe(15);
    });

    it('ignores observations before dayStart: a ledger counts one day, its owner makes a new one for the next', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      ledger.observe('2001', 'on_call', '', DAY - 1);
      expect(ledger.figures('2001', at(10))).toBeUndefined();
      ledger.observe('2001', 'available', '', at(2));
      ledger.observe('2001', 'on_call', '', DAY - 1);
      expect(figuresOf(ledger, '2001', at(4))).toMatchObject({
        stateSec: states({ available: 2 }),
        unobservedSec: 2,
      });
    });

    it('ignores observations older than the agent’s last one', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [0, 'available'],
        [6, 'on_call'],
        [4, 'paused', 'lunch'], // a late, stale report
        [8, 'available'],
      ]);
      expect(figuresOf(ledger, '2001', at(8))).toMatchObject({
        stateSec: states({ available: 6, on_call: 2 }),
        missed: 0,
      });
    });

    it('changes nothing on an equal repeated observation (poll and event reporting the same)', () => {
      const once = new AgentTimeLedger(OPTIONS);
      const twice = new AgentTimeLedger(OPTIONS);
      const steps: [number, AgentState, string?][] = [
        [1, 'available'],
        [2, 'ringing'],
        [3, 'paused', 'break'],
        [5, 'available'],
      ];
      feed(once, '2001', steps);
      for (const step of steps) feed(twice, '2001', [step, step, step]);
      expect(twice.snapshot()).toEqual(once.snapshot());
      expect(figuresOf(twice, '2001', at(6))).toEqual(figuresOf(once, '2001', at(6)));
    });

    it('lists every observed agent in all(), in the order first seen, and no agent never observed', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2002', [[1, 'available']]);
      feed(ledger, '2001', [[2, 'paused']]);
      expect(ledger.all(at(3)).map((f) => f.number)).toEqual(['2002', '2001']);
      expect(ledger.figures('2003', at(3))).toBeUndefined();
      expect(new AgentTimeLedger(OPTIONS).all(at(3))).toEqual([]);
    });
  });

  describe('pause reasons', () => {
    it('splits paused time by reason, a reason change while paused starting a new segment', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [0, 'paused', 'lunch'],
        [8, 'paused', 'lunch'],
        [10, 'paused', 'training'],
        [14, 'paused', ''],
        [17, 'available'],
        [20, 'paused', 'lunch'],
      ]);
      const figures = figuresOf(ledger, '2001', at(22));
      expect(figures.pausedByReasonSec).toEqual({ lunch: 12, training: 4, '': 3 });
      expect(figures.stateSec).toEqual(states({ paused: 19, available: 3 }));
    });

    it('keeps a pause reason only while paused', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [0, 'available', 'lunch'],
        [5, 'paused', 'break'],
        [7, 'available', 'break'],
      ]);
      expect(figuresOf(ledger, '2001', at(7)).pausedByReasonSec).toEqual({ break: 2 });
    });
  });

  describe('missed calls', () => {
    it('counts a ringing episode (however many observations) that ends unanswered as one missed call', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [0, 'available'],
        [1, 'ringing'],
        [2, 'ringing'],
        [3, 'ringing'],
        [4, 'available'],
      ]);
      expect(figuresOf(ledger, '2001', at(4))).toMatchObject({
        missed: 1,
        stateSec: states({ available: 1, ringing: 3 }),
      });
    });

    it.each<AgentState>(['available', 'paused', 'offline', 'unknown', 'logged_out'])(
      'counts ringing followed by %s as missed',
      (after) => {
        const ledger = new AgentTimeLedger(OPTIONS);
        feed(ledger, '2001', [
          [0, 'ringing'],
          [2, after],
        ]);
        expect(figuresOf(ledger, '2001', at(2)).missed).toBe(1);
      },
    );

    it.each<AgentState>(['on_call', 'on_hold'])(
      'counts ringing followed by %s as answered, not missed',
      (after) => {
        const ledger = new AgentTimeLedger(OPTIONS);
        feed(ledger, '2001', [
          [0, 'ringing'],
          [2, after],
          [5, 'available'],
        ]);
        expect(figuresOf(ledger, '2001', at(5)).missed).toBe(0);
      },
    );

    it('does not count a ringing episode whose end falls across a gap: what happened in between is unknown', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [0, 'ringing'],
        [30, 'available'],
      ]);
      expect(figuresOf(ledger, '2001', at(30)).missed).toBe(0);
    });

    it('counts each unanswered episode once, and a ringing agent not (yet) as missed', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [0, 'ringing'],
        [1, 'available'],
        [2, 'ringing'],
        [3, 'on_call'],
        [4, 'available'],
        [5, 'ringing'],
        [6, 'paused'],
        [7, 'ringing'],
      ]);
      expect(figuresOf(ledger, '2001', at(9)).missed).toBe(2);
    });
  });

  describe('occupancy', () => {
    it('is on_call+on_hold time over available+ringing+on_call+on_hold time', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [0, 'available'],
        [4, 'ringing'],
        [6, 'on_call'],
        [12, 'on_hold'],
        [14, 'paused'], // neither ready nor busy: left out
        [20, 'offline'],
        [24, 'available'],
      ]);
      // busy 8 s (on_call 6 + on_hold 2) of ready 16 s (available 4 + 2, ringing 2, busy 8)
      expect(figuresOf(ledger, '2001', at(26)).occupancy).toBeCloseTo(8 / 16, 12);
    });

    it('is null when the agent was never available, ringing or busy', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [0, 'paused', 'lunch'],
        [5, 'logged_out'],
      ]);
      expect(figuresOf(ledger, '2001', at(6)).occupancy).toBeNull();
    });
  });

  describe('a seeded day sampled every second', () => {
    const NOW = at(10 * 3600);
    const days = [11, 22, 33].map((seed) => ({ number: `20${seed}`, day: randomDay(seed, 10 * 3600), seed }));

    function fedLedger(): AgentTimeLedger {
      const ledger = new AgentTimeLedger(OPTIONS);
      for (const { number, day, seed } of days) feedWithNoise(ledger, number, day, seed + 1);
      return ledger;
    }

    it('accounts for every second of the day: states plus unobserved is now - dayStart, within rounding', () => {
      const ledger = fedLedger();
      for (const figures of ledger.all(NOW)) {
        const exact = (NOW - DAY) / 1000;
        // Each of the 9 figures is rounded down by less than a second.
        expect(total(figures)).toBeLessThanOrEqual(exact);
        expect(total(figures)).toBeGreaterThan(exact - 9);
        const paused = Object.values(figures.pausedByReasonSec).reduce((sum, sec) => sum + sec, 0);
        expect(paused).toBeLessThanOrEqual(figures.stateSec.paused);
        expect(paused).toBeGreaterThan(figures.stateSec.paused - REASONS.length);
      }
    });

    it('agrees with a list-walking oracle of the rules, noise (repeats, stale reports) notwithstanding', () => {
      const ledger = fedLedger();
      for (const { number, day } of days) {
        const figures = figuresOf(ledger, number, NOW);
        expect(figures).toEqual(expectedFigures(number, day, NOW));
        // The day exercises every rule: gaps, misses, answers, several reasons.
        expect(figures.unobservedSec).toBeGreaterThan(600);
        expect(figures.missed).toBeGreaterThan(0);
        expect(figures.stateSec.on_call).toBeGreaterThan(0);
        expect(Object.keys(figures.pausedByReasonSec).length).toBeGreaterThan(1);
      }
    });
  });

  describe('snapshot and restore', () => {
    function busyLedger(): AgentTimeLedger {
      const ledger = new AgentTimeLedger(OPTIONS);
      feed(ledger, '2001', [
        [100, 'available'],
        [101, 'ringing'],
        [103, 'available'],
        [105, 'paused', 'lunch'],
        [110, 'paused', ''],
        [112, 'on_call'],
      ]);
      feed(ledger, '2002', [[50, 'logged_out']]);
      return ledger;
    }

    it('round-trips exactly through JSON', () => {
      const ledger = busyLedger();
      const restored = AgentTimeLedger.restore(OPTIONS, JSON.parse(JSON.stringify(ledger.snapshot())));
      expect(restored?.snapshot()).toEqual(ledger.snapshot());
      expect(JSON.stringify(restored?.snapshot())).toBe(JSON.stringify(ledger.snapshot()));
      expect(restored?.all(at(115))).toEqual(ledger.all(at(115)));
    });

    it('keeps sub-second remainders across a restore, so rounding happens at output only', () => {
      const ledger = new AgentTimeLedger(OPTIONS);
      ledger.observe('2001', 'available', '', DAY);
      ledger.observe('2001', 'available', '', DAY + 1_500);
      const restored = AgentTimeLedger.restore(OPTIONS, ledger.snapshot());
      restored?.observe('2001', 'available', '', DAY + 3_000);
      expect(restored?.figures('2001', DAY + 3_000)?.stateSec.available).toBe(3);
    });

    it('restarts: equals an uninterrupted ledger except that the downtime is unobserved', () => {
      // The agent is paused for lunch through the downtime, so the uninterrupted ledger credits it all there.
      const random = seeded(7);
      const stop = 4000;
      const start = 4600;
      const observations: [number, AgentState, string][] = [];
      let state: AgentState = 'available';
      for (let sec = 0; sec < 8000; sec++) {
        if (random() < 0.05) state = AGENT_STATES[Math.floor(random() * AGENT_STATES.length)] ?? 'available';
        const lunch = sec >= stop - 30 && sec <= start + 30;
        observations.push(lunch ? [sec, 'paused', 'lunch'] : [sec, state, state === 'paused' ? 'break' : '']);
      }
      const uninterrupted = new AgentTimeLedger(OPTIONS);
      feed(uninterrupted, '2001', observations);

      const before = new AgentTimeLedger(OPTIONS);
      feed(
        before,
        '2001',
        observations.filter(([sec]) => sec <= stop),
      );
      const stored: unknown = JSON.parse(JSON.stringify(before.snapshot()));
      const after = AgentTimeLedger.restore(OPTIONS, stored);
      if (!after) throw new Error('snapshot refused');
      const afterwards = observations.filter(([sec]) => sec >= start);
      feed(after, '2001', afterwards);

      const now = at(8000);
      const expected = figuresOf(uninterrupted, '2001', now);
      const downtime = start - stop;
      expect(figuresOf(after, '2001', now)).toEqual({
        ...expected,
        stateSec: { ...expected.stateSec, paused: expected.stateSec.paused - downtime },
        pausedByReasonSec: {
          ...expected.pausedByReasonSec,
          lunch: (expected.pausedByReasonSec['lunch'] ?? 0) - downtime,
        },
        unobservedSec: expected.unobservedSec + downtime,
        occupancy: expected.occupancy,
      });
      // And the restore itself is invisible: the same as one ledger that simply saw nothing during the downtime.
      const blind = new AgentTimeLedger(OPTIONS);
      feed(blind, '2001', [...observations.filter(([sec]) => sec <= stop), ...afterwards]);
      expect(after.snapshot()).toEqual(blind.snapshot());
    });

    it('refuses a snapshot of another day', () => {
      const snapshot = busyLedger().snapshot();
      expect(AgentTimeLedger.restore({ ...OPTIONS, dayStart: DAY + 86_400_000 }, snapshot)).toBeUndefined();
      expect(AgentTimeLedger.restore({ ...OPTIONS, maxGapMs: 30_000 }, snapshot)).toBeDefined();
    });

    /** A valid snapshot of busyLedger, changed by `change`. */
    function broken(change: (snapshot: AgentTimeSnapshot) => unknown): unknown {
      const snapshot = structuredClone(busyLedger().snapshot());
      change(snapshot);
      return snapshot;
    }
    const first = (s: AgentTimeSnapshot): AgentTimeSnapshotAgent => {
      const agent = s.agents[0];
      if (!agent) throw new Error('no agent');
      return agent;
    };

    const garbage: [string, unknown][] = [
      ['null', null],
      ['undefined', undefined],
      ['a string', 'x'],
      ['a number', 42],
      ['an array', []],
      ['an array holding a snapshot', [{ dayStart: DAY, agents: [] }]],
      ['an empty object', {}],
      ['agents not a list', { dayStart: DAY, agents: 'x' }],
      ['an agent that is null', { dayStart: DAY, agents: [null] }],
      ['an agent that is a list', { dayStart: DAY, agents: [[]] }],
      ['an empty agent', { dayStart: DAY, agents: [{}] }],
      ['dayStart as a string', broken((s) => Object.assign(s, { dayStart: String(DAY) }))],
      ['an extra top-level field', broken((s) => Object.assign(s, { extra: 1 }))],
      ['an extra agent field', broken((s) => Object.assign(first(s), { extra: 1 }))],
      ['a missing agent field', broken((s) => Reflect.deleteProperty(first(s), 'missed'))],
      ['an empty number', broken((s) => (first(s).number = ''))],
      ['a numeric number', broken((s) => Object.assign(first(s), { number: 2001 }))],
      ['a duplicate agent', broken((s) => s.agents.push(structuredClone(first(s))))],
      [
        'a negative state time (sums still consistent)',
        broken((s) => {
          first(s).stateMs.offline = -1;
          first(s).unobservedMs += 1;
        }),
      ],
      ['a negative missed count', broken((s) => (first(s).missed = -1))],
      ['a huge missed count', broken((s) => (first(s).missed = 1e300))],
      ['a fractional missed count', broken((s) => (first(s).missed = 1.5))],
      ['an infinite time', broken((s) => (first(s).unobservedMs = Infinity))],
      ['NaN', broken((s) => (first(s).unobservedMs = NaN))],
      ['a huge unobserved time', broken((s) => (first(s).unobservedMs = 2 ** 60))],
      ['a time as a string', broken((s) => Object.assign(first(s).stateMs, { available: '1000' }))],
      ['an unknown state in the sums', broken((s) => Object.assign(first(s).stateMs, { sleeping: 0 }))],
      ['a state missing from the sums', broken((s) => Reflect.deleteProperty(first(s).stateMs, 'unknown'))],
      ['an unknown last state', broken((s) => Object.assign(first(s).last, { state: 'sleeping' }))],
      ['a pause reason that is not text', broken((s) => Object.assign(first(s).last, { pauseReason: 1 }))],
      ['a pause reason while not paused', broken((s) => (first(s).last.pauseReason = 'lunch'))],
      ['a last observation before dayStart', broken((s) => (first(s).last.at = DAY - 1))],
      ['a last observation that is null', broken((s) => Object.assign(first(s), { last: null }))],
      ['reasons that are a list', broken((s) => Object.assign(first(s), { pausedByReasonMs: [] }))],
      [
        'a reason time that is nested',
        broken((s) => Object.assign(first(s).pausedByReasonMs, { lunch: { ms: 1 } })),
      ],
      ['sums that miss part of the day', broken((s) => (first(s).unobservedMs += 1))],
      [
        'reasons that do not add up to the paused time',
        broken((s) => (first(s).pausedByReasonMs['lunch'] = 1)),
      ],
      [
        'a throwing getter',
        {
          dayStart: DAY,
          get agents(): never {
            throw new Error('boom');
          },
        },
      ],
      [
        'a throwing proxy',
        new Proxy(
          {},
          {
            ownKeys: (): never => {
              throw new Error('boom');
            },
          },
        ),
      ],
    ];

    it.each(garbage)('refuses %s, without throwing', (_what, raw) => {
      expect(AgentTimeLedger.restore(OPTIONS, raw)).toBeUndefined();
    });

    it('accepts the snapshot the refusals above were made from (so each refusal is of its one fault)', () => {
      expect(
        AgentTimeLedger.restore(
          OPTIONS,
          broken(() => undefined),
        ),
      ).toBeDefined();
      expect(AgentTimeLedger.restore(OPTIONS, new AgentTimeLedger(OPTIONS).snapshot())?.size).toBe(0);
    });
  });

  it('refuses options that cannot describe a day', () => {
    expect(() => new AgentTimeLedger({ dayStart: NaN, maxGapMs: 1 })).toThrow(RangeError);
    expect(() => new AgentTimeLedger({ dayStart: DAY, maxGapMs: -1 })).toThrow(RangeError);
  });
});
