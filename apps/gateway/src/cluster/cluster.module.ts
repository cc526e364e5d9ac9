import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { COMMAND_RELAY } from '../commands/command-relay.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { InboundModule } from '../inbound/inbound.module.js';
import { STREAM_REPLICA } from '../live/stream-replica.js';
import { UacstaModule } from '../uacsta/uacsta.module.js';
import { CLUSTER_CONTEXT, ClusterContext } from './cluster-context.js';
import { ALERT_STORE } from '../ports/alert-store.js';
import { CLUSTER_ROLE } from '../ports/cluster-role.js';
import { CLUSTER_STORES, type ClusterStores } from '../ports/cluster-stores.js';
import { ClusterService } from './cluster.service.js';
import { RedisAlertStore } from './redis-alert-store.js';
import { RedisCommandRelay } from './redis-command-relay.js';
import { RedisDecisionLock } from './redis-decision-lock.js';
import { RedisDisplayTokenStore } from './redis-display-token.store.js';
import { RedisHeldCallChannels } from './redis-held-call-channels.js';
import { RedisLoginAttempts } from './redis-login-attempts.js';
import { SharedAuditService } from './shared-audit.service.js';
import { SharedSessionRevocations } from './shared-revocations.js';
import { SharedStreams } from './shared-streams.js';

/**
 * Several gateways sharing one PBX connection through Redis (REDIS_URL): leader election, shared stream
 * state, forwarded commands and shared stores. It fills optional seams of the other modules (CLUSTER_ROLE,
 * STREAM_REPLICA, COMMAND_RELAY, CLUSTER_STORES); without REDIS_URL it is not imported at all and every
 * module runs in memory as a single gateway.
 */
@Global()
@Module({})
export class ClusterModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    const redisUrl = config.redisUrl;
    if (!redisUrl) throw new Error('ClusterModule needs REDIS_URL');
    return {
      module: ClusterModule,
      imports: [InboundModule, UacstaModule],
      providers: [
        { provide: CLUSTER_CONTEXT, useFactory: () => new ClusterContext(redisUrl) },
        { provide: CLUSTER_ROLE, inject: [CLUSTER_CONTEXT], useFactory: (ctx: ClusterContext) => ctx.role },
        {
          provide: STREAM_REPLICA,
          inject: [CLUSTER_CONTEXT],
          useFactory: (ctx: ClusterContext) => new SharedStreams(ctx),
        },
        {
          provide: RedisCommandRelay,
          inject: [CLUSTER_CONTEXT, GATEWAY_CONFIG],
          useFactory: (ctx: ClusterContext, gateway: GatewayConfig) =>
            new RedisCommandRelay(ctx, () => ctx.redis.command<string | null>(['GET', ctx.keys.lease]), {
              findLeaderMs: 5_000,
              // A decision may send two PBX requests (refuse, then block), each up to the PBX timeout.
              answerMs: Math.min(2 * gateway.pbx.timeoutMs + 2_000, 60_000),
            }),
        },
        { provide: COMMAND_RELAY, useExisting: RedisCommandRelay },
        {
          provide: CLUSTER_STORES,
          inject: [CLUSTER_CONTEXT],
          useFactory: (ctx: ClusterContext): ClusterStores => ({
            decisionLock: new RedisDecisionLock(ctx.redis, ctx.keys.decisions),
            heldCallChannels: new RedisHeldCallChannels(ctx.redis, ctx.keys.heldCalls),
            displayTokens: new RedisDisplayTokenStore(ctx.redis, ctx.keys.displays),
            revocations: new SharedSessionRevocations(ctx),
            audit: new SharedAuditService(ctx),
            loginAttempts: new RedisLoginAttempts(ctx.redis, `${ctx.keys.prefix}:login`, new Logger('Auth')),
          }),
        },
        {
          provide: ALERT_STORE,
          inject: [CLUSTER_CONTEXT],
          useFactory: (ctx: ClusterContext) => new RedisAlertStore(ctx.redis, `${ctx.keys.prefix}:alerts`),
        },
        ClusterService,
      ],
      exports: [CLUSTER_CONTEXT, CLUSTER_ROLE, STREAM_REPLICA, COMMAND_RELAY, CLUSTER_STORES, ALERT_STORE],
    };
  }
}
