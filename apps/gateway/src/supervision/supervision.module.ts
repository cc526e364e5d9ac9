import { Module } from '@nestjs/common';
import { ConferencesModule } from '../conferences/conferences.module.js';
import { QueuesModule } from '../queues/queues.module.js';
import { SupervisionService } from './supervision.service.js';

/** Listen / whisper / barge, agent log-in and log-out, conference kicks. */
@Module({
  imports: [QueuesModule, ConferencesModule],
  providers: [SupervisionService],
  exports: [SupervisionService],
})
export class SupervisionModule {}
