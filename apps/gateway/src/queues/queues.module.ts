import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { PollingModule } from '../polling/polling.module.js';
import { AgentTimeService } from './agent-time.service.js';
import { QueuesController } from './queues.controller.js';
import { QueuesService } from './queues.service.js';
import { TodayStatsService } from './today-stats.service.js';

/** Live queue state and today's figures, published on the `queue:<id>` streams. */
@Module({
  imports: [PollingModule, AuthModule],
  controllers: [QueuesController],
  providers: [QueuesService, TodayStatsService, AgentTimeService],
  exports: [QueuesService, TodayStatsService, AgentTimeService],
})
export class QueuesModule {}
