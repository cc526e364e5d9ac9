import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.js';

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    [' bytes=1-1 ', { kind: 'partial', start: 1, end: 1 }],
  ])('%s of 1000 bytes is %j', (header, answer) => {
    expect(parseRange(header, 1000)).toEqual(answer);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('%s of 1000 bytes is unsatisfiable', (header) => {
    expect(parseRange(header, 1000)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([undefined, '', 'bytes=0-1,5-9', 'items=0-9', 'bytes=9-1', 'bytes=-', 'bytes=a-b', 'bytes 0-9'])(
    '%j is ignored: the whole file',
    (header) => {
      expect(parseRange(header, 1000)).toEqual({ kind: 'whole' });
    },
  );
});
