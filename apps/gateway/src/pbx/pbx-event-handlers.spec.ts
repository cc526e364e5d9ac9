import { PBX_EVENT, type PbxEvent } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/test-config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { PbxConnectionService } from './pbx-connection.service.js';
import { PbxEventHandlers } from './pbx-event-handlers.js';

const noHost = (conferenceId: string): PbxEvent => ({
  type: PBX_EVENT.CONFERENCE_NO_HOST,
  kind: 'conference_no_host',
  msg: { conference_id: conferenceId, host_num: '1000' },
});
const extensionStatus: PbxEvent = {
  type: PBX_EVENT.EXTENSION_CALL_STATUS_CHANGED,
  kind: 'extension_call_status_changed',
  msg: { extension: '1001', status: 'Busy' },
};
const rethrow = (error: unknown) => {
  throw error;
};

describe('PbxEventHandlers', () => {
  it('subscribes exactly the numbers that have a handler, ascending, until the last one is removed', () => {
    const handlers = new PbxEventHandlers();
    const offCdr = handlers.add(PBX_EVENT.NEW_CDR, () => undefined);
    handlers.add(PBX_EVENT.CALL_STATUS_CHANGED, () => undefined);
    const offCdrAgain = handlers.add(PBX_EVENT.NEW_CDR, () => undefined);
    expect(handlers.topics()).toEqual([30011, 30012]);
    offCdr();
    expect(handlers.topics()).toEqual([30011, 30012]);
    offCdrAgain();
    expect(handlers.topics()).toEqual([30011]);
  });

  it('gives each handler the events of its own number only; undecoded events reach none', () => {
    const handlers = new PbxEventHandlers();
    const seen: string[] = [];
    handlers.add(PBX_EVENT.CONFERENCE_NO_HOST, (event) => seen.push(event.msg.conference_id));
    handlers.dispatch(noHost('c-1'), rethrow);
    handlers.dispatch(extensionStatus, rethrow);
    handlers.dispatch({ type: PBX_EVENT.CONFERENCE_NO_HOST, kind: 'unknown', msg: {} }, rethrow);
    expect(seen).toEqual(['c-1']);
  });

  it('reports a handler that throws and still calls the others', () => {
    const handlers = new PbxEventHandlers();
    const errors: unknown[] = [];
    let called = 0;
    handlers.add(PBX_EVENT.CONFERENCE_NO_HOST, () => {
      throw new Error('boom');
    });
    handlers.add(PBX_EVENT.CONFERENCE_NO_HOST, () => called++);
    handlers.dispatch(noHost('c-1'), (error) => errors.push(error));
    expect(called).toBe(1);
    expect(errors).toEqual([new Error('boom')]);
  });

  it('registers a table entry by entry and removes them together', () => {
    const handlers = new PbxEventHandlers();
    const seen: number[] = [];
    const off = handlers.addTable({
      [PBX_EVENT.CONFERENCE_NO_HOST]: (event) => seen.push(event.type),
      [PBX_EVENT.EXTENSION_CALL_STATUS_CHANGED]: (event) => seen.push(event.type),
    });
    expect(handlers.topics()).toEqual([30008, 30024]);
    handlers.dispatch(noHost('c-1'), rethrow);
    handlers.dispatch(extensionStatus, rethrow);
    expect(seen).toEqual([30024, 30008]);
    off();
    expect(handlers.topics()).toEqual([]);
  });

  it('once the topics are fixed, refuses a handler for another number and keeps the topics', () => {
    const handlers = new PbxEventHandlers();
    handlers.add(PBX_EVENT.NEW_CDR, () => undefined);
    expect(handlers.fix()).toEqual([30012]);
    expect(() => handlers.add(PBX_EVENT.DTMF, () => undefined)).toThrow(
      /PBX event 30017 was registered after the event stream's topics were fixed \(30012\)/,
    );
    // A number already subscribed may gain and lose handlers; the subscription stays.
    handlers.add(PBX_EVENT.NEW_CDR, () => undefined)();
    expect(handlers.topics()).toEqual([30012]);
  });
});

describe('PbxConnectionService event topics', () => {
  /** A connection that never leads, so no stream is opened against the unreachable test PBX. */
  const follower = () =>
    new PbxConnectionService(testConfig(), new MetricsService(), {
      isLeader: false,
      watch: (listener) => (listener(false), () => undefined),
      status: () => ({ replica: 'test', role: 'follower', leader: null, token: null, redis: 'up' }),
    });

  it('subscribes a handler registered in onModuleInit and refuses one for a new number after bootstrap', async () => {
    const pbx = follower();
    pbx.onEvent(PBX_EVENT.DTMF, () => undefined);
    expect(pbx.eventTopics).toEqual([30017]);
    pbx.onApplicationBootstrap();
    expect(() => pbx.onEvent(PBX_EVENT.SATISFACTION_SURVEY, () => undefined)).toThrow(/30019/);
    expect(pbx.eventTopics).toEqual([30017]);
    await pbx.onApplicationShutdown();
  });
});
