import { describe, expect, it, vi } from 'vitest';
import {
  BLOCK_UNDO_MS,
  heldCallAt,
  RESOLVED_VISIBLE_MS,
  type CallerContext,
  type HeldCallView,
  type KeyedPatch,
} from '@switchboard/live-protocol';
import { PbxApiError, PbxTransportError } from '@switchboard/pbx-api';
import { MetricsService } from '../metrics/metrics.service.js';
import type { LiveEmitter } from '../live/live-emitter.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { InMemoryDecisionLock } from '../ports/decision-lock.js';
import { CONTEXT_RIDE_MS, HeldCalls } from './held-calls.js';
import type { HeldCallActions, HeldCallsOptions } from './held-calls.types.js';
import { useFakeClock } from '../../test/support/fake-clock.js';

const CONTEXT: CallerContext = { contactName: null, company: null, callsToday: 0, lastOutcome: null };
const CALL = { callId: 'c1', channelId: 'PJSIP/trunk-1', from: '5551234', to: '2002', trunk: 'sip-trunk' };

function setup(
  overrides: Partial<HeldCallActions> = {},
  enriched?: CallerContext,
  publish?: HeldCallsOptions['publish'],
) {
  const requests: string[] = [];
  const actions: HeldCallActions = {
    accept: vi.fn(async (channel: string) => {
      requests.push(`accept ${channel}`);
    }),
    refuse: vi.fn(async (channel: string) => {
      requests.push(`refuse ${channel}`);
    }),
    block: vi.fn(async (number: string) => {
      requests.push(`block ${number}`);
      return 41;
    }),
    unblock: vi.fn(async (ruleId: number) => {
      requests.push(`unblock ${ruleId}`);
    }),
    ...overrides,
  };
  const published: { data: HeldCallView[]; patch: KeyedPatch<HeldCallView>; implied: boolean }[] = [];
  const board = new HeldCalls({
    holdWindowMs: 10_000,
    lock: new InMemoryDecisionLock(),
    actions,
    context: { initial: () => CONTEXT, enrich: async () => enriched },
    publish: (data, patch, how) => {
      published.push({ data, patch, implied: how.implied === true });
      publish?.(data, patch, how);
    },
  });
  return { board, requests, published, actions };
}

