import type { CdrRecord, NewCdrMsg } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { factsFromCdr, factsFromNewCdr, partyNumber, type FinishedCallFacts } from './call-record.js';
import { DailyQueueStats } from './daily-stats.model.js';
import { TodayStatsBook } from './today-stats.model.js';

const ZONE = 'America/New_York';
const utc = (iso: string) => Date.parse(iso);
const OPTIONS = {
  timeZone: ZONE,
  shortAbandonSec: 5,
  serviceLevelSecOf: (q: number) => (q === 2 ? 10 : 20),
  intervalMs: 15 * 60_000,
};
const SALES = { id: 1, number: '6400', agents: ['2001', '2002'] };
const SUPPORT = { id: 2, number: '6401', agents: ['2002', '2003'] };

function call(fields: Partial<FinishedCallFacts> & { callId: string }): FinishedCallFacts {
  return {
    startedAt: null,
    type: 'inbound',
    disposition: 'ANSWERED',
    fromNumber: '5550100',
    toNumber: '6400',
    didNumber: '',
    waitSec: 10,
    talkSec: 60,
    ...fields,
  };
}

describe('TodayStatsBook', () => {
  it('computes every figure as the README defines it', () => {
    const book = new TodayStatsBook(0, OPTIONS);
    book.record(1, call({ callId: 'a', waitSec: 8, talkSec: 100 })); // answered within 20 s
    book.record(1, call({ callId: 'b', waitSec: 20, talkSec: 50 })); // exactly at the threshold: within
    book.record(1, call({ callId: 'c', waitSec: 45, talkSec: 30 })); // answered late
    book.record(1, call({ callId: 'd', disposition: 'NO ANSWER', waitSec: 30, talkSec: 0 })); // abandoned
    book.record(1, call({ callId: 'e', disposition: 'NO ANSWER', waitSec: 4, talkSec: 0 })); // short abandon
    book.record(1, call({ callId: 'f', disposition: 'VOICEMAIL', waitSec: 120, talkSec: 0 })); // to voicemail
    expect(book.stats(1)).toEqual({
      dayStart: 0,
      timeZone: ZONE,
      offered: 6,
      answered: 3,
      abandoned: 1,
      shortAbandoned: 1,
      answeredWithinThreshold: 2,
      // 2 / (3 answered + 1 abandoned); the short abandon is left out
      serviceLevel: 50,
      avgWaitSec: 24.3,
      avgTalkSec: 60,
    });
  });

  it('uses each queue its own service-level threshold and has no figures before the first call', () => {
    const book = new TodayStatsBook(0, OPTIONS);
    expect(book.stats(2)).toMatchObject({
      offered: 0,
      serviceLevel: null,
      avgWaitSec: null,
      avgTalkSec: null,
    });
    book.record(2, call({ callId: 'x', waitSec: 15 }));
    expect(book.stats(2)).toMatchObject({ answeredWithinThreshold: 0, serviceLevel: 0 });
  });

  it('counts a call once however often it is reported, and never one from before the day began', () => {
    const book = new TodayStatsBook(1_000_000, OPTIONS);
    expect(book.record(1, call({ callId: 'a' }))).toBe(true);
    expect(book.record(1, call({ callId: 'a' }))).toBe(false);
    expect(book.record(2, call({ callId: 'a' }))).toBe(false);
    expect(book.record(1, call({ callId: 'old', startedAt: 999_999 }))).toBe(false);
    expect(book.stats(1).offered).toBe(1);
  });

  it('counts each call in the interval it started in, by the rule of the day figures', () => {
    const minute = 60_000;
    const book = new TodayStatsBook(0, OPTIONS);
    book.record(1, call({ callId: 'a', startedAt: 0, waitSec: 8 }));
    book.record(1, call({ callId: 'b', startedAt: 15 * minute - 1, waitSec: 30 }));
    book.record(1, call({ callId: 'c', startedAt: 15 * minute, disposition: 'NO ANSWER', waitSec: 50 }));
    book.record(1, call({ callId: 'd', startedAt: 16 * minute, disposition: 'NO ANSWER', waitSec: 2 }));
    book.record(1, call({ callId: 'e', startedAt: 46 * minute, waitSec: 12 }));
    // Known from its 30012 event only: in the day's figures at once, in an interval once its CDR says when.
    book.record(1, call({ callId: 'f', waitSec: 100 }));
    const intervals = book.intervals(1, 50 * minute);
    expect(intervals).toEqual([
      {
        start: 0,
        offered: 2,
        answered: 2,
        abandoned: 0,
        shortAbandoned: 0,
        serviceLevel: 50,
        avgWaitSec: 19,
        longestWaitSec: 30,
      },
      {
        start: 15 * minute,
        offered: 2,
        answered: 0,
        abandoned: 1,
        shortAbandoned: 1,
        serviceLevel: 0,
        avgWaitSec: null,
        longestWaitSec: 50,
      },
      {
        start: 30 * minute,
        offered: 0,
        answered: 0,
        abandoned: 0,
        shortAbandoned: 0,
        serviceLevel: null,
        avgWaitSec: null,
        longestWaitSec: null,
      },
      {
        start: 45 * minute,
        offered: 1,
        answered: 1,
        abandoned: 0,
        shortAbandoned: 0,
        serviceLevel: 100,
        avgWaitSec: 12,
        longestWaitSec: 12,
      },
    ]);
    const placed = intervals.reduce((sum, interval) => sum + interval.offered, 0);
    expect(book.stats(1).offered).toBe(placed + 1);
    expect(book.intervals(2, 20 * minute)).toHaveLength(2);
    expect(book.intervals(1, -1)).toEqual([]);
    // The recent arrivals: calls with a known start at or after the moment asked.
    expect(book.startedSince(1, 15 * minute)).toBe(3);
    expect(book.startedSince(1, 0)).toBe(5);
    expect(book.startedSince(2, 0)).toBe(0);
  });

  it('counts each agent’s answered calls, talk and longest call, per queue', () => {
    const book = new TodayStatsBook(0, OPTIONS);
    book.record(1, call({ callId: 'a', toNumber: '2001', talkSec: 100 }));
    book.record(1, call({ callId: 'b', toNumber: '2001', talkSec: 45 }));
    book.record(1, call({ callId: 'c', toNumber: '2002', talkSec: 30 }));
    book.record(2, call({ callId: 'd', toNumber: '2001', talkSec: 300 }));
    // Unanswered: the callee is the queue, not an agent who talked.
    book.record(1, call({ callId: 'e', toNumber: '6400', disposition: 'NO ANSWER', talkSec: 0 }));
    expect(book.agents(1)).toEqual([
      { number: '2001', answered: 2, talkSumSec: 145, avgTalkSec: 72.5, longestTalkSec: 100 },
      { number: '2002', answered: 1, talkSumSec: 30, avgTalkSec: 30, longestTalkSec: 30 },
    ]);
    expect(book.agents(2)).toEqual([
      { number: '2001', answered: 1, talkSumSec: 300, avgTalkSec: 300, longestTalkSec: 300 },
    ]);
    expect(book.agents(3)).toEqual([]);
  });
});

