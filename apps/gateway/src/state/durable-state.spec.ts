import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import {
  forecastQueue,
  pendingHeldCall,
  type HeldCallView,
  type QueueView,
} from '@switchboard/live-protocol';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../access/principal.js';
import { DurableState, STATE_FILES, type FileStores } from './durable-state.js';

const HOUR = 3_600_000;

function queueView(id: number, since: number): QueueView {
  const levels = { warn: null, critical: null };
  return {
    id,
    number: `60${id}`,
    name: `Queue ${id}`,
    thresholds: {
      waiting: levels,
      longestWaitSec: levels,
      serviceLevel: levels,
      serviceLevelSec: 20,
      maxPauseSec: null,
    },
    agents: [{ number: '1001', name: 'Ann', state: 'paused', since, pauseReason: 'Lunch', kind: 'static' }],
    waiting: [],
    stats: {
      waiting: 0,
      oldestWaitingSince: null,
      agentCounts: {
        available: 0,
        ringing: 0,
        on_call: 0,
        on_hold: 0,
        paused: 1,
        offline: 0,
        unknown: 0,
        logged_out: 0,
      },
      today: {
        dayStart: 0,
        timeZone: 'UTC',
        offered: 3,
        answered: 2,
        abandoned: 1,
        shortAbandoned: 0,
        answeredWithinThreshold: 2,
        serviceLevel: 66.7,
        avgWaitSec: 4,
        avgTalkSec: 60,
      },
      forecast: forecastQueue({
        arrivals: 3,
        handleSec: 60,
        agentsTakingCalls: 0,
        agentsFree: 0,
        waiting: 0,
        targetSec: 20,
        goalPercent: 80,
      }),
    },
    confirmedAt: since,
    pollIntervalMs: 2_000,
    alert: { level: 'ok', since, warnSince: null, criticalSince: null, announcedAt: null },
  };
}

const heldCall = (callId: string, deadline: number): HeldCallView =>
  pendingHeldCall({
    callId,
    from: '5551234',
    to: '8005551000',
    trunk: 'carrier-west',
    receivedAt: deadline - 10_000,
    deadline,
  });

/** The file stores of a gateway running alone. */
function storesOf(state: DurableState): FileStores {
  if (!state.files) throw new Error('no file stores');
  return state.files;
}

const session = (jti: string): Principal =>
  ({ source: { kind: 'session', jti, expiresAt: Date.now() + HOUR } }) as unknown as Principal;

