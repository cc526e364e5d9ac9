import { describe, expect, it } from 'vitest';
import { PBX_OPERATIONS } from '@switchboard/pbx-api';
import { PRIVATE_PBX_OPERATIONS as PRIVATE_OPERATIONS } from '@switchboard/live-protocol';
import { ADMIN_OPERATIONS, findAdminOperation } from './admin-operations.js';

describe('admin operations', () => {
  it('offers every PBX operation except the gateway’s own token calls and the recording download link', () => {
    const expected = Object.keys(PBX_OPERATIONS).filter(
      (name) => !(PRIVATE_OPERATIONS as readonly string[]).includes(name),
    );
    expect(ADMIN_OPERATIONS.map((o) => o.name).sort()).toEqual(expected.sort());
    expect(findAdminOperation('get_token')).toBeUndefined();
    expect(findAdminOperation('recording/download')).toBeUndefined();
    expect(findAdminOperation('recording/search')?.spec).toBe(PBX_OPERATIONS['recording/search']);
    expect(findAdminOperation('ivr/create')?.spec).toBe(PBX_OPERATIONS['ivr/create']);
  });
});
