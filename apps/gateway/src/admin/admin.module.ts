import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { InboundModule } from '../inbound/inbound.module.js';
import { QueuesModule } from '../queues/queues.module.js';
import { AdminPbxController } from './admin-pbx.controller.js';
import { PbxConfigController } from './pbx-config.controller.js';

/** Admin REST for every PBX operation, the operations' parameter rules, and configuration read by the gateway. */
@Module({
  imports: [AuthModule, InboundModule, QueuesModule],
  controllers: [AdminPbxController, PbxConfigController],
})
export class AdminModule {}