describe('HeldCalls', () => {
  useFakeClock(1_000_000);

  it('shows a held call at once with its deadline, then with the enriched caller context', async () => {
    const enriched = { ...CONTEXT, contactName: 'Ada Lovelace', callsToday: 2, lastOutcome: 'answered' };
    const { board, published } = setup({}, enriched);
    board.hold(CALL);
    expect(published[0]?.patch.upsert[0]).toMatchObject({
      callId: 'c1',
      from: '5551234',
      to: '2002',
      trunk: 'sip-trunk',
      receivedAt: 1_000_000,
      deadline: 1_010_000,
      status: 'pending',
    });
    // A lone call's improvement goes out on its own once it had the chance to ride with another change.
    await vi.advanceTimersByTimeAsync(CONTEXT_RIDE_MS - 1);
    expect(published).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(published).toHaveLength(2);
    expect(published[1]?.patch.upsert).toEqual([
      expect.objectContaining({ callId: 'c1', context: enriched }),
    ]);
    expect(board.get('c1')?.context).toEqual(enriched);
    expect(published.at(-1)?.implied).toBe(false);
  });

  it('lets a context improvement ride with the next change: a stream of held calls costs one frame each', async () => {
    const enriched = { ...CONTEXT, callsToday: 3, lastOutcome: 'answered' };
    const { board, published } = setup({}, enriched);
    board.hold(CALL);
    await vi.advanceTimersByTimeAsync(100);
    board.hold({ ...CALL, callId: 'c2', channelId: 'PJSIP/trunk-2' });
    expect(published).toHaveLength(2);
    expect(published[1]?.patch.upsert.map((v) => [v.callId, v.context])).toEqual([
      ['c1', enriched],
      ['c2', CONTEXT],
    ]);
    // Snapshots and frames agree: the published data carries the improvement exactly when a frame does.
    expect(published[1]?.data.find((v) => v.callId === 'c1')?.context).toEqual(enriched);
    // c2's improvement rides with a decision on c1.
    await vi.advanceTimersByTimeAsync(10);
    await board.decide('c1', 'accept', 'sue');
    const carried = published.slice(2).flatMap((p) => p.patch.upsert.map((v) => v.callId));
    expect(carried).toContain('c2');
    expect(board.get('c2')?.context).toEqual(enriched);
    await vi.advanceTimersByTimeAsync(CONTEXT_RIDE_MS * 2);
    // Two prompts, then "deciding" and "accepted" for c1: no frame of its own for either improvement.
    expect(published.filter((p) => !p.implied)).toHaveLength(4);
  });

  it('keeps a riding improvement out of implied changes, and sends no frame for a look-up that found nothing new', async () => {
    const { board, published } = setup({}, { ...CONTEXT });
    board.hold(CALL);
    await vi.advanceTimersByTimeAsync(CONTEXT_RIDE_MS * 4);
    expect(published).toHaveLength(1);

    const enriched = { ...CONTEXT, contactName: 'Grace Hopper' };
    const late = setup({}, enriched);
    // A call found still held after a gap can reach its deadline before its improvement was sent.
    late.board.hold(CALL, Date.now() + 10);
    await vi.advanceTimersByTimeAsync(10);
    const implied = late.published.filter((p) => p.implied);
    expect(implied).toHaveLength(1);
    expect(implied[0]?.data[0]).toMatchObject({ status: 'auto_accepted', context: CONTEXT });
    await vi.advanceTimersByTimeAsync(CONTEXT_RIDE_MS);
    expect(late.published.at(-1)).toMatchObject({
      implied: false,
      patch: { upsert: [{ context: enriched }] },
    });
    expect(late.board.get('c1')?.context).toEqual(enriched);
  });

  it('accepts through the PBX once and records who decided', async () => {
    const { board, requests } = setup();
    board.hold(CALL);
    const result = await board.decide('c1', 'accept', 'sue');
    expect(result).toMatchObject({
      ok: true,
      data: { status: 'accepted', decidedBy: 'sue', decidedAt: 1_000_000 },
    });
    expect(requests).toEqual(['accept PJSIP/trunk-1']);
  });

  it('lets only the first of concurrent decisions reach the PBX; the others learn who decided', async () => {
    const { board, requests } = setup();
    board.hold(CALL);
    const results = await Promise.all([
      board.decide('c1', 'refuse', 'sue'),
      board.decide('c1', 'accept', 'tom'),
      board.decide('c1', 'accept', 'sue'),
    ]);
    expect(requests).toEqual(['refuse PJSIP/trunk-1']);
    expect(results[0]).toMatchObject({ ok: true, data: { status: 'refused', decidedBy: 'sue' } });
    for (const loser of results.slice(1))
      expect(loser).toMatchObject({
        ok: false,
        error: { code: 'conflict', message: expect.stringContaining('sue') },
      });
    expect(await board.decide('c1', 'accept', 'tom')).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: 'sue already refused this call.' },
    });
    expect(requests).toHaveLength(1);
  });

  it('refuses and blocks the caller number', async () => {
    const { board, requests } = setup();
    board.hold(CALL);
    expect(await board.decide('c1', 'refuse_and_block', 'sue')).toMatchObject({
      ok: true,
      data: { status: 'refused', blocked: true, error: null },
    });
    expect(requests).toEqual(['refuse PJSIP/trunk-1', 'block 5551234']);
  });

  it('undoes a block for its decider within the window: exactly the rule it created, once', async () => {
    const { board, requests } = setup();
    board.hold(CALL);
    expect(await board.decide('c1', 'refuse_and_block', 'sue')).toMatchObject({
      ok: true,
      data: { blocked: true, blockUndoUntil: 1_000_000 + BLOCK_UNDO_MS },
    });
    expect(await board.unblock('c1', { user: 'tom', admin: false })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('Only sue') },
    });
    vi.advanceTimersByTime(BLOCK_UNDO_MS - 1);
    const undone = await board.unblock('c1', { user: 'sue', admin: false });
    expect(undone).toMatchObject({
      ok: true,
      data: { status: 'refused', blocked: false, unblockedBy: 'sue' },
    });
    expect(undone.ok && 'blockUndoUntil' in undone.data).toBe(false);
    expect(await board.unblock('c1', { user: 'sue', admin: false })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: 'sue already undid the block of 5551234.' },
    });
    expect(requests).toEqual(['refuse PJSIP/trunk-1', 'block 5551234', 'unblock 41']);
  });

  it('lets an admin undo; refuses after the window, for an unblocked call, and keeps the rule on a PBX failure', async () => {
    const { board, requests } = setup();
    board.hold(CALL);
    board.hold({ ...CALL, callId: 'c2', channelId: 'PJSIP/trunk-2' });
    board.hold({ ...CALL, callId: 'c3', channelId: 'PJSIP/trunk-3' });
    await board.decide('c1', 'refuse_and_block', 'sue');
    await board.decide('c2', 'refuse', 'sue');
    await board.decide('c3', 'refuse_and_block', 'sue');
    expect(await board.unblock('c2', { user: 'sue', admin: false })).toMatchObject({
      error: { code: 'not_found', message: expect.stringContaining('nothing to undo') },
    });
    expect(await board.unblock('c1', { user: 'ann', admin: true })).toMatchObject({
      ok: true,
      data: { unblockedBy: 'ann' },
    });
    vi.advanceTimersByTime(BLOCK_UNDO_MS + 1);
    expect(await board.unblock('c3', { user: 'sue', admin: false })).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        message: expect.stringContaining('10 seconds to undo this block have passed'),
      },
    });
    expect(requests.filter((r) => r.startsWith('unblock'))).toEqual(['unblock 41']);
    expect(await board.unblock('c9', { user: 'sue', admin: true })).toMatchObject({
      error: { code: 'not_found' },
    });
  });

  it('a failed delete leaves the block undoable', async () => {
    const failing = vi
      .fn()
      .mockRejectedValueOnce(new PbxApiError('block_numbers/delete', 50001, 'SERVER BUSY'));
    const { board } = setup({ unblock: failing });
    board.hold(CALL);
    await board.decide('c1', 'refuse_and_block', 'sue');
    expect(await board.unblock('c1', { user: 'sue', admin: false })).toMatchObject({
      ok: false,
      error: { code: 'pbx_error', message: expect.stringContaining('undo the block of 5551234') },
    });
    expect(board.get('c1')).toMatchObject({ blocked: true });
    expect(await board.unblock('c1', { user: 'sue', admin: false })).toMatchObject({ ok: true });
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('reports a refused call whose number could not be blocked', async () => {
    const { board } = setup({
      block: () => Promise.reject(new PbxApiError('block_numbers/create', 40003, 'DUPLICATE KEY VALUE')),
    });
    board.hold(CALL);
    const result = await board.decide('c1', 'refuse_and_block', 'sue');
    expect(result).toMatchObject({ ok: true, data: { status: 'refused', blocked: false } });
    expect(board.get('c1')?.error).toContain('not blocked');
    expect(board.get('c1')?.error).toContain('DUPLICATE KEY VALUE');
  });

  it('shows a PBX failure as failed with a readable reason and frees the call for another try', async () => {
    let fail = true;
    const { board, requests } = setup({
      accept: async () => {
        requests.push('accept');
        if (fail) throw new PbxTransportError('connect ECONNREFUSED', 'call/accept_inbound');
      },
    });
    board.hold(CALL);
    const first = await board.decide('c1', 'accept', 'sue');
    expect(first).toMatchObject({ ok: false, error: { code: 'pbx_unavailable' } });
    expect(board.get('c1')).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('could not be reached'),
    });
    expect(JSON.stringify(first)).not.toContain('ECONNREFUSED');
    fail = false;
    expect(await board.decide('c1', 'accept', 'tom')).toMatchObject({
      ok: true,
      data: { status: 'accepted', decidedBy: 'tom' },
    });
    expect(requests).toEqual(['accept', 'accept']);
  });

  it('shows an undecided call as accepted automatically once the window ends, and refuses late decisions', async () => {
    const { board, requests } = setup();
    board.hold(CALL);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(board.get('c1')).toMatchObject({ status: 'auto_accepted', decidedBy: null, decidedAt: 1_010_000 });
    expect(await board.decide('c1', 'refuse', 'sue')).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(requests).toEqual([]);
  });

  it('turns a failed call into accepted automatically when the window ends', async () => {
    const { board } = setup({
      refuse: () => Promise.reject(new PbxApiError('call/refuse_inbound', 40002, 'PARAMETER ERROR')),
    });
    board.hold(CALL);
    await board.decide('c1', 'refuse', 'sue');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(board.get('c1')?.status).toBe('auto_accepted');
  });

  it('removes decided calls from the stream after they were visible for a while', async () => {
    const { board, published } = setup();
    board.hold(CALL);
    await board.decide('c1', 'accept', 'sue');
    await vi.advanceTimersByTimeAsync(29_999);
    expect(board.list()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(board.list()).toHaveLength(0);
    expect(published.at(-1)).toEqual({ data: [], patch: { upsert: [], remove: ['c1'] }, implied: true });
    expect(await board.decide('c1', 'accept', 'sue')).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('ignores a repeated announcement of the same call', () => {
    const { board, published } = setup();
    board.hold(CALL);
    board.hold({ ...CALL, from: 'other' });
    expect(board.list()).toHaveLength(1);
    expect(board.get('c1')?.from).toBe('5551234');
    expect(published).toHaveLength(1);
  });

  it('takes over calls another gateway showed: pending ones stay decidable, the rest keep their course', async () => {
    const previous = setup();
    previous.board.hold(CALL);
    previous.board.hold({ ...CALL, callId: 'c2', channelId: 'PJSIP/trunk-2' });
    previous.board.hold({ ...CALL, callId: 'c3', channelId: 'PJSIP/trunk-3' });
    previous.board.hold({ ...CALL, callId: 'c4', channelId: 'PJSIP/trunk-4' });
    await previous.board.decide('c2', 'refuse', 'ann');
    const shown = previous.board
      .list()
      .map((call) =>
        call.callId === 'c3' ? { ...call, status: 'deciding' as const, decidedBy: 'bob' } : call,
      );
    await vi.advanceTimersByTimeAsync(2_000);

    const { board, requests, published } = setup();
    board.adopt(
      shown,
      new Map([
        ['c1', 'PJSIP/trunk-1'],
        ['c3', 'PJSIP/trunk-3'],
      ]),
    );
    expect(published).toEqual([]);
    expect(board.list().map((call) => [call.callId, call.status, call.decidedBy])).toEqual([
      ['c1', 'pending', null],
      ['c2', 'refused', 'ann'],
      ['c3', 'failed', 'bob'],
      ['c4', 'pending', null],
    ]);
    expect(board.get('c3')?.error).toMatch(/outcome is unknown/);
    // Not decidable until the PBX confirms it still holds the call: it may have been decided since.
    expect(await board.decide('c1', 'accept', 'sue')).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringMatching(/checking with the PBX/) },
    });
    expect(board.confirmHeld('c1', 'PJSIP/trunk-1')).toBe(true);
    expect(await board.decide('c1', 'accept', 'sue')).toMatchObject({ ok: true, data: { decidedBy: 'sue' } });
    expect(requests).toEqual(['accept PJSIP/trunk-1']);
    // Unconfirmed (and without its channel) a call cannot be decided here; the PBX routes it in time.
    expect(await board.decide('c4', 'accept', 'sue')).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    await vi.advanceTimersByTimeAsync(8_000);
    expect(board.get('c4')?.status).toBe('auto_accepted');
    // Decided calls leave the screens when their visible time (counted from the decision) is over.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(board.get('c2')).toBeUndefined();
  });

  it('records calls the PBX routed while nobody could see them, once, and settles an undecided one the same way', async () => {
    const { board, published, requests } = setup();
    board.settleUnseen(
      { ...CALL, callId: 'gone' },
      990_000,
      'Accepted automatically while the PBX link was down.',
    );
    expect(board.get('gone')).toMatchObject({
      status: 'auto_accepted',
      receivedAt: 990_000,
      deadline: 1_000_000,
      decidedBy: null,
      unseenReason: 'Accepted automatically while the PBX link was down.',
    });
    // Reported again by a later recovery (or by CDRs after call/query): not a second entry.
    const count = published.length;
    board.settleUnseen({ ...CALL, callId: 'gone' }, 990_000, 'again');
    expect(published).toHaveLength(count);
    expect(await board.decide('gone', 'accept', 'sue')).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    // A pending call the PBX no longer holds is settled too, never left open for a decision.
    board.hold(CALL);
    board.settleUnseen(CALL, 1_000_000, 'No longer held.');
    expect(board.get('c1')).toMatchObject({ status: 'auto_accepted', unseenReason: 'No longer held.' });
    expect(await board.decide('c1', 'accept', 'sue')).toMatchObject({ ok: false });
    expect(requests).toEqual([]);
    // Both leave the screens after their visible time, and are still remembered afterwards.
    await vi.advanceTimersByTimeAsync(31_000);
    expect(board.list()).toEqual([]);
    expect(board.knows('gone')).toBe(true);
  });

  it('shows a call found still held after a gap with the time the PBX has left, not a fresh window', async () => {
    const { board } = setup();
    board.hold(CALL, 1_004_000);
    expect(board.get('c1')).toMatchObject({ receivedAt: 1_000_000, deadline: 1_004_000, status: 'pending' });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(board.get('c1')?.status).toBe('auto_accepted');
    expect(board.get('c1')?.unseenReason).toBeUndefined();
  });
  it('makes the timed changes at the rule’s times and marks them implied; decisions and failures are not', async () => {
    const { board, published } = setup({
      refuse: () => Promise.reject(new PbxApiError('call/refuse_inbound', 40002, 'PARAMETER ERROR')),
    });
    board.hold(CALL);
    const prompt = board.get('c1');
    await vi.advanceTimersByTimeAsync(0);
    await board.decide('c1', 'refuse', 'sue');
    const failed = board.get('c1');
    await vi.advanceTimersByTimeAsync(10_000);
    // The auto-accept is what a screen reads from the failed view it has at the deadline.
    expect(failed && board.get('c1')).toEqual(failed && heldCallAt(failed, failed.deadline));
    await vi.advanceTimersByTimeAsync(RESOLVED_VISIBLE_MS - 1);
    expect(board.list()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(board.list()).toHaveLength(0);
    expect(
      published.map((p) => [p.patch.upsert[0]?.status ?? `remove ${p.patch.remove[0]}`, p.implied]),
    ).toEqual([
      ['pending', false],
      ['deciding', false],
      ['failed', false],
      ['auto_accepted', true],
      ['remove c1', true],
    ]);
    expect(prompt?.deadline).toBe(1_010_000);
  });

  it('times a decided call’s removal from its decision, and sends the removal of a call reported unseen', async () => {
    const { board, published } = setup({ accept: () => new Promise((done) => setTimeout(done, 1_000)) });
    board.hold(CALL);
    board.settleUnseen({ ...CALL, callId: 'gone' }, 900_000, 'Accepted while the PBX link was down.');
    const decided = board.decide('c1', 'accept', 'sue');
    await vi.advanceTimersByTimeAsync(1_000);
    await decided;
    // Settled a second after the decision, it still leaves when screens drop it: 30 s after the decision.
    await vi.advanceTimersByTimeAsync(RESOLVED_VISIBLE_MS - 1_000 - 1);
    expect(board.list().map((call) => call.callId)).toEqual(['c1', 'gone']);
    await vi.advanceTimersByTimeAsync(1);
    expect(board.list()).toEqual([]);
    const removals = published.filter((p) => p.patch.remove.length > 0);
    expect(removals.map((p) => [p.patch.remove[0], p.implied]).sort()).toEqual([
      ['c1', true],
      ['gone', false],
    ]);
  });

  it('costs each held call one frame per screen: the deadline and the removal ride with the next change', async () => {
    const sent: { event: string; payload: { seq: number; patch?: KeyedPatch<HeldCallView> } }[] = [];
    const emitter = {
      toRoom: (room: string, event: string, payload: never) => {
        if (room === 'stream:inbound') sent.push({ event, payload });
      },
    } as unknown as LiveEmitter;
    const hub = new StreamHub(emitter, new MetricsService());
    hub.commit('inbound', 'inbound', [], { upsert: [], remove: [] });
    const { board } = setup({}, undefined, (data, patch, how) =>
      hub.commit('inbound', 'inbound', data, patch, how),
    );
    board.hold(CALL);
    await vi.advanceTimersByTimeAsync(10_000 + RESOLVED_VISIBLE_MS);
    expect(board.list()).toEqual([]);
    board.hold({ ...CALL, callId: 'c2' });
    const deltas = sent.filter((s) => s.event === 'delta');
    expect(deltas.map((d) => d.payload.seq)).toEqual([2, 3]);
    expect(deltas[1]?.payload.patch).toMatchObject({ upsert: [{ callId: 'c2' }], remove: ['c1'] });
    // A screen that subscribes now sees what one that followed every delta sees.
    expect(hub.snapshot('inbound')).toMatchObject({ seq: 3, data: [{ callId: 'c2', status: 'pending' }] });
  });
});
