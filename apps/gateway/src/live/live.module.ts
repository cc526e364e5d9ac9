import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { DashboardBuildModule } from '../static/dashboard-build.module.js';
import { LiveEmitter } from './live-emitter.js';
import { LiveGateway } from './live.gateway.js';
import { StreamHub } from './stream-hub.service.js';

/**
 * socket.io streams: the typed emitter, the stream hub (shared by every producer) and the live gateway.
 * AuthModule provides the socket handshake authentication the live gateway installs; DashboardBuildModule
 * the id of the served dashboard build that `hello` announces.
 */
@Global()
@Module({
  imports: [AuthModule, DashboardBuildModule],
  providers: [LiveEmitter, StreamHub, LiveGateway],
  exports: [LiveEmitter, StreamHub],
})
export class LiveModule {}
