import { describe, expect, it, vi } from 'vitest';

const io = vi.hoisted(() => vi.fn(() => ({ on: vi.fn(), io: { on: vi.fn() } })));
vi.mock('socket.io-client', () => ({ io }));

describe('browserSocketFactory', () => {
  it('connects WebSocket first (no sticky sessions needed when scaled out), polling only as fallback', async () => {
    const { browserSocketFactory } = await import('./live-socket.js');
    browserSocketFactory(() => ({ token: 't' }));
    expect(io).toHaveBeenCalledTimes(1);
    const options = (io.mock.calls[0] as unknown[])[0] as {
      transports: string[];
      path: string;
      autoConnect: boolean;
    };
    expect(options.transports).toEqual(['websocket', 'polling']);
    expect(options).toMatchObject({ path: '/socket.io', autoConnect: false });
  });
});
