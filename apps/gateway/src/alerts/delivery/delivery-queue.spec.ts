import type { AlertMessage, AlertMessageType } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF_MS, DeliveryQueue, type DeliveryClock } from './delivery-queue.js';
import { DeliveryFailure, type AlertSender } from './sender.js';

/** Timers that run only when the test moves time on. */
class FakeClock implements DeliveryClock {
  private time = 1_000_000;
  private tasks = new Map<number, { at: number; run: () => void }>();
  private nextId = 1;

  now = () => this.time;
  setTimeout = (run: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.tasks.set(id, { at: this.time + ms, run });
    return id;
  };
  clearTimeout = (handle: unknown): void => {
    this.tasks.delete(handle as number);
  };
  get pendingTimers(): number {
    return this.tasks.size;
  }

  /** Moves time on by `ms`, running what falls due in order, letting promises settle between. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await flush();
      const due = [...this.tasks.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.tasks.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
    }
    this.time = end;
    await flush();
  }
}

function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function message(type: AlertMessageType, id = 'inc-1'): AlertMessage {
  return {
    type,
    sentAt: 0,
    channel: { id: 'ch', name: 'Floor' },
    incident: type === 'test' ? null : ({ id } as AlertMessage['incident']),
    acknowledgeUrl: null,
  };
}

type Outcome = number | DeliveryFailure | 'hang';

/** A sender that answers each attempt as scripted (the last outcome repeats) and remembers what it was given. */
class ScriptedSender implements AlertSender {
  readonly calls: Array<{ id: string | null; at: number; signal: AbortSignal }> = [];
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly clock: FakeClock,
    private readonly outcomes: Outcome[],
  ) {}

  send(m: AlertMessage, signal: AbortSignal): Promise<{ status: number | null }> {
    this.calls.push({ id: m.incident?.id ?? null, at: this.clock.now(), signal });
    const outcome = this.outcomes[Math.min(this.calls.length - 1, this.outcomes.length - 1)] ?? 200;
    if (outcome === 'hang')
      return new Promise((resolve) => this.waiting.push(() => resolve({ status: 200 })));
    if (outcome instanceof DeliveryFailure) return Promise.reject(outcome);
    return Promise.resolve({ status: outcome });
  }

  /** Lets the oldest hanging send succeed. */
  release(): void {
    this.waiting.shift()?.();
  }
}

const http500 = () => new DeliveryFailure('the receiver answered HTTP 500', 500, false);

function setup(options: { backoffMs?: number[]; maxPending?: number; attemptTimeoutMs?: number } = {}) {
  const clock = new FakeClock();
  const queue = new DeliveryQueue({ clock, ...options });
  return { clock, queue };
}

