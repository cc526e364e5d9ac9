import { describe, expect, it } from 'vitest';
import { PbxTimeFormat } from './pbx-time.js';

const utc = (iso: string): Date => new Date(iso);
const berlin = (dateFormat = 'YYYY/MM/DD', timeFormat = 'HH:mm:ss', hour12?: boolean): PbxTimeFormat =>
  new PbxTimeFormat({
    dateFormat,
    timeFormat,
    timeZone: 'Europe/Berlin',
    ...(hour12 === undefined ? {} : { hour12 }),
  });

// 2025-08-22 16:44:40 in Berlin (CEST, UTC+2): the PBX guide's system_time example.
const EXAMPLE = utc('2025-08-22T14:44:40Z');

describe('PbxTimeFormat: date orders and separators', () => {
  it.each([
    ['YYYY/MM/DD', '2025/08/22 16:44:40'],
    ['MM/DD/YYYY', '08/22/2025 16:44:40'],
    ['DD/MM/YYYY', '22/08/2025 16:44:40'],
    ['YYYY-MM-DD', '2025-08-22 16:44:40'],
    ['DD.MM.YYYY', '22.08.2025 16:44:40'],
    ['MM-DD-YYYY', '08-22-2025 16:44:40'],
  ])('%s writes %s and reads it back', (dateFormat, text) => {
    const format = berlin(dateFormat);
    expect(format.format(EXAMPLE)).toBe(text);
    expect(format.parse(text)).toEqual(EXAMPLE);
    expect(format.pattern).toBe(`${dateFormat} HH:mm:ss`);
  });

  it('pads single-digit months and days, and reads them unpadded too', () => {
    const format = berlin('DD/MM/YYYY');
    expect(format.format(utc('2025-01-05T08:03:09Z'))).toBe('05/01/2025 09:03:09');
    expect(format.parse('5/1/2025 9:03:09')).toEqual(utc('2025-01-05T08:03:09Z'));
  });

  it('formatDate writes only the day, in the configured order', () => {
    expect(berlin('MM/DD/YYYY').formatDate(EXAMPLE)).toBe('08/22/2025');
    // 23:30 UTC is already the next day in Berlin.
    expect(berlin().formatDate(utc('2025-08-22T23:30:00Z'))).toBe('2025/08/23');
  });

  it('accepts unix seconds as well as a Date', () => {
    expect(berlin().format(EXAMPLE.getTime() / 1000)).toBe('2025/08/22 16:44:40');
  });
});

describe('PbxTimeFormat: 12 and 24 hours', () => {
  it('reads hh without a marker as 24-hour, as the PBX example does (hh:mm:ss with 16:44:40)', () => {
    const format = berlin('YYYY/MM/DD', 'hh:mm:ss');
    expect(format.hour12).toBe(false);
    expect(format.format(EXAMPLE)).toBe('2025/08/22 16:44:40');
    expect(format.parse('2025/08/22 16:44:40')).toEqual(EXAMPLE);
  });

  it('writes 12-hour with a marker when the format has one, in its letter case', () => {
    expect(berlin('YYYY/MM/DD', 'hh:mm:ss A').format(EXAMPLE)).toBe('2025/08/22 04:44:40 PM');
    expect(berlin('YYYY/MM/DD', 'hh:mm:ss a').format(EXAMPLE)).toBe('2025/08/22 04:44:40 pm');
    expect(berlin('YYYY/MM/DD', 'h:mm AM/PM').format(EXAMPLE)).toBe('2025/08/22 4:44 PM');
  });

  it('hour12 forces either clock', () => {
    const twelve = berlin('YYYY/MM/DD', 'HH:mm:ss', true);
    expect(twelve.format(EXAMPLE)).toBe('2025/08/22 04:44:40 PM');
    expect(twelve.pattern).toBe('YYYY/MM/DD HH:mm:ss A');
    const twentyFour = berlin('YYYY/MM/DD', 'hh:mm:ss A', false);
    expect(twentyFour.format(EXAMPLE)).toBe('2025/08/22 16:44:40');
    expect(twentyFour.pattern).toBe('YYYY/MM/DD hh:mm:ss');
  });

  it('midnight and noon are 12 AM and 12 PM', () => {
    const format = berlin('YYYY/MM/DD', 'hh:mm:ss A');
    expect(format.format(utc('2025-08-21T22:05:00Z'))).toBe('2025/08/22 12:05:00 AM');
    expect(format.format(utc('2025-08-22T10:05:00Z'))).toBe('2025/08/22 12:05:00 PM');
    expect(format.parse('2025/08/22 12:05:00 AM')).toEqual(utc('2025-08-21T22:05:00Z'));
    expect(format.parse('2025/08/22 12:05:00 PM')).toEqual(utc('2025-08-22T10:05:00Z'));
  });

  it('parses both marker forms and a time without a marker', () => {
    const format = berlin('YYYY/MM/DD', 'hh:mm:ss A');
    for (const text of [
      '2025/08/22 04:44:40 PM',
      '2025/08/22 04:44:40 pm',
      '2025/08/22 04:44:40PM',
      '2025/08/22 4:44:40 p.m.',
    ]) {
      expect(format.parse(text), text).toEqual(EXAMPLE);
    }
    expect(format.parse('2025/08/22 16:44:40')).toEqual(EXAMPLE);
    // A 24-hour format still takes a marker when one is written.
    expect(berlin().parse('2025/08/22 04:44:40 PM')).toEqual(EXAMPLE);
  });

  it('fromSystemInformation reads the PBX example so that system_time matches timestamp', () => {
    const info = { system_date_format: 'YYYY/MM/DD', system_time_format: 'hh:mm:ss' };
    const format = PbxTimeFormat.fromSystemInformation(info, 'Europe/Berlin');
    expect(format.parse('2025/08/22 16:44:40').getTime() / 1000).toBe(
      Date.UTC(2025, 7, 22, 14, 44, 40) / 1000,
    );
    expect(PbxTimeFormat.fromSystemInformation(info, 'Europe/Berlin', { hour12: true }).format(EXAMPLE)).toBe(
      '2025/08/22 04:44:40 PM',
    );
  });
});

