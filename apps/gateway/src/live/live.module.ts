import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { DashboardBuildModule } from '../static/dashboard-build.module.js';
import { LiveEmitter } from './live-emitter.js';
import { LiveGateway } from './live.gateway.js';
import { SocketSessionsService } from './socket-sessions.service.js';
import { StreamHub } from './stream-hub.service.js';

/**
 * socket.io streams: the typed emitter, the stream hub (shared by every producer) and the live gateway.
 * SocketSessionsService authenticates every socket's handshake with AuthModule's sessions and display links; DashboardBuildModule
 * the id of the served dashboard build that `hello` announces.
 */
@Global()
@Module({
  imports: [AuthModule, DashboardBuildModule],
  providers: [LiveEmitter, StreamHub, SocketSessionsService, LiveGateway],
  exports: [LiveEmitter, StreamHub, SocketSessionsService],
})
export class LiveModule {}
