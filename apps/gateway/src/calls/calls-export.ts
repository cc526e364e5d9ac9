import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { CallSummary } from '@switchboard/live-protocol';
import { csvRow } from './csv.js';

/** The CSV's columns: heading and cell of each. */
const COLUMNS: readonly [
  string,
  (call: CallSummary, localTime: (ms: number) => string) => string | number,
][] = [
  ['Call id', (c) => c.id],
  ['Started (site time)', (c, local) => (c.startedAt === null ? '' : local(c.startedAt))],
  ['From', (c) => c.from],
  ['From name', (c) => c.fromName ?? ''],
  ['To', (c) => c.to],
  ['To name', (c) => c.toName ?? ''],
  ['Direction', (c) => c.direction],
  ['Status', (c) => c.status],
  ['Ring (s)', (c) => c.ringSec],
  ['Talk (s)', (c) => c.talkSec],
  ['Total (s)', (c) => c.totalSec],
  ['DID', (c) => c.did],
  ['Trunk', (c) => c.trunk],
  ['Recording', (c) => (c.hasRecording ? 'yes' : 'no')],
  ['Disposition codes', (c) => (c.dispositionCodes ?? []).join('; ')],
  ['Note remark', (c) => c.noteRemark ?? ''],
];

/** The CSV's header row. */
export const CSV_HEADER = csvRow(COLUMNS.map(([heading]) => heading));

/** One call as a CSV row. */
export function callCsvRow(call: CallSummary, localTime: (ms: number) => string): string {
  return csvRow(COLUMNS.map(([, cell]) => cell(call, localTime)));
}

/** Rows written per chunk: few enough to keep a chunk small, many enough to keep writes few. */
const ROWS_PER_CHUNK = 500;

/**
 * Writes the header and every row of `pages` to a response whose headers are set, a chunk at a time, waiting
 * for `drain` whenever the socket's buffer is full (a slow client slows the paging, never grows memory), and
 * stopping as soon as the client goes away. Resolves to the rows written; rejects when a page fails (the
 * caller ends the response abruptly, so the client sees an incomplete download rather than a short file).
 */
export async function streamCsv(
  response: ServerResponse,
  pages: AsyncIterable<CallSummary[]>,
  localTime: (ms: number) => string,
): Promise<number> {
  let rows = 0;
  const gone = () => response.destroyed || response.writableEnded;
  const write = async (chunk: string) => {
    if (!response.write(chunk) && !gone())
      await Promise.race([once(response, 'drain'), once(response, 'close')]);
  };
  await write(CSV_HEADER);
  for await (const calls of pages) {
    for (let i = 0; i < calls.length && !gone(); i += ROWS_PER_CHUNK) {
      await write(
        calls
          .slice(i, i + ROWS_PER_CHUNK)
          .map((call) => callCsvRow(call, localTime))
          .join(''),
      );
      rows += Math.min(ROWS_PER_CHUNK, calls.length - i);
    }
    if (gone()) return rows;
  }
  response.end();
  return rows;
}
