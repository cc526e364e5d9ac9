import type { CallerContext, LastCallContext } from '@switchboard/live-protocol';
import type { CdrRecord } from '@switchboard/pbx-api';
import { nextDayStart, zonedDayStart } from '../queues/day-boundary.js';
import { numberKey } from './phone-number.js';

/** What is known about a number's calls today. */
export interface NumberHistory {
  callsToday: number;
  lastOutcome: string | null;
}

interface Entry {
  dayStart: number;
  /** call id -> when it happened and how it ended. */
  calls: Map<string, { at: number; outcome: string }>;
  /** True once today's records were read from the PBX for this number. */
  loaded: boolean;
}

/** CDR dispositions in words a supervisor reads. */
export function outcomeText(disposition: string): string {
  const known: Record<string, string> = {
    ANSWERED: 'answered',
    'NO ANSWER': 'not answered',
    BUSY: 'busy',
    FAILED: 'failed',
    VOICEMAIL: 'voicemail',
    ABANDONED: 'abandoned',
  };
  return known[disposition.trim().toUpperCase()] ?? disposition.trim().toLowerCase();
}

/**
 * Today's calls per caller number, since the day boundary in the site's time zone. Fed by new-CDR events
 * as they come, and per number from the PBX's records the first time the number holds a call today (so a
 * restart does not make a repeat caller look new). Calls are kept by id, so a call seen both ways counts once.
 */
export class CallHistory {
  private readonly entries = new Map<string, Entry>();
  /** Today as last worked out: the zone arithmetic runs once a day, not for every event. */
  private today = { start: 0, end: 0 };

  constructor(
    private readonly timeZone: string,
    private readonly maxNumbers = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Start of today in the site time zone (epoch ms). */
  dayStart(): number {
    const now = this.now();
    if (now < this.today.start || now >= this.today.end)
      this.today = { start: zonedDayStart(now, this.timeZone), end: nextDayStart(now, this.timeZone) };
    return this.today.start;
  }

  /** Records a finished call from `number`; calls from before today are ignored. */
  record(number: string, callId: string, at: number, outcome: string): void {
    const entry = this.entry(number);
    if (!entry || at < entry.dayStart) return;
    entry.calls.set(callId, { at, outcome });
  }

  /** Marks today's records of `number` as read. */
  markLoaded(number: string): void {
    const entry = this.entry(number);
    if (entry) entry.loaded = true;
  }

  /** True when today's records of `number` still have to be read from the PBX. */
  needsLoad(number: string): boolean {
    const entry = this.entry(number);
    return entry !== undefined && !entry.loaded;
  }

  /** Calls from `number` today, excluding `exceptCallId`, and the outcome of the latest. */
  get(number: string, exceptCallId?: string): NumberHistory {
    const entry = this.entry(number);
    let latest: { at: number; outcome: string } | undefined;
    let count = 0;
    for (const [callId, call] of entry?.calls ?? []) {
      if (callId === exceptCallId) continue;
      count++;
      if (!latest || call.at >= latest.at) latest = call;
    }
    return { callsToday: count, lastOutcome: latest?.outcome ?? null };
  }

  private entry(number: string): Entry | undefined {
    const key = numberKey(number);
    if (key === '') return undefined;
    const dayStart = this.dayStart();
    let entry = this.entries.get(key);
    if (!entry || entry.dayStart !== dayStart) {
      if (!entry && this.entries.size >= this.maxNumbers) this.prune(dayStart);
      entry = { dayStart, calls: new Map(), loaded: false };
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Drops yesterday's numbers; if still full, the oldest numbers. */
  private prune(dayStart: number): void {
    for (const [key, entry] of this.entries) if (entry.dayStart !== dayStart) this.entries.delete(key);
    const excess = this.entries.size - this.maxNumbers + 1;
    if (excess <= 0) return;
    let removed = 0;
    for (const key of this.entries.keys()) {
      if (removed++ >= excess) break;
      this.entries.delete(key);
    }
  }
}

/** A caller's previous call from its record, for the prompt; undefined when the record does not say when. */
export function lastCallOf(
  record: CdrRecord,
  details: { callId?: string; summary: string | null },
): LastCallContext | undefined {
  if (typeof record.timestamp !== 'number' || record.timestamp <= 0) return undefined;
  const remark = record.call_note?.remark?.trim();
  return {
    at: record.timestamp * 1000,
    status: outcomeText(String(record.disposition ?? '')),
    summary: details.summary?.trim() || null,
    noteRemark: remark || null,
    ...(details.callId ? { callId: details.callId } : {}),
  };
}

/** The context with the previous call merged in; the context as it was when there is none. */
export function withLastCall(context: CallerContext, lastCall: LastCallContext | undefined): CallerContext {
  return lastCall ? { ...context, lastCall } : context;
}
