import type { INestApplicationContext } from '@nestjs/common';
import { LeanIoAdapter } from '../live/lean-io.adapter.js';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server, ServerOptions } from 'socket.io';
import type { ClusterContext } from './cluster-context.js';

/**
 * socket.io with the Redis adapter: a room broadcast on any replica reaches that room's sockets on every
 * replica, so a browser gets the leader's pushes whichever gateway it is connected to.
 */
export class RedisIoAdapter extends LeanIoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly ctx: ClusterContext,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    const { pubClient, subClient } = this.ctx.redis.adapterClients();
    server.adapter(createAdapter(pubClient, subClient, { key: this.ctx.keys.socketIo }));
    return server;
  }
}
