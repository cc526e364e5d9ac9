import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { LiveEmitter } from './live-emitter.js';
import { LiveGateway } from './live.gateway.js';
import { StreamHub } from './stream-hub.service.js';

/**
 * socket.io streams: the typed emitter, the stream hub (shared by every producer) and the live gateway.
 * AuthModule provides the socket handshake authentication the live gateway installs.
 */
@Global()
@Module({
  imports: [AuthModule],
  providers: [LiveEmitter, StreamHub, LiveGateway],
  exports: [LiveEmitter, StreamHub],
})
export class LiveModule {}
