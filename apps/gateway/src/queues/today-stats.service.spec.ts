import type { QueueTodayStats } from '@switchboard/live-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/test-config.js';
import type { ClusterRole } from '../ports/cluster-role.js';
import { CdrSearchService } from '../pbx/cdr-search.service.js';
import type { EventGap, PbxConnectionService } from '../pbx/pbx-connection.service.js';
import type { PollJob } from '../polling/poll-scheduler.js';
import type { PollingService } from '../polling/polling.module.js';
import { TodayStatsService } from './today-stats.service.js';

/** The services {@link setup} started, stopped after each test (also when it failed). */
const started: TodayStatsService[] = [];
afterEach(() => {
  for (const service of started.splice(0)) service.onModuleDestroy();
});

/** A service with a PBX that has no call records today, and a role the test switches. */
function setup(withRole: boolean, queuesKnown = true) {
  const jobs: PollJob[] = [];
  const gapListeners: ((gap: EventGap) => void)[] = [];
  const healthListeners: (() => void)[] = [];
  const soon: string[] = [];
  let gapSince: number | null = null;
  const listeners: ((leader: boolean) => void)[] = [];
  let leader = false;
  const role = {
    get isLeader() {
      return leader;
    },
    watch: (listener: (leader: boolean) => void) => {
      listeners.push(listener);
      listener(leader);
      return () => undefined;
    },
  } as unknown as ClusterRole;
  const pbx = {
    onEvent: () => () => undefined,
    onHealthChange: (listener: () => void) => {
      healthListeners.push(listener);
      return () => undefined;
    },
    onEventGap: (listener: (gap: EventGap) => void) => {
      gapListeners.push(listener);
      return () => undefined;
    },
    get eventGapSince() {
      return gapSince;
    },
    // No records, whatever the time form (CdrSearchService also asks the display format when nothing is found).
    request: (operation: string) =>
      Promise.resolve(
        operation === 'system/information'
          ? {
              data: {
                system_date_format: 'YYYY/MM/DD',
                system_time_format: 'HH:mm:ss',
                firmware_version: '1',
              },
            }
          : { data: [], total_number: 0 },
      ),
  } as unknown as PbxConnectionService;
  const polling = {
    add: (job: PollJob) => jobs.push(job),
    runSoon: (key: string) => {
      soon.push(key);
      return true;
    },
  } as unknown as PollingService;
  // Short queue polls: a rebuild waits at most four of them for the queues.
  const config = testConfig({ POLL_QUEUES_MS: '500' });
  const cdr = new CdrSearchService(config, pbx);
  const service = new TodayStatsService(config, pbx, cdr, polling, withRole ? role : undefined);
  started.push(service);
  service.onApplicationBootstrap();
  if (queuesKnown) service.setQueues([], true);
  const setLeader = (value: boolean) => {
    leader = value;
    for (const listener of listeners) listener(value);
  };
  const rebuild = () => jobs.find((job) => job.key === 'cdr-rebuild')?.run();
  /** The event stream drops at `start` (health change), and is open again at `end` (gap reported). */
  const streamDrops = (start: number) => {
    gapSince = start;
    for (const listener of healthListeners) listener();
  };
  const streamReopens = (end: number) => {
    const gap = { start: gapSince ?? end, end, first: false };
    gapSince = null;
    for (const listener of gapListeners) listener(gap);
  };
  return { service, setLeader, rebuild, streamDrops, streamReopens, soon };
}

describe('TodayStatsService after gaps in the event stream', () => {
  it('says the figures may be short from start-up until the first recount, and again from a gap until a recount after it', async () => {
    const { service, rebuild, streamDrops, streamReopens, soon } = setup(false);
    const dayStart = service.stats(1).dayStart;
    expect(service.statsForView(1, undefined).recountPendingSince).toBe(dayStart);
    await rebuild();
    expect(service.statsForView(1, undefined).recountPendingSince).toBeUndefined();
    const dropAt = Date.now();
    streamDrops(dropAt);
    expect(service.statsForView(1, undefined).recountPendingSince).toBe(dropAt);
    // A recount while events are still missing does not clear it.
    await rebuild();
    expect(service.statsForView(1, undefined).recountPendingSince).toBe(dropAt);
    streamReopens(Date.now());
    expect(soon).toContain('cdr-rebuild');
    await rebuild();
    expect(service.statsForView(1, undefined).recountPendingSince).toBeUndefined();
  });
});

describe('TodayStatsService before the queues are known', () => {
  it('keeps the figures marked short after a recount that could not wait for the queues, and recounts once they are known', async () => {
    const { service, rebuild, soon } = setup(false, false);
    const dayStart = service.stats(1).dayStart;
    await rebuild();
    expect(service.isRebuilt).toBe(true);
    expect(service.statsForView(1, undefined).recountPendingSince).toBe(dayStart);
    expect(soon).not.toContain('cdr-rebuild');
    service.setQueues([], true);
    expect(soon).toContain('cdr-rebuild');
    await rebuild();
    expect(service.statsForView(1, undefined).recountPendingSince).toBeUndefined();
  });
});

describe('TodayStatsService when the lead changes hands', () => {
  it('shows the previous leader’s figures for the same day until it has recounted the day', async () => {
    const { service, setLeader, rebuild } = setup(true);
    const own = service.stats(7);
    const shown: QueueTodayStats = { ...own, offered: 12, answered: 10 };
    setLeader(true);
    expect(service.statsForView(7, shown)).toEqual({ ...shown, recountPendingSince: own.dayStart });
    // Another day's figures are never carried over.
    expect(service.statsForView(7, { ...shown, dayStart: own.dayStart - 86_400_000 })).toEqual({
      ...own,
      recountPendingSince: own.dayStart,
    });
    await rebuild();
    expect(service.isRebuilt).toBe(true);
    expect(service.statsForView(7, shown)).toEqual(own);
  });

  it('never carries figures over in a single gateway, and recounts again after a spell as follower', async () => {
    const single = setup(false);
    expect(single.service.statsForView(7, { ...single.service.stats(7), offered: 3 }).offered).toBe(0);
    const { service, setLeader, rebuild } = setup(true);
    setLeader(true);
    await rebuild();
    setLeader(false);
    // Deposed, then leading again: events went elsewhere meanwhile, so it recounts first.
    setLeader(true);
    expect(service.isRebuilt).toBe(false);
  });
});
