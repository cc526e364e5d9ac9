import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { AGENT_TIME_STORE } from '../ports/agent-time-store.js';
import { ALERT_STORE } from '../ports/alert-store.js';
import { CLUSTER_STORES, type ClusterStores } from '../ports/cluster-stores.js';
import { InboundModule } from '../inbound/inbound.module.js';
import { InMemoryDecisionLock } from '../ports/decision-lock.js';
import { STREAM_REPLICA } from '../live/stream-replica.js';
import { STORED_AUTH_SECRET } from '../ports/stored-auth-secret.js';
import { DurableState } from './durable-state.js';
import { DurableStateService } from './durable-state.service.js';

/**
 * What DATA_DIR keeps, plugged into the seams a cluster fills from Redis: the stores (CLUSTER_STORES:
 * display links, revocations, audit, held-call channels) and the hub's STREAM_REPLICA, for a gateway
 * running alone (no REDIS_URL). With REDIS_URL it only offers {@link DurableState} (the generated signing
 * key, when AUTH_SECRET is not set); ClusterModule fills the seams.
 */
@Global()
@Module({})
export class DurableStateModule {
  static forRoot(state: DurableState): DynamicModule {
    const files = state.files;
    const providers: Provider[] = [
      { provide: DurableState, useValue: state },
      // null, not undefined: Nest refuses a value provider without a value.
      { provide: STORED_AUTH_SECRET, useValue: state.authSecret ?? null },
    ];
    if (files) {
      const stores: ClusterStores = {
        // One process: "first decision wins" needs no more than memory.
        decisionLock: new InMemoryDecisionLock(),
        heldCallChannels: files.heldCallChannels,
        displayTokens: files.displayTokens,
        revocations: files.revocations,
        audit: files.audit,
      };
      providers.push(
        { provide: CLUSTER_STORES, useValue: stores },
        { provide: STREAM_REPLICA, useValue: files.streams },
        { provide: AGENT_TIME_STORE, useValue: files.agentTime },
        { provide: ALERT_STORE, useValue: files.alerts },
        DurableStateService,
      );
    }
    return {
      module: DurableStateModule,
      imports: files ? [InboundModule] : [],
      providers,
      exports: files
        ? [DurableState, STORED_AUTH_SECRET, CLUSTER_STORES, STREAM_REPLICA, AGENT_TIME_STORE, ALERT_STORE]
        : [DurableState, STORED_AUTH_SECRET],
    };
  }
}
