import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { TokenSigner } from '../auth/token-signer.js';
import { InboundModule } from '../inbound/inbound.module.js';
import { QueuesModule } from '../queues/queues.module.js';
import { SessionRevocations } from '../ports/session-revocations.js';
import { CallTickets } from './call-tickets.js';
import { CallsController } from './calls.controller.js';
import { CallsRecordingController } from './calls-recording.controller.js';
import { CallsService } from './calls.service.js';
import { CallsWatchGateway } from './calls-watch.gateway.js';

/** The PBX's call history: search, detail, notes, transcripts, recordings and the CSV export. */
@Module({
  imports: [AuthModule, QueuesModule, InboundModule],
  controllers: [CallsController, CallsRecordingController],
  providers: [
    CallsService,
    CallsWatchGateway,
    {
      provide: CallTickets,
      inject: [TokenSigner, SessionRevocations],
      useFactory: (signer: TokenSigner, revocations: SessionRevocations) =>
        new CallTickets(signer, revocations),
    },
  ],
  exports: [CallsService],
})
export class CallsModule {}
