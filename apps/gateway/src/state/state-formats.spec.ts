import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DurableState, STATE_FILES } from './durable-state.js';
import { STATE_FORMATS, migrate } from './state-formats.js';

/**
 * A data folder written by the first version of the stored formats (test/fixtures/data-folder-v1: the demo
 * product after a display link, a sign-out and a held call; its queue views carry no `alert`, as every gateway
 * before the gateway judged alerts wrote them). The held-call channel and the sign-out's revocation last until
 * 2100, so the load keeps them (the revocation once expired on 2026-11-28, and the load rightly dropped it).
 * Every later gateway must start on it: a stored shape made stricter without a migration fails here.
 */
const FIXTURE = new URL('../../test/fixtures/data-folder-v1/', import.meta.url);

describe('stored formats', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('opens a data folder of the first version, with everything in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-v1-'));
    dirs.push(dir);
    cpSync(FIXTURE, dir, { recursive: true });
    const state = await DurableState.open({
      dataDir: dir,
      redisUrl: null,
      auth: { secretGenerated: true } as never,
    });
    expect(state.loaded).toEqual({
      displayLinks: 2,
      revokedSessions: 1,
      auditEntries: 1,
      heldCallChannels: 1,
      streams: 7,
      // The first version kept no agent time: a data folder without the file is read as none.
      agentTime: 0,
      alertChannels: 0,
    });
    const queue = state.files?.streams.stored().find((stream) => stream.stream === 'queue:1');
    expect(queue?.data).toMatchObject({ id: 1, agents: expect.any(Array) });
    await state.close();
  });

  it('has a format row for every state file but the signing key', () => {
    const { authSecret: _key, ...documents } = STATE_FILES;
    expect(Object.keys(STATE_FORMATS).sort()).toEqual(Object.keys(documents).sort());
  });

  it('brings each row’s first version to its current one, or names the missing migration', () => {
    for (const [name, format] of Object.entries(STATE_FORMATS)) {
      const result = migrate({ version: 1 }, 1, format);
      expect(result.ok, `${name}: ${result.ok ? '' : result.problem}`).toBe(true);
    }
  });
});
