import { PbxApiError, PbxTransportError } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { BLOCK_RULE_NAME_MAX, blockRuleName, createBlockRule, readableNumber } from './block-rule-name.js';

const taken = () =>
  new PbxApiError('block_numbers/create', 40003, 'DUPLICATE KEY VALUE', [{ field: 'name', value: 'x' }]);

describe('blocklist rule names', () => {
  it('names the rule in words with the number as a person reads it', () => {
    expect(blockRuleName('+15556498795')).toBe('Blocked from Switchboard: +1 555 649 8795');
    expect(blockRuleName('+1 (555) 649-8795')).toBe('Blocked from Switchboard: +1 555 649 8795');
    // Without its country code the number stays as the caller's ID showed it (and the blocklist lists it).
    expect(blockRuleName(' 5556498795 ')).toBe('Blocked from Switchboard: 5556498795');
    expect(blockRuleName('+493012345678')).toBe('Blocked from Switchboard: +493012345678');
    expect(readableNumber('')).toBe('a caller without a number');
  });

  it('numbers a second rule of the same number, and stays within the PBX’s 127 characters', () => {
    expect(blockRuleName('5556498795', 2)).toBe('Blocked from Switchboard: 5556498795 (2)');
    const long = blockRuleName('9'.repeat(300), 3);
    expect(long).toHaveLength(BLOCK_RULE_NAME_MAX);
    expect(long.endsWith('… (3)')).toBe(true);
  });

  it('tries the next name while the PBX says the name is taken, and stops at any other failure', async () => {
    const tried: string[] = [];
    const id = await createBlockRule('5556498795', async (name) => {
      tried.push(name);
      if (tried.length < 3) throw taken();
      return 7;
    });
    expect(id).toBe(7);
    expect(tried).toEqual([
      'Blocked from Switchboard: 5556498795',
      'Blocked from Switchboard: 5556498795 (2)',
      'Blocked from Switchboard: 5556498795 (3)',
    ]);

    let asked = 0;
    const down = new PbxTransportError('timeout', 'block_numbers/create');
    await expect(
      createBlockRule('5556498795', () => {
        asked++;
        return Promise.reject(down);
      }),
    ).rejects.toBe(down);
    expect(asked).toBe(1);

    let always = 0;
    await expect(
      createBlockRule('5556498795', () => {
        always++;
        return Promise.reject(taken());
      }),
    ).rejects.toBeInstanceOf(PbxApiError);
    expect(always).toBe(9);
  });
});
