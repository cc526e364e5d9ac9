import { Module } from '@nestjs/common';
import { CallerContextService } from './caller-context.service.js';
import { DECISION_LOCK, InMemoryDecisionLock } from './decision-lock.js';
import { HeldCallsService } from './held-calls.service.js';

/**
 * Held inbound calls and their decisions. DECISION_LOCK is the seam for sharing "first decision wins"
 * between several gateways (a Redis lock replaces the in-memory one).
 */
@Module({
  providers: [
    CallerContextService,
    HeldCallsService,
    { provide: DECISION_LOCK, useFactory: () => new InMemoryDecisionLock() },
  ],
  exports: [HeldCallsService],
})
export class InboundModule {}
