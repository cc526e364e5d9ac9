import { Module } from '@nestjs/common';
import { ConferencesModule } from '../conferences/conferences.module.js';
import { QueuesModule } from '../queues/queues.module.js';
import { AgentPauseService } from './agent-pause.service.js';
import { MonitorService } from './monitor.service.js';
import { SupervisionService } from './supervision.service.js';

/** Listen / whisper / barge, agent log-in and log-out, pause and unpause, conference kicks. */
@Module({
  imports: [QueuesModule, ConferencesModule],
  providers: [SupervisionService, MonitorService, AgentPauseService],
  exports: [SupervisionService, MonitorService, AgentPauseService],
})
export class SupervisionModule {}