describe('PbxTimeFormat: round trips and DST', () => {
  it.each(['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC'])(
    'every instant over a year survives format then parse in %s',
    (timeZone) => {
      for (const [dateFormat, timeFormat] of [
        ['YYYY/MM/DD', 'HH:mm:ss'],
        ['MM/DD/YYYY', 'hh:mm:ss A'],
        ['DD-MM-YYYY', 'hh:mm:ss'],
      ] as const) {
        const format = new PbxTimeFormat({ dateFormat, timeFormat, timeZone });
        for (
          let ms = Date.UTC(2025, 0, 1);
          ms < Date.UTC(2026, 0, 1);
          ms += 3 * 3_600_000 + 17 * 60_000 + 13_000
        ) {
          const text = format.format(new Date(ms));
          const back = format.parse(text);
          expect(format.format(back), text).toBe(text);
          // Only the repeated hour of a fall-back night may read as its earlier occurrence.
          if (back.getTime() !== ms) expect(ms - back.getTime(), text).toBe(3_600_000);
        }
      }
    },
  );

  // Each zone's clock changes: wall times written for instants (UTC), and instants read from wall times.
  it.each<{ name: string; format: PbxTimeFormat; writes: [string, string][]; reads: [string, string][] }>([
    {
      name: 'Europe/Berlin spring forward: 02:00-03:00 does not exist, later times are CEST',
      format: berlin(),
      writes: [
        ['2025-03-30T00:59:59Z', '2025/03/30 01:59:59'],
        ['2025-03-30T01:00:00Z', '2025/03/30 03:00:00'],
      ],
      reads: [
        ['2025/03/30 01:59:59', '2025-03-30T00:59:59Z'],
        ['2025/03/30 03:00:00', '2025-03-30T01:00:00Z'],
        // The skipped 02:30 moves forward by the gap: 03:30 CEST.
        ['2025/03/30 02:30:00', '2025-03-30T01:30:00Z'],
      ],
    },
    {
      name: 'Europe/Berlin fall back: 02:00-03:00 happens twice and reads as the earlier one',
      format: berlin(),
      writes: [
        ['2025-10-26T00:30:00Z', '2025/10/26 02:30:00'],
        ['2025-10-26T01:30:00Z', '2025/10/26 02:30:00'],
      ],
      reads: [
        ['2025/10/26 02:30:00', '2025-10-26T00:30:00Z'],
        ['2025/10/26 03:00:00', '2025-10-26T02:00:00Z'],
      ],
    },
    {
      name: 'America/New_York spring forward and fall back, 12-hour',
      format: new PbxTimeFormat({
        dateFormat: 'MM/DD/YYYY',
        timeFormat: 'hh:mm:ss A',
        timeZone: 'America/New_York',
      }),
      writes: [
        ['2025-03-09T06:59:59Z', '03/09/2025 01:59:59 AM'],
        ['2025-03-09T07:00:00Z', '03/09/2025 03:00:00 AM'],
        ['2025-11-02T05:30:00Z', '11/02/2025 01:30:00 AM'],
        ['2025-11-02T06:30:00Z', '11/02/2025 01:30:00 AM'],
      ],
      reads: [
        ['03/09/2025 02:15:00 AM', '2025-03-09T07:15:00Z'],
        ['03/09/2025 03:00:00 AM', '2025-03-09T07:00:00Z'],
        ['11/02/2025 01:30:00 AM', '2025-11-02T05:30:00Z'],
        ['11/02/2025 02:00:00 AM', '2025-11-02T07:00:00Z'],
      ],
    },
  ])('$name', ({ format, writes, reads }) => {
    for (const [instant, text] of writes) expect(format.format(utc(instant))).toBe(text);
    for (const [text, instant] of reads) expect(format.parse(text)).toEqual(utc(instant));
  });
});

