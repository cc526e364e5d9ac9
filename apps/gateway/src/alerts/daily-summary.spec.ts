import { describe, expect, it } from 'vitest';
import type { QueueIntervalFigures } from '@switchboard/live-protocol';
import type { GatewayConfig } from '../config/gateway-config.js';
import type { StreamHub } from '../live/stream-hub.service.js';
import { InMemoryAlertStore, type StoredAlertChannel } from '../ports/alert-store.js';
import type { DayFiguresService } from '../reports/day-figures.service.js';
import type { AlertChannelsService } from './alert-channels.service.js';
import { summarizeDay, summaryMail } from './daily-summary.js';
import { DailySummaryService } from './daily-summary.service.js';

const interval = (fields: Partial<QueueIntervalFigures>): QueueIntervalFigures => ({
  start: 0,
  offered: 0,
  answered: 0,
  abandoned: 0,
  shortAbandoned: 0,
  serviceLevel: null,
  avgWaitSec: null,
  longestWaitSec: null,
  ...fields,
});

describe('summarizeDay', () => {
  it('weighs each interval’s service level and wait by its calls', () => {
    const row = summarizeDay('Sales (600)', [
      interval({
        offered: 10,
        answered: 8,
        abandoned: 2,
        serviceLevel: 50,
        avgWaitSec: 30,
        longestWaitSec: 90,
      }),
      interval({ offered: 30, answered: 30, serviceLevel: 90, avgWaitSec: 10, longestWaitSec: 40 }),
      interval({}),
    ]);
    // (0.5 * 10 + 0.9 * 30) / 40 = 80 %; (30 * 8 + 10 * 30) / 38 = 14.2 s.
    expect(row).toEqual({
      queue: 'Sales (600)',
      offered: 40,
      answered: 38,
      abandoned: 2,
      serviceLevel: 80,
      avgWaitSec: 540 / 38,
      longestWaitSec: 90,
    });
    expect(summarizeDay('Empty', [interval({})])).toMatchObject({
      serviceLevel: null,
      avgWaitSec: null,
      longestWaitSec: null,
    });
  });

  it('writes the mail with every figure, escaped', () => {
    const mail = summaryMail('2026-11-28', [
      summarizeDay('<Sales>', [interval({ offered: 3, answered: 3, serviceLevel: 100, avgWaitSec: 65 })]),
    ]);
    expect(mail.subject).toBe('Yesterday at a glance: 2026-11-28');
    expect(mail.text).toContain(
      'Queue: <Sales> · Offered: 3 · Answered: 3 · Abandoned: 0 · Service level: 100 % · Average wait: 1:05 · Longest wait: –',
    );
    expect(mail.html).toContain('&#60;Sales&#62;');
    expect(mail.html).not.toContain('<Sales>');
  });
});

describe('DailySummaryService', () => {
  const channel = (fields: Partial<StoredAlertChannel>): StoredAlertChannel => ({
    id: 'c1',
    kind: 'email',
    name: 'Morning',
    address: 'boss@example.com',
    queues: [600],
    rules: [],
    quietHours: null,
    dailySummary: true,
    createdBy: 'admin',
    createdAt: 0,
    ...fields,
  });
  const setup = (channels: StoredAlertChannel[]) => {
    const sent: { channel: string; subject: string; text: string }[] = [];
    const asked: [number, number][] = [];
    const store = new InMemoryAlertStore();
    const service = new DailySummaryService(
      { stats: { timeZone: 'Europe/Berlin' } } as GatewayConfig,
      {
        stored: () => Promise.resolve(channels),
        sendMail: (c: StoredAlertChannel, _type: string, mail: { subject: string; text: string }) =>
          sent.push({ channel: c.id, subject: mail.subject, text: mail.text }),
      } as unknown as AlertChannelsService,
      {
        dayOf: (queueId: number, dayStart: number) => {
          asked.push([queueId, dayStart]);
          return Promise.resolve({
            dayStart,
            isToday: false,
            intervals: [interval({ offered: 4, answered: 4, serviceLevel: 75 })],
            agents: [],
          });
        },
      } as unknown as DayFiguresService,
      {
        queueCatalogue: () => [
          { id: 600, number: '600', name: 'Sales' },
          { id: 601, number: '601', name: 'Support' },
        ],
      } as unknown as StreamHub,
      store,
    );
    return { service, sent, asked };
  };
  // 2026-11-29 06:59 and 07:00 in Berlin (UTC+1).
  const before = Date.parse('2026-11-29T05:59:00Z');
  const at = Date.parse('2026-11-29T06:00:00Z');

  it('sends yesterday’s figures of the covered queues once a day from 07:00 site time', async () => {
    const { service, sent, asked } = setup([channel({}), channel({ id: 'c2', dailySummary: false })]);
    expect(await service.sendDue(before)).toBe(0);
    expect(await service.sendDue(at)).toBe(1);
    expect(await service.sendDue(at + 3_600_000)).toBe(0);
    expect(sent).toEqual([
      {
        channel: 'c1',
        subject: 'Yesterday at a glance: 2026-11-28',
        text: expect.stringContaining('Sales (600)'),
      },
    ]);
    expect(sent[0]?.text).not.toContain('Support');
    // Yesterday's local midnight in Berlin: 2026-11-27 23:00 UTC.
    expect(asked).toEqual([[600, Date.parse('2026-11-27T23:00:00Z')]]);
    expect(await service.sendDue(at + 86_400_000)).toBe(1);
  });

  it('claims nothing when no contact point asks for it', async () => {
    const { service, sent } = setup([channel({ dailySummary: false })]);
    expect(await service.sendDue(at)).toBe(0);
    expect(sent).toEqual([]);
  });
});