describe('DurableState', () => {
  let dir: string;
  const alone = (extra: { secret?: boolean } = {}) => ({
    dataDir: dir,
    redisUrl: null,
    auth: { secretGenerated: extra.secret ?? true } as never,
  });

  // The audit trail logs every entry; not wanted in the test output.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'durable-state-')), 'data');
  });
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('starts empty on a new directory, which it creates', async () => {
    const state = await DurableState.open(alone());
    expect(state.loaded).toEqual({
      displayLinks: 0,
      revokedSessions: 0,
      auditEntries: 0,
      heldCallChannels: 0,
      streams: 0,
      agentTime: 0,
      alertChannels: 0,
    });
    expect(statSync(dir).isDirectory()).toBe(true);
    await state.close();
  });

  it('keeps display links, logouts, the audit trail, stream states, held-call channels and agent time across a restart', async () => {
    const first = await DurableState.open(alone());
    const files = storesOf(first);
    const now = Date.now();
    await files.displayTokens.add({
      id: 'd_1',
      name: 'Lobby',
      queues: [1, 2],
      createdBy: 'admin',
      createdAt: now,
      jti: 'j1',
    });
    await files.displayTokens.add({
      id: 'd_2',
      name: 'Gone',
      queues: [1],
      createdBy: 'admin',
      createdAt: now,
      jti: 'j2',
    });
    expect(await files.displayTokens.remove('d_2')).toBe(true);
    await files.displayTokens.touch('d_1', now + 5);
    await files.displayTokens.touch('d_1', now + 1); // an older use does not go back in time
    await files.displayTokens.touch('d_2', now + 5); // a revoked link stays gone
    files.revocations.revokeSession('logged-out', now + HOUR, 'You signed out.');
    files.revocations.revokeSession('expired-anyway', now - 1, 'You signed out.');
    for (let i = 0; i < 3; i++)
      files.audit.record({
        user: 'sup',
        action: 'inbound:decide',
        target: `c${i}`,
        result: 'ok',
        detail: 'accepted',
      });
    files.heldCallChannels.remember('call-1', 'PJSIP/trunk-000001', 60_000);
    files.heldCallChannels.remember('call-old', 'PJSIP/trunk-000000', -1);
    const sent: string[] = [];
    files.streams.publish(
      { stream: 'queue:1', kind: 'queue', seq: 41, data: queueView(1, now - 90_000) },
      () => sent.push('queue:1'),
    );
    files.streams.publish(
      { stream: 'inbound', kind: 'inbound', seq: 7, data: [heldCall('call-1', now + 30_000)] },
      () => sent.push('inbound'),
    );
    files.streams.publish({ stream: 'conferences', kind: 'conferences', seq: 3, data: [] }, () =>
      sent.push('conferences'),
    );
    // The push goes out at once, whatever is kept.
    expect(sent).toEqual(['queue:1', 'inbound', 'conferences']);
    const ledger = { dayStart: now - HOUR, agents: [] };
    files.agentTime.save(ledger);
    await first.close();

    const second = await DurableState.open(alone());
    const again = storesOf(second);
    expect(second.loaded).toEqual({
      displayLinks: 1,
      revokedSessions: 1,
      auditEntries: 3,
      heldCallChannels: 1,
      streams: 2,
      agentTime: 1,
      alertChannels: 0,
    });
    expect(await again.agentTime.read()).toEqual(ledger);
    expect((await again.displayTokens.get('d_1'))?.queues).toEqual([1, 2]);
    expect((await again.displayTokens.get('d_1'))?.lastUsedAt).toBe(now + 5);
    expect(await again.displayTokens.get('d_2')).toBeUndefined();
    expect(again.revocations.isRevoked('logged-out')).toBe(true);
    expect(again.revocations.isRevoked('expired-anyway')).toBe(false);
    // The audit ring is back, and ids continue after the last one.
    expect(again.audit.recent(10).map((entry) => entry.id)).toEqual([3, 2, 1]);
    expect(
      again.audit.record({ user: 'sup', action: 'call:listen', target: 't', result: 'ok', detail: '' }).id,
    ).toBe(4);
    expect(await again.heldCallChannels.recall(['call-1', 'call-old'])).toEqual(
      new Map([['call-1', 'PJSIP/trunk-000001']]),
    );
    expect(again.streams.stored().map((s) => [s.stream, s.seq])).toEqual([
      ['queue:1', 41],
      ['inbound', 7],
    ]);
    expect((again.streams.stored()[0]?.data as QueueView).agents[0]?.since).toBe(now - 90_000);
    await second.close();
    // The signing key was made once and kept, readable by the gateway's user only.
    expect(second.authSecret?.value).toBe(first.authSecret?.value);
    expect([first.authSecret?.created, second.authSecret?.created]).toEqual([true, false]);
    expect(statSync(join(dir, STATE_FILES.authSecret)).mode & 0o777).toBe(0o600);
  });

  it('loads a queue view stored before the gateway judged alerts: the next publish adds the alert', async () => {
    const first = await DurableState.open(alone());
    const { alert: _dropped, ...older } = queueView(3, 1_000);
    storesOf(first).streams.publish(
      { stream: 'queue:3', kind: 'queue', seq: 5, data: older as QueueView },
      () => undefined,
    );
    await first.close();
    const second = await DurableState.open(alone());
    expect(
      storesOf(second)
        .streams.stored()
        .map((s) => [s.stream, (s.data as QueueView).alert]),
    ).toEqual([['queue:3', undefined]]);
    await second.close();
  });

  it('applies a stored logout to sockets opened after the restart like any other', async () => {
    const first = await DurableState.open(alone());
    storesOf(first).revocations.revokeSession('j-out', Date.now() + HOUR, 'You signed out.');
    await first.close();
    const second = await DurableState.open(alone());
    const ended: boolean[] = [];
    storesOf(second).revocations.onRevoked((matches) => ended.push(matches(session('j-2'))));
    storesOf(second).revocations.revokeSession('j-2', Date.now() + HOUR, 'You signed out.');
    expect(ended).toEqual([true]);
    expect(storesOf(second).revocations.isRevoked('j-out')).toBe(true);
    await second.close();
  });

  it('keeps only the generated key with REDIS_URL, and touches nothing when AUTH_SECRET is set too', async () => {
    const clustered = await DurableState.open({ ...alone(), redisUrl: 'redis://127.0.0.1:6379' });
    expect(clustered.files).toBeUndefined();
    expect(clustered.authSecret?.value).toMatch(/^[\w-]{64}$/);
    expect(readdirSync(dir)).toEqual([STATE_FILES.authSecret]);
    rmSync(dir, { recursive: true });
    const configured = await DurableState.open({
      ...alone({ secret: false }),
      redisUrl: 'redis://127.0.0.1:6379',
    });
    expect(configured.authSecret).toBeUndefined();
    expect(existsSync(dir)).toBe(false);
  });

  it('uses AUTH_SECRET when it is set: no key file', async () => {
    const state = await DurableState.open(alone({ secret: false }));
    expect(state.authSecret).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
    await state.close();
  });

  it('stops the start over a corrupt or invalid file, naming it, and never resets it', async () => {
    const first = await DurableState.open(alone());
    await storesOf(first).displayTokens.add({
      id: 'd_1',
      name: 'TV',
      queues: [1],
      createdBy: 'a',
      createdAt: 1,
      jti: 'j',
    });
    await first.close();
    const file = join(dir, STATE_FILES.displayLinks);
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.slice(0, good.length / 2));
    await expect(DurableState.open(alone())).rejects.toThrow(`state file ${file} is not valid JSON`);
    expect(readFileSync(file, 'utf8')).toBe(good.slice(0, good.length / 2));

    writeFileSync(file, good);
    writeFileSync(
      join(dir, STATE_FILES.streams),
      JSON.stringify({
        version: 1,
        streams: [{ stream: 'queue:2', kind: 'queue', seq: 3, data: queueView(5, 0) }],
      }),
    );
    await expect(DurableState.open(alone())).rejects.toThrow(
      /streams\.json is not a valid file of stream states: streams\[0\]\.data\.id must be the id of queue:2/,
    );
    writeFileSync(
      join(dir, STATE_FILES.streams),
      JSON.stringify({
        version: 1,
        streams: [
          { stream: 'inbound', kind: 'inbound', seq: 3, data: [{ ...heldCall('c', 1), status: 'maybe' }] },
        ],
      }),
    );
    await expect(DurableState.open(alone())).rejects.toThrow(
      /streams\[0\]\.data\[0\]\.status must be one of pending/,
    );

    rmSync(join(dir, STATE_FILES.streams));
    writeFileSync(join(dir, STATE_FILES.authSecret), 'short\n');
    await expect(DurableState.open(alone())).rejects.toThrow(/auth-secret does not hold a signing key/);
  });

  it('names DATA_DIR when it cannot be used', async () => {
    writeFileSync(join(dir, '..', 'a-file'), '');
    dir = join(dir, '..', 'a-file', 'data');
    await expect(DurableState.open(alone())).rejects.toThrow(
      /a-file\/data \(DATA_DIR\) is not a writable directory \(ENOTDIR\)/,
    );
  });

  it('removes temporary files a killed gateway left behind', async () => {
    const first = await DurableState.open(alone());
    await first.close();
    writeFileSync(join(dir, `${STATE_FILES.audit}.123456789`), '{"version":1,"nextId":');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const second = await DurableState.open(alone());
    await second.close();
    expect(readdirSync(dir).sort()).toEqual([STATE_FILES.authSecret, 'notes.txt']);
  });
});