describe('PbxTimeFormat: bad input', () => {
  it.each([
    ['2025/13/01 10:00:00', /month 13 is out of range \(1-12\)/],
    ['2025/02/29 10:00:00', /day 29 is out of range \(1-28\)/],
    ['2025/04/31 10:00:00', /day 31 is out of range \(1-30\)/],
    ['2025/08/22 24:00:00', /hour 24 is out of range \(0-23\)/],
    ['2025/08/22 10:60:00', /minute 60 is out of range/],
    ['2025/08/22 10:00:60', /second 60 is out of range/],
    ['2025/08/22 13:00:00 PM', /hour 13 is out of range \(1-12\) with AM\/PM/],
    ['2025/08/22 00:10:00 AM', /hour 0 is out of range \(1-12\)/],
    ['22/08/2025 10:00:00', /does not match/],
    ['2025/08/22', /does not match/],
    ['2025/08/22 10:00:00 XM', /does not match/],
    ['', /does not match/],
  ])('parse(%j) throws a clear error', (text, problem) => {
    const format = berlin('YYYY/MM/DD', 'hh:mm:ss');
    expect(() => format.parse(text)).toThrow(problem);
    expect(() => format.parse(text)).toThrow(
      /expected "YYYY\/MM\/DD hh:mm:ss", e\.g\. "2025\/08\/22 16:44:40"/,
    );
  });

  it('reads 29 February in a leap year', () => {
    expect(berlin().parse('2024/02/29 12:00:00')).toEqual(utc('2024-02-29T11:00:00Z'));
  });

  it('rejects a non-string', () => {
    expect(() => berlin().parse(42 as unknown as string)).toThrow(/Invalid PBX time 42/);
  });

  it.each([
    [{ dateFormat: 'YYYY/MM' }, /dateFormat must use YYYY, MM and DD once each.*"YYYY\/MM"/],
    [{ dateFormat: 'YYYY/MM/DD/DD' }, /dateFormat/],
    [{ dateFormat: 'YYYY_MM_DD' }, /dateFormat/],
    [{ timeFormat: 'mm:ss' }, /timeFormat must use HH or hh.*"mm:ss"/],
    [{ timeFormat: 'HH:mm:ss Z' }, /timeFormat/],
    [
      { timeZone: 'Mars/Olympus_Mons' },
      /timeZone must be an IANA time zone like Europe\/Berlin, got "Mars\/Olympus_Mons"/,
    ],
  ])('constructor rejects %j naming the option', (override, message) => {
    expect(
      () =>
        new PbxTimeFormat({
          dateFormat: 'YYYY/MM/DD',
          timeFormat: 'HH:mm:ss',
          timeZone: 'Europe/Berlin',
          ...override,
        }),
    ).toThrow(message);
  });

  it('format rejects an invalid Date or a non-finite number', () => {
    expect(() => berlin().format(new Date('nope'))).toThrow(/valid Date or unix seconds/);
    expect(() => berlin().format(Number.NaN)).toThrow(/valid Date or unix seconds/);
  });
});
