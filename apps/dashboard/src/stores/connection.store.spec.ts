import { ok } from '@switchboard/live-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flush, sessionInfo } from '../../test/support/fake-socket.js';
import { freshStores } from '../../test/support/setup.js';
import { useConnectionStore } from './connection.store.js';

/** Fresh stores: the connection store (not started), its fake socket, and spies on its ready and expiry hooks. */
function fresh() {
  const { socket } = freshStores();
  const connection = useConnectionStore();
  const ready = vi.fn();
  const expired = vi.fn();
  connection.onReady(ready);
  connection.onExpired(expired);
  return { socket, connection, ready, expired };
}

describe('connection store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects with the token in the handshake and becomes ready on hello', () => {
    const { socket, connection } = fresh();
    expect(connection.status).toBe('idle');
    connection.start('secret-token');
    expect(socket.connectCalls).toBe(1);
    expect(socket.auth()).toEqual({ token: 'secret-token' });
    expect(connection.status).toBe('connecting');
    socket.open(sessionInfo({ user: 'alice', role: 'viewer' }));
    expect(connection.status).toBe('connected');
    expect(connection.linkUp).toBe(true);
    expect(connection.session).toMatchObject({ user: 'alice', role: 'viewer' });
  });

  it('does not open a second connection when started twice', () => {
    const { socket, connection } = fresh();
    connection.start('t');
    connection.start('t');
    expect(socket.connectCalls).toBe(1);
  });

  it('measures the offset of the gateway clock from hello', () => {
    const { socket, connection } = fresh();
    connection.start('t');
    socket.open(sessionInfo(), Date.now() - 7000);
    expect(connection.serverOffsetMs).toBeLessThan(-6900);
    expect(connection.serverOffsetMs).toBeGreaterThan(-7100);
    expect(connection.serverNow() - Date.now()).toBeLessThan(-6900);
  });

  it('shows a dropped link as disconnected and recovers on reconnection', () => {
    const { socket, connection, ready } = fresh();
    connection.start('t');
    socket.open();
    socket.drop();
    expect(connection.status).toBe('disconnected');
    expect(connection.linkUp).toBe(false);
    expect(connection.disconnectedAt).not.toBeNull();
    expect(connection.lastError).toContain('transport close');
    socket.open();
    expect(connection.status).toBe('connected');
    expect(connection.disconnectedAt).toBeNull();
    expect(ready).toHaveBeenCalledTimes(2);
  });

  it('says a first failed attempt is down instead of hanging on "connecting"', () => {
    const { socket, connection } = fresh();
    connection.start('t');
    socket.active = true;
    socket.fire('connect_error', { message: 'xhr poll error' });
    expect(connection.status).toBe('disconnected');
    expect(connection.lastError).toBe('Cannot reach the gateway: xhr poll error');
  });

  it('reconnects by itself after the gateway closed the socket', async () => {
    vi.useFakeTimers();
    const { socket, connection } = fresh();
    connection.start('t');
    socket.open();
    socket.connected = false;
    socket.active = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(socket.connectCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(socket.connectCalls).toBe(1);
    // Half a second: a gateway restarting for a deploy is met as soon as it is back.
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.connectCalls).toBe(2);
  });

  it('ends the session when the gateway expires it', () => {
    const { socket, connection, expired } = fresh();
    connection.start('t');
    socket.open();
    socket.fire('session:expired', { reason: 'Your session expired.' });
    expect(expired).toHaveBeenCalledWith('Your session expired.');
    expect(connection.status).toBe('idle');
    expect(connection.session).toBeNull();
    expect(socket.disconnectCalls).toBeGreaterThan(0);
    expect(socket.auth()).toEqual({});
  });

  it('ends the session when the handshake is refused as unauthorized', () => {
    const { socket, connection, expired } = fresh();
    connection.start('t');
    socket.refuse('unauthorized', 'The token has expired.');
    expect(expired).toHaveBeenCalledWith('The token has expired.');
  });

  it('refuses to run against another protocol version', () => {
    const { socket, connection, ready } = fresh();
    connection.start('t');
    socket.open(sessionInfo(), Date.now(), 99);
    expect(ready).not.toHaveBeenCalled();
    expect(connection.protocolMismatch).toBe(99);
    expect(connection.lastError).toContain('reload the page');
    expect(connection.updateWanted).toEqual({ reason: 'protocol', target: '99:' });
  });

  it('wants an update when the gateway serves another build than the one this page was loaded from', () => {
    const meta = document.createElement('meta');
    meta.name = 'switchboard-build';
    meta.content = 'b-old';
    document.head.append(meta);
    try {
      const { socket, connection, ready } = fresh();
      connection.start('t');
      socket.open(sessionInfo(), Date.now(), undefined, 'b-old');
      expect(connection.updateWanted).toBeNull();
      socket.drop();
      socket.open(sessionInfo(), Date.now(), undefined, 'b-new');
      // Same protocol: the page carries on meanwhile.
      expect(ready).toHaveBeenCalledTimes(2);
      expect(connection.updateWanted).toEqual({ reason: 'build', target: 'b-new' });
      socket.drop();
      socket.open(sessionInfo(), Date.now(), undefined, '');
      expect(connection.updateWanted).toBeNull();
    } finally {
      meta.remove();
    }
  });

  describe('send', () => {
    it('turns the acknowledgement into a result', async () => {
      const { socket, connection } = fresh();
      socket.handle('audit:recent', () => ok([]));
      connection.start('t');
      socket.open();
      await expect(connection.send('audit:recent', { limit: 5 })).resolves.toEqual({ ok: true, data: [] });
      expect(socket.sentOf('audit:recent')).toEqual([{ limit: 5 }]);
    });

    it('fails at once while offline instead of queueing the command', async () => {
      const { socket, connection } = fresh();
      const answer = await connection.send('uacsta:refuse', { extension: '1001', callId: 'c1' });
      expect(answer).toMatchObject({ ok: false, error: { code: 'offline' } });
      expect(socket.sent).toEqual([]);
    });

    it('times out when the gateway never answers', async () => {
      vi.useFakeTimers();
      const { socket, connection } = fresh();
      connection.start('t');
      socket.open();
      const pending = connection.send('audit:recent', { limit: 5 }, 3000);
      await vi.advanceTimersByTimeAsync(2999);
      let settled = false;
      void pending.then(() => (settled = true));
      await flush();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toMatchObject({ ok: false, error: { code: 'timeout' } });
    });

    it('rejects an answer that is not a result', async () => {
      const { socket, connection } = fresh();
      socket.handle('audit:recent', () => ({ weird: true }) as never);
      connection.start('t');
      socket.open();
      await expect(connection.send('audit:recent', { limit: 5 })).resolves.toMatchObject({
        ok: false,
        error: { code: 'bad_answer' },
      });
    });
  });
});
