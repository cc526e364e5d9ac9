import { describe, expect, it } from 'vitest';
import type { CompanyContact } from '@switchboard/pbx-api';
import { CallHistory, outcomeText } from './call-history.js';
import { ContactDirectory } from './contact-directory.js';

const contact = (id: number, first: string, company: string, ...numbers: string[]): CompanyContact => ({
  id,
  first_name: first,
  last_name: 'Smith',
  company,
  number_list: numbers.map((number) => ({ num_type: 'business_number', number })),
});

describe('ContactDirectory', () => {
  it('matches callers by their digits and by the national/international tail', () => {
    const directory = new ContactDirectory();
    directory.replace([contact(1, 'Ann', 'Acme', '+49 30 1234-5678'), contact(2, 'Bob', '', '5503301')], 1);
    expect(directory.lookup('4930 12345678')).toEqual({ contactName: 'Ann Smith', company: 'Acme' });
    expect(directory.lookup('030 12345678')).toEqual({ contactName: 'Ann Smith', company: 'Acme' });
    expect(directory.lookup('5503301')).toEqual({ contactName: 'Bob Smith', company: null });
    expect(directory.lookup('5503302')).toBeUndefined();
    expect(directory.lookup('anonymous')).toBeUndefined();
  });

  it('matches nobody when two contacts share a tail', () => {
    const directory = new ContactDirectory();
    directory.replace([contact(1, 'Ann', 'A', '+4412345678'), contact(2, 'Cy', 'C', '+3312345678')], 1);
    expect(directory.lookup('0012345678')).toBeUndefined();
    expect(directory.lookup('+33 12345678')).toMatchObject({ contactName: 'Cy Smith' });
  });

  it('sweeps contact ids in batches until it meets empty batches', async () => {
    const existing = new Map([1, 2, 3, 150, 151].map((id) => [id, contact(id, `n${id}`, '', `55500${id}`)]));
    const batches: number[][] = [];
    const directory = new ContactDirectory();
    const count = await directory.sweep(
      async (ids) => {
        batches.push([ids[0] ?? 0, ids.at(-1) ?? 0]);
        return ids.flatMap((id) => existing.get(id) ?? []);
      },
      5,
      { batchSize: 100, emptyBatchesToStop: 2, maxIds: 10_000 },
    );
    expect(count).toBe(5);
    expect(batches).toEqual([
      [1, 100],
      [101, 200],
      [201, 300],
      [301, 400],
    ]);
    expect(directory.lookup('55500151')).toMatchObject({ contactName: 'n151 Smith' });
    expect(directory.lastLoadedAt).toBe(5);
  });

  it('keeps the old index when a sweep fails', async () => {
    const directory = new ContactDirectory();
    directory.replace([contact(1, 'Ann', 'A', '123456789')], 1);
    await expect(directory.sweep(() => Promise.reject(new Error('down')), 2)).rejects.toThrow('down');
    expect(directory.lookup('123456789')).toBeDefined();
  });
});

describe('CallHistory', () => {
  // 2026-03-10 12:00 UTC
  const noon = Date.UTC(2026, 2, 10, 12);

  it('counts today’s calls from a number once each, excluding the current call, with the latest outcome', () => {
    const history = new CallHistory('UTC', 100, () => noon);
    history.record('+1 555 0100', 'a', noon - 3_600_000, 'not answered');
    history.record('15550100', 'b', noon - 60_000, 'answered');
    history.record('15550100', 'b', noon - 60_000, 'answered');
    history.record('15550100', 'yesterday', noon - 13 * 3_600_000, 'answered');
    expect(history.get('1-555-0100')).toEqual({ callsToday: 2, lastOutcome: 'answered' });
    expect(history.get('15550100', 'b')).toEqual({ callsToday: 1, lastOutcome: 'not answered' });
    expect(history.get('999')).toEqual({ callsToday: 0, lastOutcome: null });
  });

  it('starts over at the day boundary of the site time zone', () => {
    let now = Date.UTC(2026, 2, 10, 22, 30);
    const history = new CallHistory('Europe/Berlin', 100, () => now);
    history.record('555', 'a', now - 60_000, 'answered');
    history.markLoaded('555');
    expect(history.get('555').callsToday).toBe(1);
    now = Date.UTC(2026, 2, 10, 23, 5); // past midnight in Berlin
    expect(history.get('555').callsToday).toBe(0);
    expect(history.needsLoad('555')).toBe(true);
  });

  it('remembers which numbers were loaded from the PBX today', () => {
    const history = new CallHistory('UTC', 100, () => noon);
    expect(history.needsLoad('555')).toBe(true);
    history.markLoaded('555');
    expect(history.needsLoad('555')).toBe(false);
    expect(history.needsLoad('')).toBe(false);
  });

  it('stays bounded', () => {
    const history = new CallHistory('UTC', 3, () => noon);
    for (const n of ['1', '2', '3', '4', '5']) history.record(n, `c${n}`, noon, 'answered');
    expect(history.get('5').callsToday).toBe(1);
    expect(history.get('1').callsToday).toBe(0);
  });

  it('words dispositions for people', () => {
    expect(outcomeText('NO ANSWER')).toBe('not answered');
    expect(outcomeText('answered')).toBe('answered');
    expect(outcomeText('WEIRD')).toBe('weird');
  });
});
