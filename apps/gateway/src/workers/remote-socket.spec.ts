import { describe, expect, it } from 'vitest';
import type { ToWorker } from './ipc-messages.js';
import { RemoteSocket } from './remote-socket.js';

const HANDSHAKE = { headers: {}, address: '127.0.0.1', auth: { token: 't' }, query: {} };

function remote() {
  const sent: ToWorker[] = [];
  const socket = new RemoteSocket('s1', HANDSHAKE, (message) => sent.push(message));
  return { socket, sent };
}

describe('RemoteSocket: a worker-held socket as the primary sees it', () => {
  it('sends nothing before the worker accepted it, then emits, joins and leaves over IPC in order', () => {
    const { socket, sent } = remote();
    expect(socket.emit('hello', { a: 1 })).toBe(false);
    socket.join('stream:health');
    expect(sent).toEqual([]);
    socket.opened();
    socket.join('stream:health');
    socket.emit('snapshot', { seq: 1 });
    socket.leave('stream:health');
    expect(sent).toEqual([
      { type: 'join', socketId: 's1', room: 'stream:health' },
      { type: 'emit', socketId: 's1', event: 'snapshot', args: [{ seq: 1 }] },
      { type: 'leave', socketId: 's1', room: 'stream:health' },
    ]);
  });

  it('refuses to send reserved event names to the browser, as socket.io does', () => {
    const { socket } = remote();
    socket.opened();
    expect(() => socket.emit('disconnect')).toThrow(/reserved/);
  });

  it('hands what the browser sent to its listeners, with the acknowledgement', () => {
    const { socket } = remote();
    const got: unknown[][] = [];
    socket.on('subscribe', (...args: unknown[]) => got.push(args));
    socket.on('disconnect', (...args: unknown[]) => got.push(['disconnect', ...args]));
    socket.deliver('subscribe', [{ streams: ['health'] }]);
    expect(got).toEqual([]);
    socket.opened();
    const ack = () => undefined;
    socket.deliver('subscribe', [{ streams: ['health'] }], ack);
    socket.deliver('disconnect', ['forged']);
    expect(got).toEqual([[{ streams: ['health'] }, ack]]);
  });

  it('disconnect() closes the browser once and raises disconnect here at once', () => {
    const { socket, sent } = remote();
    socket.opened();
    const reasons: string[] = [];
    socket.on('disconnect', (reason: string) => reasons.push(reason));
    socket.disconnect(true);
    socket.disconnect(true);
    socket.closed('transport close');
    expect(sent).toEqual([{ type: 'disconnect', socketId: 's1' }]);
    expect(reasons).toEqual(['server namespace disconnect']);
    expect([socket.connected, socket.disconnected]).toEqual([false, true]);
    expect(socket.emit('hello')).toBe(false);
  });

  it('a socket gone before it was accepted never opens', () => {
    const { socket, sent } = remote();
    socket.closed('transport close');
    socket.opened();
    expect(socket.connected).toBe(false);
    expect(sent).toEqual([]);
  });
});