describe('finished-call facts', () => {
  /** A 30012 message of an answered inbound call: 70 s long, 55 s of them talking. */
  const answeredNewCdr = (over: Partial<NewCdrMsg>): NewCdrMsg => ({
    call_id: 'c1',
    call_from: '5550100',
    call_to: '2001',
    call_duration: 70,
    talk_duration: 55,
    status: 'ANSWERED',
    type: 'inbound',
    ...over,
  });

  it('reads a CDR record: wait is start to answer, or the whole call when unanswered', () => {
    const cdr = {
      record_id: '100001',
      call_id: '1700000000.5',
      timestamp: 1_700_000_000,
      call_type: 'Inbound',
      disposition: 'ANSWERED',
      call_from: 'Alice<5550100>',
      call_to: 'Bob<2001>',
      duration: 100,
      ring_duration: 12,
      talk_duration: 88,
      did_number: '8000',
    } as CdrRecord;
    expect(factsFromCdr(cdr)).toEqual({
      callId: '1700000000.5',
      startedAt: 1_700_000_000_000,
      type: 'inbound',
      disposition: 'ANSWERED',
      fromNumber: '5550100',
      toNumber: '2001',
      didNumber: '8000',
      waitSec: 12,
      talkSec: 88,
    });
    const missed = {
      ...cdr,
      disposition: 'NO ANSWER',
      duration: 33,
      talk_duration: 0,
      ring_duration: 33,
    } as CdrRecord;
    expect(factsFromCdr(missed)).toMatchObject({ waitSec: 33, talkSec: 0 });
    expect(factsFromCdr({ record_id: '' } as CdrRecord)).toBeUndefined();
  });

  it('reads a 30012 event: wait is the call minus the talk', () => {
    const msg = answeredNewCdr({ did_number: '8000' });
    expect(factsFromNewCdr(msg)).toMatchObject({ callId: 'c1', waitSec: 15, talkSec: 55, toNumber: '2001' });
    expect(partyNumber('Sales<6400>')).toBe('6400');
  });

  it('reads a 30012 wait from agent_ring_time when the PBX sends it (an IVR before the queue is not waiting)', () => {
    const msg = answeredNewCdr({ call_id: 'c2', call_duration: 100, agent_ring_time: 12 });
    // 45 s from the call's start to the answer, of which 33 s in an IVR.
    expect(factsFromNewCdr(msg)).toMatchObject({ waitSec: 12, talkSec: 55 });
    // An unanswered call has no agent ring time worth reading: the whole call was waiting.
    expect(
      factsFromNewCdr({ ...msg, status: 'NO ANSWER', talk_duration: 0, agent_ring_time: 0 }),
    ).toMatchObject({
      waitSec: 100,
    });
  });
});

