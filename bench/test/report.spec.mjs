import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appendEntry,
  bytes,
  latencyCell,
  ms,
  naRow,
  ratioRow,
  renderEntry,
  renderTable,
  row,
} from '../lib/report.mjs';

describe('formatting', () => {
  it('prints milliseconds and bytes readably', () => {
    expect(ms(1.234)).toBe('1.23');
    expect(ms(12.34)).toBe('12.3');
    expect(ms(123.4)).toBe('123');
    expect(ms(undefined)).toBe('–');
    expect(bytes(512)).toBe('512 B');
    expect(bytes(15 * 1024)).toBe('15.0 KB');
    expect(bytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(latencyCell({ p50: 1, p95: 2.5, p99: 30 })).toBe('1.00 / 2.50 / 30.0 ms');
  });
});

describe('ratioRow', () => {
  it('passes at or under the limit and misses above it', () => {
    expect(ratioRow(1, 'r', 25, 20, 1.25)).toMatchObject({ value: '1.25×', target: '≤ 1.25×', pass: true });
    expect(ratioRow(1, 'r', 26, 20, 1.25)).toMatchObject({ value: '1.30×', pass: false });
    expect(ratioRow(1, 'r', 26, 20)).toMatchObject({ target: '', pass: undefined });
    expect(ratioRow(1, 'r', undefined, 20, 1.25)).toMatchObject({ value: '–', pass: undefined });
  });
});

describe('renderTable', () => {
  it('marks passes and misses and escapes cell separators', () => {
    const table = renderTable([
      row(1, 'a | b', '3 ms', { target: '≤ 5 ms', pass: true }),
      row(2, 'c', '9 ms', { target: '≤ 5 ms', pass: false, note: 'line\nbreak' }),
      naRow(3, 'd', 'not built'),
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe('| 1 | a \\| b | 3 ms | ≤ 5 ms | pass |  |');
    expect(lines[3]).toBe('| 2 | c | 9 ms | ≤ 5 ms | **MISS** | line break |');
    expect(lines[4]).toBe('| 3 | d | n/a |  |  | not built |');
  });
});

describe('appendEntry', () => {
  it('creates BENCHMARKS.md with a preamble once, then appends entries', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bench-report-')), 'BENCHMARKS.md');
    const entry = (title) =>
      renderEntry({ title, facts: ['machine: test'], rows: [row(1, 'x', '1')], notes: ['how'] });
    appendEntry(file, entry('first'));
    appendEntry(file, entry('second'));
    const text = readFileSync(file, 'utf8');
    expect(text.match(/^# Benchmarks/gm)).toHaveLength(1);
    expect(text.indexOf('## first')).toBeLessThan(text.indexOf('## second'));
    expect(text).toContain('- machine: test');
    expect(text).toContain('Method:');
  });
});
