import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { InboundModule } from '../inbound/inbound.module.js';
import { SupervisionModule } from '../supervision/supervision.module.js';
import { UacstaModule } from '../uacsta/uacsta.module.js';
import { CommandsGateway } from './commands.gateway.js';

/** The socket command handlers; the handshake authentication they rely on comes from AuthModule. */
@Module({
  imports: [AuthModule, InboundModule, UacstaModule, SupervisionModule],
  providers: [CommandsGateway],
  exports: [CommandsGateway],
})
export class CommandsModule {}