describe('DailyQueueStats', () => {
  it('starts the day at midnight in the site zone, not in UTC', () => {
    // 23:30 on 14 Jan in New York is already 15 Jan in UTC.
    const stats = new DailyQueueStats(OPTIONS, utc('2025-01-15T04:30:00Z'));
    expect(stats.dayStart).toBe(utc('2025-01-14T05:00:00Z'));
    expect(stats.dayEnd).toBe(utc('2025-01-15T05:00:00Z'));
  });

  it('rebuilds the day from CDRs, attributing each call to its queue', () => {
    const now = utc('2025-01-15T15:00:00Z');
    const stats = new DailyQueueStats(OPTIONS, now);
    stats.setQueues([SALES, SUPPORT]);
    const dayStart = stats.dayStart;
    const at = dayStart + 3_600_000;
    const ok = stats.merge(
      [
        // unanswered in the queue: the callee is the queue number (also teaches DID 8001 -> support)
        call({
          callId: 'q1',
          toNumber: '6401',
          disposition: 'NO ANSWER',
          waitSec: 40,
          didNumber: '8001',
          startedAt: at,
        }),
        // answered by 2001, an agent of sales only
        call({ callId: 'q2', toNumber: '2001', waitSec: 5, startedAt: at }),
        // answered by 2002, agent of both queues: the DID decides
        call({ callId: 'q3', toNumber: '2002', waitSec: 5, didNumber: '8001', startedAt: at }),
        // answered by 2002 on an unknown DID: no queue
        call({ callId: 'q4', toNumber: '2002', didNumber: '9999', startedAt: at }),
        // an outbound call of an agent: no queue
        call({ callId: 'o1', type: 'outbound', toNumber: '5550199', startedAt: at }),
        // yesterday's call that the PBX returned anyway: not counted
        call({ callId: 'y1', startedAt: dayStart - 1 }),
      ],
      dayStart,
    );
    expect(ok).toBe(true);
    expect(stats.stats(1)).toMatchObject({ offered: 1, answered: 1 });
    expect(stats.stats(2)).toMatchObject({ offered: 2, answered: 1, abandoned: 1, serviceLevel: 50 });
  });

  it('attributes from the records alone, so a live count and a fresh recount of the same calls agree', () => {
    const calls = [
      call({ callId: 'a', toNumber: '6401', disposition: 'NO ANSWER', waitSec: 30, didNumber: '555' }),
      call({ callId: 'b', toNumber: '2001', didNumber: '555' }), // an agent of both queues, on a tied DID
      call({ callId: 'c', toNumber: '2001', didNumber: '777' }), // the same agent, on another DID...
      call({ callId: 'd', toNumber: '2002', didNumber: '777' }), // ...that an agent of one queue ties
      call({ callId: 'e', toNumber: '2001', didNumber: '999' }), // a DID nobody tied: no queue
    ];
    const live = new DailyQueueStats(OPTIONS, utc('2025-01-15T15:00:00Z'));
    live.setQueues([SALES, { ...SUPPORT, agents: ['2001'] }]);
    // Reported in an order where the DID is tied only after 'b' finished.
    for (const finished of [...calls].reverse()) live.addFinishedCall(finished);
    live.merge([], live.dayStart);
    const fresh = new DailyQueueStats(OPTIONS, utc('2025-01-15T15:00:00Z'));
    fresh.setQueues([SALES, { ...SUPPORT, agents: ['2001'] }]);
    fresh.merge(calls, fresh.dayStart);
    for (const id of [1, 2]) expect(live.stats(id)).toEqual(fresh.stats(id));
    expect(fresh.stats(2)).toMatchObject({ offered: 2, answered: 1, abandoned: 1 });
    expect(fresh.stats(1)).toMatchObject({ offered: 2, answered: 2 });
  });

  it('de-duplicates 30012 events against the CDRs and keeps live calls across a rebuild', () => {
    const stats = new DailyQueueStats(OPTIONS, utc('2025-01-15T15:00:00Z'));
    stats.setQueues([SALES]);
    expect(stats.addFinishedCall(call({ callId: 'a' }))).toBe(1);
    expect(stats.addFinishedCall(call({ callId: 'a' }))).toBeUndefined();
    expect(stats.addFinishedCall(call({ callId: 'b' }))).toBe(1);
    // The CDR search ran before 'b' was written: 'b' must survive the rebuild; 'a' must not double.
    stats.merge(
      [call({ callId: 'a' }), call({ callId: 'c', disposition: 'NO ANSWER', waitSec: 9 })],
      stats.dayStart,
    );
    expect(stats.stats(1)).toMatchObject({ offered: 3, answered: 2, abandoned: 1 });
  });

  it('lets a CDR replace what its call’s event said, so live figures equal a recount of the same records', () => {
    const live = new DailyQueueStats(OPTIONS, utc('2025-01-15T15:00:00Z'));
    live.setQueues([SALES]);
    // The 30012 event derives the wait from call minus talk (7 s); the CDR says ring_duration 6 s.
    live.addFinishedCall(call({ callId: 'x', waitSec: 7 }));
    expect(live.stats(1).avgWaitSec).toBe(7);
    expect(live.unconfirmed().map((c) => c.callId)).toEqual(['x']);
    const cdr = call({ callId: 'x', waitSec: 6 });
    live.merge([cdr], live.dayStart);
    expect(live.unconfirmed()).toEqual([]);
    const fresh = new DailyQueueStats(OPTIONS, utc('2025-01-15T15:00:00Z'));
    fresh.setQueues([SALES]);
    fresh.merge([cdr], fresh.dayStart);
    expect(live.stats(1)).toEqual(fresh.stats(1));
    expect(live.stats(1).avgWaitSec).toBe(6);
  });

  it('places a call known from its event in its interval once its CDR is read, as a recount does', () => {
    const now = utc('2025-01-15T15:20:00Z');
    const live = new DailyQueueStats(OPTIONS, now);
    live.setQueues([SALES]);
    live.addFinishedCall(call({ callId: 'x', waitSec: 7 }));
    expect(live.intervals(1, now).reduce((sum, interval) => sum + interval.offered, 0)).toBe(0);
    const cdr = call({ callId: 'x', waitSec: 6, startedAt: utc('2025-01-15T15:05:00Z') });
    live.merge([cdr], live.dayStart);
    const fresh = new DailyQueueStats(OPTIONS, now);
    fresh.setQueues([SALES]);
    fresh.merge([cdr], fresh.dayStart);
    expect(live.intervals(1, now)).toEqual(fresh.intervals(1, now));
    expect(live.agents(1)).toEqual(fresh.agents(1));
    // 10:00 to 10:20 in New York: intervals from midnight, the call in the one from 10:00.
    const intervals = live.intervals(1, now);
    expect(intervals).toHaveLength(42);
    expect(intervals[40]).toMatchObject({
      start: utc('2025-01-15T15:00:00Z'),
      offered: 1,
      longestWaitSec: 6,
    });
  });

  it('counts another day apart, by the same rules, without touching today', () => {
    const now = utc('2025-01-15T15:20:00Z');
    const live = new DailyQueueStats(OPTIONS, now);
    live.setQueues([SALES]);
    live.addFinishedCall(call({ callId: 'today', startedAt: utc('2025-01-15T15:05:00Z') }));
    const weekAgo = live.dayStart - 7 * 86_400_000;
    const past = live.countApart(weekAgo, [
      call({ callId: 'p1', startedAt: weekAgo + 3_600_000 }),
      call({ callId: 'p2', startedAt: weekAgo + 3_600_000, disposition: 'NO ANSWER', waitSec: 40 }),
    ]);
    expect(past.stats(1)).toMatchObject({ dayStart: weekAgo, offered: 2, answered: 1, abandoned: 1 });
    expect(past.intervals(1, weekAgo + 86_400_000 - 1)).toHaveLength(96);
    expect(live.stats(1).offered).toBe(1);
  });

  it('restarts counters only at the zone midnight, and drops a rebuild fetched for the previous day', () => {
    const stats = new DailyQueueStats(OPTIONS, utc('2025-01-15T04:00:00Z')); // 23:00 New York
    stats.setQueues([SALES]);
    stats.addFinishedCall(call({ callId: 'late' }));
    const yesterday = stats.dayStart;
    expect(stats.rollIfNewDay(utc('2025-01-15T04:59:59Z'))).toBe(false);
    expect(stats.stats(1).offered).toBe(1);
    expect(stats.rollIfNewDay(utc('2025-01-15T05:00:00Z'))).toBe(true);
    expect(stats.stats(1)).toMatchObject({ offered: 0, dayStart: utc('2025-01-15T05:00:00Z') });
    expect(stats.merge([call({ callId: 'stale' })], yesterday)).toBe(false);
    expect(stats.stats(1).offered).toBe(0);
  });
});
