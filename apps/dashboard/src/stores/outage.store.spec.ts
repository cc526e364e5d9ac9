import type { HealthView } from '@switchboard/live-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, sessionInfo } from '../../test/support/fake-socket.js';
import { conference, health } from '../../test/support/fixtures.js';
import { grantingStores } from '../../test/support/setup.js';
import { useConnectionStore } from './connection.store.js';
import { useOutageStore } from './outage.store.js';
import { useStreamsStore } from './streams.store.js';

/** Stores connected to a gateway whose clock runs `aheadMs` ahead of this screen's. */
async function setup(aheadMs = 0) {
  const { socket } = grantingStores();
  useConnectionStore().start('t');
  socket.open(sessionInfo(), Date.now() + aheadMs);
  useStreamsStore().want(['health', 'conferences', 'uacsta']);
  await flush();
  const sendHealth = (overrides: Partial<HealthView>, seq = 1) =>
    socket.fire('snapshot', { stream: 'health', kind: 'health', seq, data: health(overrides) });
  socket.fire('snapshot', { stream: 'conferences', kind: 'conferences', seq: 1, data: [conference('801')] });
  socket.fire('snapshot', { stream: 'uacsta', kind: 'uacsta', seq: 1, data: [] });
  return { socket, outage: useOutageStore(), sendHealth };
}

describe('outage store', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-24T14:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports nothing while both links and the event stream are fine', async () => {
    const { outage, sendHealth } = await setup();
    sendHealth({ pbx: 'connected', eventStream: 'open' });
    expect(outage.outage).toBeNull();
    expect(outage.conferences).toBeNull();
    expect(outage.uacsta).toBeNull();
    expect(outage.heldCalls).toBeNull();
  });

  it('dates a PBX outage on this screen’s clock, corrected for the gateway’s clock skew', async () => {
    // The gateway runs 60 s ahead: its "30 s ago" is 90 s ahead of this screen's "30 s ago".
    const { outage, sendHealth } = await setup(60_000);
    const gatewayNow = Date.now() + 60_000;
    sendHealth({ pbx: 'down', pbxSince: gatewayNow - 30_000, eventStream: 'reconnecting' });
    expect(outage.outage).toEqual({ kind: 'pbx', since: Date.now() - 30_000 });
    expect(outage.heldCalls?.kind).toBe('pbx');
    expect(outage.conferences).toMatchObject({ reason: 'PBX link down', since: Date.now() - 30_000 });
  });

  it('reports an interrupted event stream softly, and only for what arrives as events', async () => {
    const { outage, sendHealth } = await setup();
    const since = Date.now() - 5_000;
    sendHealth({ pbx: 'degraded', eventStream: 'reconnecting', eventStreamSince: since });
    expect(outage.outage).toEqual({ kind: 'events', since });
    expect(outage.heldCalls).toEqual({ kind: 'events', since });
    // Desk-phone calls come only as events; conferences are polled and stay live.
    expect(outage.uacsta).toMatchObject({ reason: 'PBX events interrupted', since, frozenAt: since });
    expect(outage.conferences).toBeNull();
  });

  it('takes the gateway link first, and stops trusting what the gateway last said about the PBX', async () => {
    const { socket, outage, sendHealth } = await setup();
    const pbxSince = Date.now() - 20_000;
    sendHealth({ pbx: 'down', pbxSince, eventStream: 'reconnecting', eventStreamSince: pbxSince });
    await vi.advanceTimersByTimeAsync(10_000);
    socket.drop();
    expect(outage.outage).toEqual({ kind: 'gateway', since: Date.now() });
    expect(outage.pbxDown).toBe(false);
    expect(outage.health).toBeNull();
    // The conferences' data stopped when the PBX went down, before the gateway link dropped.
    expect(outage.conferences).toMatchObject({ reason: 'gateway link down', frozenAt: pbxSince });
  });

  it('marks a stream awaiting its fresh snapshot after a reconnection', async () => {
    const { socket, outage, sendHealth } = await setup();
    sendHealth({});
    socket.drop();
    socket.open();
    await flush();
    sendHealth({}, 1);
    expect(outage.outage).toBeNull();
    expect(outage.conferences?.reason).toBe('refreshing');
    socket.fire('snapshot', { stream: 'conferences', kind: 'conferences', seq: 1, data: [] });
    expect(outage.conferences).toBeNull();
  });
});
