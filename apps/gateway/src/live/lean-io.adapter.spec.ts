import { EventEmitter } from 'node:events';
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { LeanIoAdapter } from './lean-io.adapter.js';

type Socket = Parameters<LeanIoAdapter['bindMessageHandlers']>[0];

function fakeSocket(): Socket & EventEmitter {
  const socket = new EventEmitter() as Socket & EventEmitter;
  socket.emit = vi.fn(() => true) as never;
  return socket;
}

describe('LeanIoAdapter', () => {
  const adapter = new LeanIoAdapter();
  const bind = (
    socket: Socket,
    callback: (data: unknown, ack?: unknown) => unknown,
    isAckHandledManually = false,
  ) =>
    adapter.bindMessageHandlers(
      socket,
      [{ message: 'subscribe', methodName: 'subscribe', callback: callback as never, isAckHandledManually }],
      (value) => of(value),
    );

  it('answers the acknowledgement with the handler result', () => {
    const socket = fakeSocket();
    const seen: unknown[] = [];
    bind(socket, (data) => {
      seen.push(data);
      return { ok: true, data: 'granted' };
    });
    const ack = vi.fn();
    EventEmitter.prototype.emit.call(socket, 'subscribe', { streams: ['health'] }, ack);
    expect(seen).toEqual([{ streams: ['health'] }]);
    expect(ack).toHaveBeenCalledWith({ ok: true, data: 'granted' });
  });

  it('emits {event, data} answers, ignores empty ones, and leaves manual acks alone', () => {
    const socket = fakeSocket();
    bind(socket, () => ({ event: 'hello', data: 1 }));
    EventEmitter.prototype.emit.call(socket, 'subscribe', {});
    expect(socket.emit).toHaveBeenCalledWith('hello', 1);

    const quiet = fakeSocket();
    const ack = vi.fn();
    bind(quiet, () => undefined);
    EventEmitter.prototype.emit.call(quiet, 'subscribe', {}, ack);
    expect(ack).not.toHaveBeenCalled();

    const manual = fakeSocket();
    const manualAck = vi.fn();
    bind(manual, () => ({ ok: true }), true);
    EventEmitter.prototype.emit.call(manual, 'subscribe', {}, manualAck);
    expect(manualAck).not.toHaveBeenCalled();
  });

  it('keeps no rxjs pipeline per socket: one plain listener per message', () => {
    const socket = fakeSocket();
    bind(socket, () => undefined);
    expect(socket.listenerCount('subscribe')).toBe(1);
    expect(socket.listenerCount('disconnect')).toBe(0);
  });
});
