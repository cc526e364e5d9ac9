import type { PbxOperationName } from '@switchboard/pbx-api';
import type {
  CallCenter,
  CallCenterOptions,
  CallRecordSink,
  EventSink,
  FinishedCall,
  HandlerResult,
} from '../../contracts.js';
import { createCallCenter } from '../call-center.js';
import { ManualClock } from '../clock.js';

/** Monday 6 January 2025, 08:00 UTC: a fixed start so runs compare equal. */
export const START_MS = Date.UTC(2025, 0, 6, 8, 0, 0);

/** A published event. */
export interface Published {
  type: number;
  msg: Record<string, unknown>;
}

/** Collects events and finished calls in order. */
export class Recorder implements EventSink, CallRecordSink {
  readonly events: Published[] = [];
  readonly finished: FinishedCall[] = [];

  publish(type: number, msg: Record<string, unknown>): void {
    this.events.push({ type, msg });
  }

  recordCall(call: FinishedCall): void {
    this.finished.push(call);
  }

  /** Messages of one event type. */
  of(type: number): Record<string, unknown>[] {
    return this.events.filter((e) => e.type === type).map((e) => e.msg);
  }

  clear(): void {
    this.events.length = 0;
    this.finished.length = 0;
  }
}

/** A call center on a manual clock, with a recorder and a direct way to call handlers. */
export interface Harness {
  center: CallCenter;
  clock: ManualClock;
  recorder: Recorder;
  /** Calls a handler as the router would (params already validated; GET integers as text). */
  call(operation: PbxOperationName, params?: Record<string, unknown>): HandlerResult;
}

/** Builds a harness; traffic is off unless `trafficRate` is given. Call `center.control.start()` to run. */
export function harness(overrides: Partial<CallCenterOptions> = {}): Harness {
  const recorder = new Recorder();
  const clock = new ManualClock({
    startMs: START_MS,
    speed: overrides.speed ?? 1,
    onError: (error) => {
      throw error;
    },
  });
  const center = createCallCenter(
    {
      scenario: 'small',
      seed: 7,
      speed: 1,
      holdWindowMs: 10_000,
      trafficRate: 0,
      events: recorder,
      records: recorder,
      ...overrides,
    },
    { clock },
  );
  return {
    center,
    clock,
    recorder,
    call(operation, params = {}) {
      const handler = center.handlers[operation];
      if (!handler) throw new Error(`no handler for ${operation}`);
      const result = handler({ params, clientIp: '127.0.0.1', clientId: 'test' });
      if (result instanceof Promise) throw new Error(`${operation} answered asynchronously`);
      return result;
    },
  };
}

/** A harness whose call center already runs: {@link harness} with `center.control.start()` called. */
export function startedHarness(overrides: Partial<CallCenterOptions> = {}): Harness {
  const h = harness(overrides);
  h.center.control.start();
  return h;
}
