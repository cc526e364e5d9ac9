import type { Delta, QueuePatch, QueueView } from '@switchboard/live-protocol';
import type { PbxEvent, QueueAgent } from '@switchboard/pbx-api';
import { describe, expect, it, vi } from 'vitest';
import { agent } from '../../test/support/queue-fixtures.js';
import { testConfig } from '../../test/support/test-config.js';
import type { MetricsService } from '../metrics/metrics.service.js';
import { LiveEmitter } from '../live/live-emitter.js';
import { StreamHub } from '../live/stream-hub.service.js';
import type { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { PbxEventHandlers, type PbxEventHandlerTable } from '../pbx/pbx-event-handlers.js';
import type { PollingService } from '../polling/polling.module.js';
import { QUEUE_PUBLISH_WINDOW_MS, QueuesService } from './queues.service.js';
import type { TodayStatsService } from './today-stats.service.js';
import { useFakeClock } from '../../test/support/fake-clock.js';

const agents: QueueAgent[] = ['1001', '1002', '1003'].map((number) => agent(number));
const emptyCalls = { waiting_list: [], active_list: [], ringing_list: [] };
const SIP_ON = { sip_phone: { ext_dev_type: 'sip', status_list: [{ status: 1 }] } };
const ALL_OFF = { sip_phone: { ext_dev_type: 'sip' }, linkus_web: { status: 0, ext_dev_type: 'linkusweb' } };
/** extension/list rows: 1003's phone and apps are all offline. */
const extensions = [
  { id: 1, number: '1001', caller_id_name: 'A', online_status: SIP_ON },
  { id: 2, number: '1002', caller_id_name: 'B', online_status: SIP_ON },
  { id: 3, number: '1003', caller_id_name: 'C', online_status: ALL_OFF },
];

/** A queues service on one configured queue (id 7, number 6407) with the PBX, polls and stats faked. */
function setup() {
  const jobs = new Map<string, () => Promise<void>>();
  // Events reach the service as the connection delivers them: through the handlers it registered.
  const handlers = new PbxEventHandlers();
  const onEvent = (event: PbxEvent) =>
    handlers.dispatch(event, (error) => {
      throw error;
    });
  const pbx = {
    onEvents: (table: PbxEventHandlerTable) => handlers.addTable(table),
    request: (operation: string) =>
      Promise.resolve(
        operation === 'queue/agent_status'
          ? { data: agents }
          : operation === 'queue/list'
            ? { queue_list: [{ id: 7, number: '6407', name: 'Sales' }], total_number: 1 }
            : operation === 'extension/list'
              ? { data: extensions, total_number: extensions.length }
              : emptyCalls,
      ),
  } as unknown as PbxConnectionService;
  const polling = {
    add: (job: { key: string; run: () => Promise<void> }) => jobs.set(job.key, job.run),
    remove: () => undefined,
    runSoon: () => undefined,
  } as unknown as PollingService;
  const today = {
    onChange: () => () => undefined,
    setQueues: () => undefined,
    statsForView: () => ({ dayStart: 0 }),
    recentArrivals: () => 0,
  } as unknown as TodayStatsService;
  const emitter = new LiveEmitter();
  const deltas: Delta<'queue'>[] = [];
  emitter.addRoomSink((_room, event, args) => {
    if (event === 'delta') deltas.push(args[0] as Delta<'queue'>);
  });
  const hub = new StreamHub(emitter, { push: () => undefined } as unknown as MetricsService);
  const service = new QueuesService(testConfig({ QUEUES: '7' }), pbx, polling, hub, today);
  service.onModuleInit();
  service.onApplicationBootstrap();
  const status = (agent: string, status: string, reason = '') =>
    onEvent({
      type: 30029,
      kind: 'agent_status_changed',
      msg: { queue_number: 'queue-6407', queue: '6407', agent_number: agent, status, reason },
    } as PbxEvent);
  const poll = async () => jobs.get('queue:7')?.();
  // The queue list names the queue's number, which events use; then the first poll.
  const start = async () => {
    await jobs.get('queue-list')?.();
    await poll();
  };
  const registration = (extension: string, kind: string, status: string) =>
    onEvent({
      type: 30007,
      kind: 'extension_registration_changed',
      msg: { extension, kind, status },
    } as PbxEvent);
  const phones = async () => jobs.get('phone-presence')?.();
  return { service, hub, deltas, start, poll, status, registration, phones };
}

describe('QueuesService publishing', () => {
  useFakeClock(1_700_000_000_000);

  it('sends a lone change at once and folds a burst into one delta at the end of the window', async () => {
    const { service, deltas, start, status } = setup();
    await start();
    vi.advanceTimersByTime(QUEUE_PUBLISH_WINDOW_MS);
    status('1001', 'Paused', 'Lunch');
    expect(deltas).toHaveLength(1);
    // A burst inside the window: nothing more now...
    status('1002', 'Paused', 'Break');
    status('1003', 'Paused', 'Break');
    status('1002', 'Idle');
    expect(deltas).toHaveLength(1);
    // ...then one delta with the burst's net effect.
    vi.advanceTimersByTime(QUEUE_PUBLISH_WINDOW_MS);
    expect(deltas).toHaveLength(2);
    const upserted = (deltas[1]?.patch as QueuePatch).agents?.upsert ?? [];
    // 1002 is available again, with its clock restarted by the pause in between.
    expect(upserted.map((a) => [a.number, a.state])).toEqual([
      ['1002', 'available'],
      ['1003', 'paused'],
    ]);
    service.onModuleDestroy();
  });

  it('never holds back a poll: a held-back change, then the first view or confirmedAt, go out at once', async () => {
    const { service, hub, deltas, start, poll, status } = setup();
    await start();
    expect(hub.snapshot('queue:7')?.seq).toBe(1);
    // Both inside the window that the first view opened: held back.
    status('1001', 'Paused', 'Lunch');
    status('1002', 'Paused', 'Lunch');
    vi.advanceTimersByTime(10);
    // A poll inside the window sends the held-back change, then what it confirms, at once.
    const before = deltas.length;
    await poll();
    const held = deltas[before]?.patch.agents?.upsert ?? [];
    expect(held.map((a) => [a.number, a.state])).toEqual([
      ['1001', 'paused'],
      ['1002', 'paused'],
    ]);
    expect(deltas.at(-1)?.patch.confirmedAt).toBe(Date.now());
    const sent = deltas.length;
    vi.advanceTimersByTime(QUEUE_PUBLISH_WINDOW_MS);
    expect(deltas).toHaveLength(sent);
    service.onModuleDestroy();
  });

  it('shows an agent whose phone and apps are all offline as offline, from extension/list and 30007', async () => {
    const { service, hub, start, registration, phones } = setup();
    await phones();
    await start();
    const stateOf = (number: string) =>
      (hub.snapshot('queue:7')?.data as QueueView | undefined)?.agents.find((a) => a.number === number)
        ?.state;
    expect([stateOf('1001'), stateOf('1003')]).toEqual(['available', 'offline']);
    registration('1003', 'Web', 'Registered');
    vi.advanceTimersByTime(QUEUE_PUBLISH_WINDOW_MS);
    expect(stateOf('1003')).toBe('available');
    registration('1001', 'Sip', 'Unregistered');
    vi.advanceTimersByTime(QUEUE_PUBLISH_WINDOW_MS);
    expect(stateOf('1001')).toBe('offline');
    // The next read of extension/list is the truth again.
    await phones();
    vi.advanceTimersByTime(QUEUE_PUBLISH_WINDOW_MS);
    expect([stateOf('1001'), stateOf('1003')]).toEqual(['available', 'offline']);
    expect((hub.snapshot('queue:7')?.data as QueueView).stats.agentCounts.offline).toBe(1);
    service.onModuleDestroy();
  });
});
