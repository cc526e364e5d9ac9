import { pendingHeldCall, type HeldCallView, type SessionInfo } from '@switchboard/live-protocol';
import type { InboundRoute, PbxClient, PbxEvent } from '@switchboard/pbx-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditService } from '../ports/audit.service.js';
import { MetricsService } from '../metrics/metrics.service.js';
import type { LiveEmitter } from '../live/live-emitter.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { CdrSearchService } from '../pbx/cdr-search.service.js';
import type { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import type { PollingService } from '../polling/polling.module.js';
import { testSession } from '../../test/support/session-fixtures.js';
import { testConfig } from '../../test/support/test-config.js';
import type { CallerContextService } from './caller-context.service.js';
import { InMemoryDecisionLock } from '../ports/decision-lock.js';
import { HeldCallsService } from './held-calls.service.js';
import { InboundRoutesService } from './inbound-routes.service.js';

const session = (queues: SessionInfo['queues'], role: SessionInfo['role'] = 'supervisor'): SessionInfo =>
  testSession({ user: `sup-${String(queues)}`, role, queues });

const ROUTES: InboundRoute[] = [1, 2].map((queueId) => ({
  id: queueId,
  name: `line ${queueId}`,
  did_option: 'patterns',
  did_pattern_list: [{ id: 1, did_pattern: `800${queueId}` }],
  cid_to_phonebook: [],
  trunk_list: [{ id: 1, name: 'sip1', type: 'peer' }],
  def_dest: 'queue',
  def_dest_value: String(queueId),
}));

/** A 30016 for a call to `to` on trunk sip1. */
const held = (callId: string, to: string): PbxEvent =>
  ({
    type: 30016,
    msg: {
      call_id: callId,
      members: [{ inbound: { channel_id: `PJSIP/sip1-${callId}`, from: '5551234', to, trunk_name: 'sip1' } }],
    },
  }) as unknown as PbxEvent;

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

function setup(routes: InboundRoute[] = ROUTES) {
  const handlers = new Map<number | 'all', (event: PbxEvent) => void>();
  const decisions: string[] = [];
  const client = {
    call: {
      acceptInbound: vi.fn(async ({ channel_id }: { channel_id: string }) => decisions.push(channel_id)),
    },
    inboundRoute: {
      list: vi.fn(async () => ({
        total_number: routes.length,
        last_pos: routes.length,
        data: routes.map((route, i) => ({ id: route.id, pos: i + 1, name: route.name })),
      })),
      query: vi.fn(async () => ({ data: routes })),
    },
  };
  const pbx = {
    request: (_op: string, send: (c: PbxClient) => Promise<unknown>) => send(client as unknown as PbxClient),
    onEvent: (type: number | 'all', handler: (event: PbxEvent) => void) => {
      handlers.set(type, handler);
      return () => handlers.delete(type);
    },
    onEventGap: () => () => undefined,
    onRecovered: () => () => undefined,
    eventGapSince: null,
    reachable: true,
  } as unknown as PbxConnectionService;
  const hub = new StreamHub({ toRoom: () => undefined } as unknown as LiveEmitter, new MetricsService());
  const config = testConfig();
  const routesService = new InboundRoutesService(config, pbx, {
    add: () => undefined,
    runSoon: () => false,
  } as unknown as PollingService);
  const context = {
    initial: () => ({ contactName: null, company: null, callsToday: 0, lastOutcome: null }),
    enrich: async () => undefined,
  } as unknown as CallerContextService;
  const audit = new AuditService();
  const service = new HeldCallsService(
    config,
    pbx,
    new CdrSearchService(config, pbx),
    hub,
    context,
    new InMemoryDecisionLock(),
    audit,
    routesService,
  );
  service.onModuleInit();
  stops.push(() => service.onModuleDestroy());
  const hold = (callId: string, to: string) => handlers.get(30016)?.(held(callId, to));
  return { service, hub, routes: routesService, hold, decisions, audit };
}

const ids = (calls: HeldCallView[] | undefined) => calls?.map((call) => call.callId);

describe('held calls by queue', () => {
  it('gives each call the queue its route leads to and publishes it on that queue’s stream only', async () => {
    const { service, hub, routes, hold } = setup();
    await routes.refresh();
    hold('c1', '8001');
    hold('c2', '8002');
    hold('c3', '8009');
    expect(service.list().map((call) => [call.callId, call.queueId])).toEqual([
      ['c1', 1],
      ['c2', 2],
      ['c3', undefined],
    ]);
    // Each route's default destination, in words: the queue by name once the queue is known, or why it is not known.
    expect(service.list().map((call) => call.defaultDestination)).toEqual([
      'queue 1',
      'queue 2',
      'not known: no inbound route takes calls to 8009 on sip1',
    ]);
    expect(ids(hub.current('inbound', 'inbound'))).toEqual(['c1', 'c2', 'c3']);
    expect(ids(hub.current('inbound:1', 'inbound'))).toEqual(['c1']);
    expect(ids(hub.current('inbound:2', 'inbound'))).toEqual(['c2']);
  });

  it('never decides a call outside the scope: same answer as a call that is not held', async () => {
    const { service, routes, hold, decisions } = setup();
    await routes.refresh();
    hold('c2', '8002');
    hold('c3', '8009');
    const gone = await service.decide({ callId: 'nope', decision: 'accept' }, session([1]));
    const other = await service.decide({ callId: 'c2', decision: 'accept' }, session([1]));
    const unrouted = await service.decide({ callId: 'c3', decision: 'refuse' }, session([1, 2]));
    expect(other).toEqual(gone);
    expect(unrouted).toEqual(gone);
    expect(other).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(decisions).toEqual([]);
    expect(await service.decide({ callId: 'c2', decision: 'accept' }, session([2]))).toMatchObject({
      ok: true,
      data: { status: 'accepted', queueId: 2, decidedBy: 'sup-2' },
    });
    expect(await service.decide({ callId: 'c3', decision: 'accept' }, session('all'))).toMatchObject({
      ok: true,
    });
    expect(decisions).toEqual(['PJSIP/sip1-c2', 'PJSIP/sip1-c3']);
  });

  it('moves calls held before the routes were read to their queues once they are', async () => {
    const { service, hub, routes, hold } = setup();
    hold('c1', '8001');
    expect(service.list()[0]?.queueId).toBeUndefined();
    expect(await service.decide({ callId: 'c1', decision: 'accept' }, session([1]))).toMatchObject({
      error: { code: 'not_found' },
    });
    await routes.refresh();
    expect(ids(hub.current('inbound:1', 'inbound'))).toEqual(['c1']);
    expect(hub.current('inbound', 'inbound')?.[0]?.queueId).toBe(1);
  });

  it('keeps the queue of a call taken over until the routes are read', () => {
    const { service, hub } = setup();
    const shown = pendingHeldCall({
      callId: 'c7',
      from: '5551234',
      to: '8002',
      trunk: 'sip1',
      queueId: 2,
      receivedAt: Date.now(),
      deadline: Date.now() + 5_000,
    });
    service.adopt([shown], new Map([['c7', 'PJSIP/sip1-c7']]));
    expect(service.list()[0]?.queueId).toBe(2);
    expect(service.shownQueueOf('c7')).toBeUndefined();
    hub.commit('inbound', 'inbound', service.list(), { upsert: service.list(), remove: [] });
    expect(service.shownQueueOf('c7')).toBe(2);
    expect(ids(hub.current('inbound:2', 'inbound'))).toEqual(['c7']);
  });
});
