import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CommandsModule } from '../commands/commands.module.js';
import { InboundModule } from '../inbound/inbound.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { AcknowledgeLinks } from './acknowledge-links.js';
import { AlertChannelsController } from './alert-channels.controller.js';
import { AlertChannelsService } from './alert-channels.service.js';
import { ChannelSenders } from './channel-senders.js';
import { DailySummaryService } from './daily-summary.service.js';
import { DeliveryQueue } from './delivery/delivery-queue.js';
import { HeldCallPushService } from './held-call-push.service.js';
import { IncidentLinksController, IncidentsController } from './incidents.controller.js';
import { IncidentsService } from './incidents.service.js';
import { IncidentWatchService } from './incident-watch.service.js';
import { PushDecisionController, PushSubscriptionsController } from './push.controller.js';
import { PushFanout } from './push-fanout.js';

/**
 * Alerts that reach people away from the screen (docs/alerting.md): contact points and their deliveries,
 * incidents judged once per cluster, acknowledgements, and web push (alerts and held calls to decide).
 */
@Module({
  imports: [AuthModule, InboundModule, CommandsModule, ReportsModule],
  controllers: [
    AlertChannelsController,
    IncidentsController,
    IncidentLinksController,
    PushSubscriptionsController,
    PushDecisionController,
  ],
  providers: [
    { provide: DeliveryQueue, useFactory: () => new DeliveryQueue() },
    ChannelSenders,
    PushFanout,
    AcknowledgeLinks,
    AlertChannelsService,
    IncidentsService,
    IncidentWatchService,
    HeldCallPushService,
    DailySummaryService,
  ],
  exports: [IncidentWatchService, AlertChannelsService],
})
export class AlertsModule {}
