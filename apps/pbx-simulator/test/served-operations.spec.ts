/**
 * The README's two tables of operations (served, and documented but not served) against the client's catalogue
 * and the running simulator, so the list a third-party client reads is the truth.
 */
import { readFileSync } from 'node:fs';
import { PBX_ERRCODE, PBX_OPERATIONS } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { get, post, harnessPerFile } from './support/sim-harness.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The backticked operation names of the first table after `heading`. */
function tableOps(heading: string, column: 'all' | 'first'): string[] {
  const start = README.indexOf(heading);
  if (start < 0) throw new Error(`README has no "${heading}"`);
  const lines = README.slice(start + heading.length).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines
    .slice(first, end)
    .filter((line) => !/^\|\s*-/.test(line))
    .flatMap((line) => {
      const cells = line.split('|').slice(1, -1);
      const text = column === 'first' ? (cells[0] ?? '') : (cells[1] ?? '');
      return [...text.matchAll(/`([a-z_]+(?:\/[a-z_]+)?)`/g)].map((match) => match[1] as string);
    });
}

const served = tableOps('### Operations served', 'all');
const notServed = tableOps('Documented operations it does **not** serve', 'first');

const h = harnessPerFile();

describe('README: operations served', () => {
  it('lists exactly the operations of the client catalogue, each once', () => {
    expect([...served].sort()).toEqual(Object.keys(PBX_OPERATIONS).sort());
    expect(new Set(served).size).toBe(served.length);
  });

  it('lists documented operations it does not serve, none of them in the catalogue, each answering 40004', async () => {
    expect(notServed.length).toBeGreaterThan(10);
    for (const op of notServed) {
      expect(Object.keys(PBX_OPERATIONS)).not.toContain(op);
      const answers = [
        await get(h.sim.url, `/openapi/v1.0/${op}`, { access_token: h.access }),
        await post(h.sim.url, `/openapi/v1.0/${op}`, {}, { access_token: h.access }),
      ];
      for (const answer of answers) expect(answer.body, op).toMatchObject({ errcode: PBX_ERRCODE.NOT_FOUND });
    }
  });
});
