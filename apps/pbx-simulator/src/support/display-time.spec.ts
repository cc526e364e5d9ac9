import { PbxTimeFormat } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { DisplayTime, isKnownTimeZone } from './display-time.js';

// 2025/08/22 16:44:40 UTC
const T = 1_755_881_080;

describe('DisplayTime', () => {
  it('formats each date order and both clocks', () => {
    expect(new DisplayTime('YYYY/MM/DD', '24h').format(T)).toBe('2025/08/22 16:44:40');
    expect(new DisplayTime('MM/DD/YYYY', '24h').format(T)).toBe('08/22/2025 16:44:40');
    expect(new DisplayTime('DD/MM/YYYY', '12h').format(T)).toBe('22/08/2025 04:44:40 PM');
    expect(new DisplayTime('YYYY/MM/DD', '12h').format(T - 16 * 3600)).toBe('2025/08/22 12:44:40 AM');
    expect(new DisplayTime('YYYY/MM/DD', '24h').compact(T)).toBe('20250822164440');
  });

  it('formats and parses in a time zone, across a daylight saving change', () => {
    const berlin = new DisplayTime('YYYY/MM/DD', '24h', 'Europe/Berlin');
    expect(berlin.format(T)).toBe('2025/08/22 18:44:40');
    expect(berlin.parse('2025/08/22 18:44:40')).toBe(T);
    // 2025-10-26 01:30 UTC is 02:30 CET after the change (03:00 CEST -> 02:00 CET).
    const afterChange = Date.UTC(2025, 9, 26, 1, 30) / 1000;
    expect(berlin.format(afterChange)).toBe('2025/10/26 02:30:00');
    expect(berlin.format(afterChange + 86_400)).toBe('2025/10/27 02:30:00');
    expect(berlin.parse('2025/10/27 02:30:00')).toBe(afterChange + 86_400);
  });

  it('round-trips every format', () => {
    for (const date of ['YYYY/MM/DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const) {
      for (const clock of ['24h', '12h'] as const) {
        const display = new DisplayTime(date, clock, 'Asia/Tokyo');
        for (const t of [T, T + 12 * 3600, 0, 1_900_000_000])
          expect(display.parse(display.format(t))).toBe(t);
      }
    }
  });

  it('refuses text that does not follow the display format exactly', () => {
    const display = new DisplayTime('YYYY/MM/DD', '24h');
    for (const text of [
      '2025-08-22 16:44:40',
      '08/22/2025 16:44:40',
      '2025/08/22',
      '2025/13/01 00:00:00',
      '2025/02/30 00:00:00',
      '2025/08/22 24:00:00',
      '',
    ]) {
      expect(display.parse(text)).toBeUndefined();
    }
    expect(new DisplayTime('YYYY/MM/DD', '12h').parse('2025/08/22 13:00:00 PM')).toBeUndefined();
  });

  it('reads filter times exactly as the client reads them: the AM/PM marker is optional either way', () => {
    expect(new DisplayTime('YYYY/MM/DD', '24h').parse('2025/08/22 04:44:40 PM')).toBe(T);
    expect(new DisplayTime('YYYY/MM/DD', '12h').parse('2025/08/22 16:44:40')).toBe(T);
  });

  it('reports format labels from which the client rebuilds the same format', () => {
    const labels = (d: DisplayTime) => ({
      system_date_format: d.dateFormatLabel,
      system_time_format: d.timeFormatLabel,
    });
    const h24 = new DisplayTime('MM/DD/YYYY', '24h', 'Europe/Berlin');
    const h12 = new DisplayTime('DD/MM/YYYY', '12h', 'Europe/Berlin');
    expect(labels(h24)).toEqual({ system_date_format: 'MM/DD/YYYY', system_time_format: 'HH:mm:ss' });
    expect(labels(h12)).toEqual({ system_date_format: 'DD/MM/YYYY', system_time_format: 'hh:mm:ss A' });
    for (const display of [h24, h12]) {
      const client = PbxTimeFormat.fromSystemInformation(labels(display), 'Europe/Berlin');
      expect(client.hour12).toBe(display === h12);
      expect(client.format(T)).toBe(display.format(T));
      expect(client.parse(display.format(T)).getTime()).toBe(T * 1000);
      expect(display.parse(client.format(T + 3600))).toBe(T + 3600);
    }
  });

  it('knows IANA time zones and refuses others', () => {
    expect(isKnownTimeZone('America/New_York')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});
