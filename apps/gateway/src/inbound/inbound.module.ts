import { Module } from '@nestjs/common';
import { CLUSTER_STORES, type ClusterStores } from '../ports/cluster-stores.js';
import { PollingModule } from '../polling/polling.module.js';
import { CallerContextService } from './caller-context.service.js';
import { DECISION_LOCK, InMemoryDecisionLock } from '../ports/decision-lock.js';
import { HeldCallsService } from './held-calls.service.js';
import { InboundRoutesService } from './inbound-routes.service.js';

/**
 * Held inbound calls, the inbound routes that tell which queue each belongs to, and their decisions.
 * DECISION_LOCK is the seam for sharing "first decision wins" between several gateways: with REDIS_URL the
 * cluster's Redis lock replaces the in-memory one.
 */
@Module({
  imports: [PollingModule],
  providers: [
    CallerContextService,
    HeldCallsService,
    InboundRoutesService,
    {
      provide: DECISION_LOCK,
      inject: [{ token: CLUSTER_STORES, optional: true }],
      useFactory: (stores?: ClusterStores) => stores?.decisionLock ?? new InMemoryDecisionLock(),
    },
  ],
  exports: [HeldCallsService, CallerContextService, InboundRoutesService],
})
export class InboundModule {}
