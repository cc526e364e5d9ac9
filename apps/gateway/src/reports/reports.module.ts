import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { QueuesModule } from '../queues/queues.module.js';
import { DayFiguresService } from './day-figures.service.js';
import { ReportsController } from './reports.controller.js';

/** The day in intervals and per agent, and its CSV reports. */
@Module({
  imports: [QueuesModule, AuthModule],
  controllers: [ReportsController],
  providers: [DayFiguresService],
  exports: [DayFiguresService],
})
export class ReportsModule {}
