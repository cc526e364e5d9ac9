import type { CallSummary } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { pageStartedLastFirst, startedLastFirst, type SummaryPage } from './started-order.js';

const call = (id: string, startSec: number, totalSec: number): CallSummary => ({
  id,
  startedAt: startSec * 1000,
  from: '5550001',
  fromName: null,
  to: '1001',
  toName: null,
  direction: 'inbound',
  status: 'ANSWERED',
  ringSec: 0,
  talkSec: totalSec,
  totalSec,
  did: '',
  trunk: '',
  hasRecording: false,
  hasNote: false,
});

/** A PBX that lists calls as they end (the newest end first), `size` records a page; counts its requests. */
function pbx(calls: CallSummary[], size: number) {
  const byEnd = [...calls].sort(
    (a, b) => (b.startedAt ?? 0) + b.totalSec * 1000 - ((a.startedAt ?? 0) + a.totalSec * 1000),
  );
  const asked: number[] = [];
  const readPage = (pbxPage: number): Promise<SummaryPage> => {
    asked.push(pbxPage);
    const rows = byEnd.slice((pbxPage - 1) * size, pbxPage * size);
    return Promise.resolve({ calls: rows, total: byEnd.length, records: rows.length });
  };
  return { readPage, asked };
}

/** 60 calls a minute apart, every tenth a long one (two hours) that ends after many later ones. */
const history = Array.from({ length: 600 }, (_, i) =>
  call(`${1_000 + i * 60}-r${i}`, 1_000 + i * 60, i % 10 === 0 ? 7_200 : 30),
);
const startsOf = (calls: CallSummary[]) => calls.map((c) => c.startedAt);

/** Page `page` of `pageSize` calls in start order, read from a PBX of 50 records a page; and the pages asked. */
async function startOrderedPage(calls: CallSummary[], page: number, pageSize: number) {
  const { readPage, asked } = pbx(calls, 50);
  const answer = await pageStartedLastFirst(readPage, {
    page,
    pageSize,
    pbxPageSize: 50,
    maxPbxPages: 1_000,
  });
  return { answer, asked };
}

describe('calls in start order', () => {
  it('orders by start, the latest first, equal starts by id', () => {
    const sorted = [call('5-b', 5, 1), call('9-a', 9, 1), call('5-c', 5, 1)].sort(startedLastFirst);
    expect(sorted.map((c) => c.id)).toEqual(['9-a', '5-c', '5-b']);
  });

  it('pages the PBX’s end-ordered records by start, each page continuing where the last one ended', async () => {
    const expected = [...history].sort(startedLastFirst);
    // The PBX's own order is not the start order (the test would prove nothing otherwise).
    const { readPage: probe } = pbx(history, 1_000);
    expect(startsOf((await probe(1)).calls)).not.toEqual(startsOf(expected));

    const pages: CallSummary[][] = [];
    for (let page = 1; page <= 4; page++) {
      const { answer } = await startOrderedPage(history, page, 150);
      expect(answer.total).toBe(600);
      pages.push(answer.calls);
    }
    expect(pages.flat().map((c) => c.id)).toEqual(expected.map((c) => c.id));
  });

  it('stops reading once no unread record can belong on the page', async () => {
    const { answer, asked } = await startOrderedPage(history, 1, 50);
    expect(answer.calls.map((c) => c.id)).toEqual(
      [...history]
        .sort(startedLastFirst)
        .slice(0, 50)
        .map((c) => c.id),
    );
    // Two hours of long calls overlap the page: a few PBX pages, far from all twelve.
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.length).toBeLessThan(12);
  });

  it('counts the PBX’s total and ends at a short last page', async () => {
    const few = history.slice(0, 7);
    const { answer, asked } = await startOrderedPage(few, 1, 5);
    expect(answer.total).toBe(7);
    expect(startsOf(answer.calls)).toEqual(startsOf([...few].sort(startedLastFirst).slice(0, 5)));
    expect(asked).toEqual([1]);
  });
});
