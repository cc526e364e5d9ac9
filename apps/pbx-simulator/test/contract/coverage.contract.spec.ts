/**
 * Keeps the contract suite complete: every operation of libs/pbx-api's catalogue is named, quoted, by at
 * least one contract spec, so an operation added to the client cannot go untested against the simulator.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { PBX_OPERATIONS } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';

const here = new URL('.', import.meta.url);

describe('contract suite coverage', () => {
  it('names every operation of PBX_OPERATIONS in some contract spec', () => {
    const specs = readdirSync(here)
      .filter((name) => name.endsWith('.contract.spec.ts') && !name.startsWith('coverage.'))
      .map((name) => readFileSync(new URL(name, here), 'utf8'));
    expect(specs.length).toBeGreaterThanOrEqual(6);
    const missing = Object.keys(PBX_OPERATIONS).filter(
      (op) => !specs.some((text) => text.includes(`'${op}'`)),
    );
    expect(missing).toEqual([]);
  });
});