describe('DeliveryQueue', () => {
  it('sends one message at a time per contact point, in order, without making the caller wait', async () => {
    const { clock, queue } = setup();
    const sender = new ScriptedSender(clock, ['hang']);
    for (const id of ['a', 'b', 'c'])
      expect(queue.enqueue('ch', message('incident.opened', id), sender)).toBeUndefined();
    await flush();
    expect(sender.calls.map((c) => c.id)).toEqual(['a']);
    expect(queue.status('ch').pending).toBe(3);
    sender.release();
    await flush();
    expect(sender.calls.map((c) => c.id)).toEqual(['a', 'b']);
    sender.release();
    await flush();
    sender.release();
    await flush();
    expect(sender.calls.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(queue.log('ch').map((v) => [v.incidentId, v.result])).toEqual([
      ['c', 'ok'],
      ['b', 'ok'],
      ['a', 'ok'],
    ]);
    expect(queue.status('ch')).toMatchObject({ state: 'ok', pending: 0, lastError: null });
  });

  it('keeps contact points apart: a hanging one does not hold up another', async () => {
    const { clock, queue } = setup();
    const slow = new ScriptedSender(clock, ['hang']);
    const fast = new ScriptedSender(clock, [200]);
    queue.enqueue('slow', message('incident.opened'), slow);
    queue.enqueue('fast', message('incident.opened'), fast);
    await flush();
    expect(queue.status('fast').state).toBe('ok');
    expect(queue.status('slow').state).toBe('never');
  });

  it('retries on the backoff schedule, then gives up and shows failing', async () => {
    const { clock, queue } = setup();
    const sender = new ScriptedSender(clock, [http500()]);
    const start = clock.now();
    queue.enqueue('ch', message('incident.opened'), sender);
    await clock.advance(2_000 + 10_000 + 30_000 + 120_000 + 300_000 + 1_000_000);
    expect(sender.calls.map((c) => c.at - start)).toEqual([0, 2_000, 12_000, 42_000, 162_000, 462_000]);
    expect(DEFAULT_BACKOFF_MS).toHaveLength(5);
    const log = queue.log('ch');
    expect(log.map((v) => [v.attempt, v.result, v.status])).toEqual([
      [6, 'gave-up', 500],
      [5, 'retrying', 500],
      [4, 'retrying', 500],
      [3, 'retrying', 500],
      [2, 'retrying', 500],
      [1, 'retrying', 500],
    ]);
    expect(queue.status('ch')).toEqual({
      state: 'failing',
      lastAttemptAt: start + 462_000,
      lastSuccessAt: null,
      lastError: 'the receiver answered HTTP 500',
      pending: 0,
    });
    expect(clock.pendingTimers).toBe(0);
  });

  it('shows retrying while a message waits, and ok once it goes through', async () => {
    const { clock, queue } = setup({ backoffMs: [50, 100] });
    const sender = new ScriptedSender(clock, [http500(), http500(), 204]);
    queue.enqueue('ch', message('incident.opened'), sender);
    await flush();
    expect(queue.status('ch')).toMatchObject({ state: 'retrying', pending: 1 });
    await clock.advance(150);
    expect(queue.log('ch').map((v) => v.result)).toEqual(['ok', 'retrying', 'retrying']);
    expect(queue.status('ch')).toMatchObject({ state: 'ok', lastError: null, lastSuccessAt: clock.now() });
  });

  it('goes back to ok after failing at the next success', async () => {
    const { clock, queue } = setup({ backoffMs: [] });
    const sender = new ScriptedSender(clock, [http500(), 200]);
    queue.enqueue('ch', message('incident.opened'), sender);
    await flush();
    expect(queue.status('ch').state).toBe('failing');
    queue.enqueue('ch', message('incident.resolved'), sender);
    await flush();
    expect(queue.status('ch').state).toBe('ok');
  });

  it('does not retry a permanent failure', async () => {
    const { clock, queue } = setup();
    const refused = new DeliveryFailure('127.0.0.1 is a loopback address', null, true);
    const sender = new ScriptedSender(clock, [refused]);
    queue.enqueue('ch', message('test'), sender);
    await clock.advance(600_000);
    expect(sender.calls).toHaveLength(1);
    expect(queue.log('ch')).toMatchObject([{ result: 'gave-up', attempt: 1, error: refused.message }]);
    expect(queue.status('ch').state).toBe('failing');
  });

  it('times an attempt out through its signal and does not wait for the sender', async () => {
    const { clock, queue } = setup({ attemptTimeoutMs: 5_000, backoffMs: [1_000] });
    const sender = new ScriptedSender(clock, ['hang', 200]);
    queue.enqueue('ch', message('incident.opened'), sender);
    await clock.advance(5_000);
    expect(sender.calls[0]?.signal.aborted).toBe(true);
    expect(queue.log('ch')).toMatchObject([
      { result: 'retrying', error: 'no answer within 5 s', durationMs: 5_000 },
    ]);
    await clock.advance(1_000);
    expect(queue.log('ch')[0]).toMatchObject({ result: 'ok', attempt: 2 });
  });

  it('treats a sender that throws at once like a failed attempt', async () => {
    const { queue } = setup({ backoffMs: [] });
    const broken: AlertSender = {
      send: () => {
        throw new Error('boom');
      },
    };
    queue.enqueue('ch', message('test'), broken);
    await flush();
    expect(queue.log('ch')).toMatchObject([{ result: 'gave-up', error: 'the delivery failed' }]);
  });

  it('when full, drops the oldest reminder, else the oldest waiting message, and logs it as skipped', async () => {
    const { clock, queue } = setup({ maxPending: 3 });
    const sender = new ScriptedSender(clock, ['hang']);
    queue.enqueue('ch', message('incident.opened', 'sending'), sender);
    queue.enqueue('ch', message('incident.reminder', 'reminder'), sender);
    queue.enqueue('ch', message('incident.opened', 'b'), sender);
    queue.enqueue('ch', message('incident.opened', 'c'), sender);
    queue.enqueue('ch', message('incident.resolved', 'd'), sender);
    expect(queue.status('ch').pending).toBe(3);
    expect(queue.log('ch').map((v) => [v.incidentId, v.result, v.attempt])).toEqual([
      ['b', 'skipped', 0],
      ['reminder', 'skipped', 0],
    ]);
    expect(queue.log('ch')[0]?.error).toContain('3 messages were already waiting');
    for (let i = 0; i < 3; i++) {
      sender.release();
      await flush();
    }
    expect(sender.calls.map((c) => c.id)).toEqual(['sending', 'c', 'd']);
  });

  it('drops the newcomer when only the message being sent is waiting', async () => {
    const { clock, queue } = setup({ maxPending: 1 });
    const sender = new ScriptedSender(clock, ['hang']);
    queue.enqueue('ch', message('incident.opened', 'sending'), sender);
    queue.enqueue('ch', message('incident.opened', 'late'), sender);
    expect(queue.status('ch').pending).toBe(1);
    expect(queue.log('ch').map((v) => [v.incidentId, v.result])).toEqual([['late', 'skipped']]);
  });

  it('keeps the last 50 entries of the log, newest first', async () => {
    const { clock, queue } = setup();
    const sender = new ScriptedSender(clock, [200]);
    for (let i = 0; i < 60; i++) queue.enqueue('ch', message('incident.opened', `m${i}`), sender);
    await clock.advance(0);
    for (let i = 0; i < 60; i++) await flush();
    const log = queue.log('ch');
    expect(log).toHaveLength(50);
    expect(log[0]?.incidentId).toBe('m59');
    expect(log[49]?.incidentId).toBe('m10');
  });

  it('reports never for a contact point that has sent nothing', () => {
    const { queue } = setup();
    expect(queue.status('unknown')).toEqual({
      state: 'never',
      lastAttemptAt: null,
      lastSuccessAt: null,
      lastError: null,
      pending: 0,
    });
    expect(queue.log('unknown')).toEqual([]);
  });

  it('tells listeners of changes until they unsubscribe', async () => {
    const { clock, queue } = setup({ backoffMs: [10] });
    const seen: string[] = [];
    const off = queue.onChange((id, delivery) => seen.push(`${id}:${delivery.state}:${delivery.pending}`));
    queue.enqueue('ch', message('incident.opened'), new ScriptedSender(clock, [http500(), 200]));
    await clock.advance(10);
    expect(seen).toEqual(['ch:never:1', 'ch:retrying:1', 'ch:ok:0']);
    off();
    queue.enqueue('ch', message('incident.resolved'), new ScriptedSender(clock, [200]));
    await flush();
    expect(seen).toHaveLength(3);
  });

  it('forgets a deleted contact point: waiting messages, timers and the attempt in flight', async () => {
    const { clock, queue } = setup({ backoffMs: [1_000] });
    const sender = new ScriptedSender(clock, ['hang']);
    queue.enqueue('ch', message('incident.opened', 'a'), sender);
    queue.enqueue('ch', message('incident.opened', 'b'), sender);
    await flush();
    queue.forget('ch');
    expect(sender.calls[0]?.signal.aborted).toBe(true);
    expect(clock.pendingTimers).toBe(0);
    sender.release();
    await clock.advance(60_000);
    expect(sender.calls).toHaveLength(1);
    expect(queue.status('ch').state).toBe('never');
    expect(queue.log('ch')).toEqual([]);
  });

  it('close stops every attempt and timer and ignores later messages', async () => {
    const { clock, queue } = setup({ backoffMs: [1_000] });
    const failing = new ScriptedSender(clock, [http500()]);
    const hanging = new ScriptedSender(clock, ['hang']);
    queue.enqueue('retrying', message('incident.opened'), failing);
    queue.enqueue('hanging', message('incident.opened'), hanging);
    await flush();
    expect(clock.pendingTimers).toBe(2);
    queue.close();
    expect(clock.pendingTimers).toBe(0);
    expect(hanging.calls[0]?.signal.aborted).toBe(true);
    queue.enqueue('retrying', message('incident.resolved'), failing);
    await clock.advance(60_000);
    expect(failing.calls).toHaveLength(1);
    expect(queue.status('retrying')).toMatchObject({ state: 'retrying' });
  });

  it('never holds the process open with the real clock (its timers are unref-ed)', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const queue = new DeliveryQueue({ backoffMs: [60_000] });
    queue.enqueue('ch', message('incident.opened'), { send: () => Promise.reject(http500()) });
    await flush();
    expect(queue.status('ch').state).toBe('retrying');
    expect(timers()).toBe(before);
    queue.close();
    expect(timers()).toBe(before);
  });
});
