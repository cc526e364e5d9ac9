import { Module } from '@nestjs/common';
import { PollingModule } from '../polling/polling.module.js';
import { QueuesModule } from '../queues/queues.module.js';
import { ConferencesService } from './conferences.service.js';

/** Ongoing conferences, published on the `conferences` stream. */
@Module({
  imports: [PollingModule, QueuesModule],
  providers: [ConferencesService],
  exports: [ConferencesService],
})
export class ConferencesModule {}
