import type {
  QueueAgentsTodayAnswer,
  QueueIntervalsAnswer,
  QueueView,
  RestResult,
} from '@switchboard/live-protocol';
import { AGENT_STATES } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { QueuesService } from '../src/queues/queues.service.js';
import { TodayStatsService } from '../src/queues/today-stats.service.js';
import { tokenFor } from './support/auth-fixtures.js';
import { rest, waitFor } from './support/command-client.js';
import { queues1And2Polled, startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

const QUARTER = 15 * 60_000;

/**
 * The day in intervals, per agent, and the day reports, against the simulator over HTTP: a week of seeded call
 * history (last week's same weekday), live contact-center traffic at speed (today), and the CSVs.
 */
describe('the day in intervals, per agent, and its reports', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let admin: string;
  let supq: string;

  const get = <T>(path: string, token = admin) => rest<RestResult<T>>(gateway.url, 'GET', path, token);
  const data = <T>(answer: { status: number; body: RestResult<T> }): T => {
    if (!answer.body.ok) throw new Error(`HTTP ${answer.status}: ${answer.body.error.message}`);
    return answer.body.data;
  };
  const csv = async (path: string, token = admin) => {
    const response = await fetch(`${gateway.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    };
  };

  beforeAll(async () => {
    ({ sim, gateway } = await startStack(
      {
        scenario: 'contact-center',
        seed: 11,
        trafficRate: 2,
        speed: 20,
        extraArgs: ['--history', '7000', '--history-days', '8'],
        startTimeoutMs: 20_000,
      },
      { QUEUES: '1,2', POLL_QUEUES_MS: '1000', PBX_MAX_REQUESTS_PER_SECOND: '100', SITE_TIME_ZONE: 'UTC' },
    ));
    await queues1And2Polled(gateway, 15_000);
    admin = tokenFor(gateway, 'admin');
    supq = tokenFor(gateway, 'supq');
    await waitFor(
      () => gateway.app.get(TodayStatsService).isRebuilt || undefined,
      'the first recount',
      15_000,
    );
  }, 60_000);

  afterAll(() => stopStack(gateway, sim));

  it('lists today’s intervals from midnight to now, and last week’s whole same weekday from the call records', async () => {
    const today = gateway.app.get(TodayStatsService);
    const answer = await waitFor(
      async () => {
        const got = data(await get<QueueIntervalsAnswer>('/api/queues/1/intervals'));
        return got.lastWeek ? got : undefined;
      },
      'last week’s figures',
      15_000,
    );
    expect(answer).toMatchObject({ queueId: 1, timeZone: 'UTC', intervalMin: 15 });
    expect(answer.today.dayStart).toBe(today.dayStart);
    const expected = Math.floor((Date.now() - today.dayStart) / QUARTER) + 1;
    expect(answer.today.intervals.length).toBeGreaterThanOrEqual(expected - 1);
    expect(answer.today.intervals.length).toBeLessThanOrEqual(expected);
    expect(answer.today.intervals.map((i) => i.start)).toEqual(
      answer.today.intervals.map((_, index) => today.dayStart + index * QUARTER),
    );
    // Last week: the same weekday, all 96 intervals, with the seeded calls in them.
    expect(answer.lastWeek?.dayStart).toBe(today.dayStart - 7 * 86_400_000);
    expect(answer.lastWeek?.intervals).toHaveLength(96);
    const lastWeekOffered = answer.lastWeek?.intervals.reduce((sum, i) => sum + i.offered, 0) ?? 0;
    expect(lastWeekOffered).toBeGreaterThan(50);
    // The interval figures add up to the day's, as the CDR recount placed them.
    const view = gateway.app.get(QueuesService).view(1) as QueueView;
    const placed = answer.today.intervals.reduce((sum, i) => sum + i.offered, 0);
    expect(placed).toBeLessThanOrEqual(view.stats.today.offered);
    console.log(
      `[reports] queue 1: ${answer.today.intervals.length} intervals today (${placed} calls placed of ${view.stats.today.offered}), last week ${lastWeekOffered} calls`,
    );
  });

  it('gives each agent today’s calls, time in each state and occupancy, and refuses a queue out of scope', async () => {
    await waitFor(
      async () => {
        const got = data(await get<QueueAgentsTodayAnswer>('/api/queues/1/agents'));
        return got.agents.some((agent) => agent.answered > 0 && agent.stateSec.on_call > 0) || undefined;
      },
      'an agent with answered calls and time on calls',
      30_000,
    );
    const answer = data(await get<QueueAgentsTodayAnswer>('/api/queues/1/agents'));
    const view = gateway.app.get(QueuesService).view(1) as QueueView;
    const now = Date.now();
    expect(answer.agents.map((a) => a.number)).toEqual(
      expect.arrayContaining(view.agents.map((a) => a.number)),
    );
    for (const agent of answer.agents) {
      const seen = AGENT_STATES.reduce((sum, state) => sum + agent.stateSec[state], 0) + agent.unobservedSec;
      // Every second of the day so far is in a state or not seen (whole seconds, rounded down each).
      expect(seen).toBeLessThanOrEqual((now - answer.dayStart) / 1000 + 1);
      expect(seen).toBeGreaterThanOrEqual((now - answer.dayStart) / 1000 - AGENT_STATES.length - 5);
      if (agent.occupancy !== null) expect(agent.occupancy).toBeGreaterThanOrEqual(0);
      if (agent.occupancy !== null) expect(agent.occupancy).toBeLessThanOrEqual(1);
      if (agent.answered > 0) expect(agent.avgTalkSec).toBeCloseTo(agent.talkSumSec / agent.answered, 0);
    }
    expect((await get('/api/queues/2/agents', supq)).status).toBe(404);
    expect((await get('/api/queues/999/agents')).status).toBe(404);
    expect((await get('/api/queues/abc/intervals')).status).toBe(404);
  });

  it('exports a day’s intervals and agents as CSV, and names a bad date', async () => {
    const date = new Date().toISOString().slice(0, 10);
    const intervals = await csv(`/api/reports/intervals.csv?date=${date}&queues=1,2`);
    expect(intervals.status).toBe(200);
    expect(intervals.type).toMatch(/^text\/csv/);
    const lines = intervals.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'queue_id,queue,interval_start,offered,answered,abandoned,short_abandoned,service_level_pct,avg_wait_sec,longest_wait_sec',
    );
    expect(lines.filter((line) => line.startsWith('1,')).length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.startsWith('2,')).length).toBeGreaterThan(0);
    expect(lines[1]).toMatch(new RegExp(`^1,[^,]*,${date} 00:00,`));

    const agents = await csv(`/api/reports/agents.csv?date=${date}`, supq);
    expect(agents.status).toBe(200);
    const agentLines = agents.text.trim().split('\r\n');
    expect(agentLines[0]).toMatch(
      /^queue_id,queue,agent,name,answered,talk_sec,avg_talk_sec,longest_talk_sec,missed,/,
    );
    // A supervisor of queue 1 gets queue 1's rows only.
    expect(agentLines.slice(1).every((line) => line.startsWith('1,'))).toBe(true);

    // A past day: read from the call records; time in state was not followed, so its cells are empty.
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const past = await csv(`/api/reports/agents.csv?date=${weekAgo}&queues=1`);
    expect(past.status).toBe(200);
    const pastRows = past.text.trim().split('\r\n').slice(1);
    expect(pastRows.some((line) => Number(line.split(',')[4]) > 0)).toBe(true);
    expect(pastRows.every((line) => line.split(',')[8] === '')).toBe(true);

    const future = await csv('/api/reports/intervals.csv?date=2999-01-01');
    expect(future.status).toBe(400);
    expect(JSON.parse(future.text)).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload', fields: [{ field: 'date' }] },
    });
    const bad = await csv('/api/reports/intervals.csv?date=yesterday&queues=x');
    expect(JSON.parse(bad.text).error.fields.map((f: { field: string }) => f.field)).toEqual([
      'date',
      'queues',
    ]);
    expect((await csv(`/api/reports/intervals.csv?date=${date}&queues=2`, supq)).status).toBe(404);
  });
});
