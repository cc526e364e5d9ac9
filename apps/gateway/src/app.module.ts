import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule } from './config/config.module.js';
import type { GatewayConfig } from './config/gateway-config.js';
import { HealthModule } from './health/health.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { PbxModule } from './pbx/pbx.module.js';
import { PollingModule } from './polling/polling.module.js';
import { LiveModule } from './live/live.module.js';
import { QueuesModule } from './queues/queues.module.js';
import { ConferencesModule } from './conferences/conferences.module.js';
import { AuthModule } from './auth/auth.module.js';
import { AuditModule } from './audit/audit.module.js';
import { InboundModule } from './inbound/inbound.module.js';
import { UacstaModule } from './uacsta/uacsta.module.js';
import { SupervisionModule } from './supervision/supervision.module.js';
import { CommandsModule } from './commands/commands.module.js';
import { AdminModule } from './admin/admin.module.js';
import { CallsModule } from './calls/calls.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { AlertsModule } from './alerts/alerts.module.js';
import { ClusterModule } from './cluster/cluster.module.js';
import { DashboardStaticModule } from './static/dashboard-static.module.js';
import { DemoDisplayLink } from './demo-display-link.js';
import type { DurableState } from './state/durable-state.js';
import { DurableStateModule } from './state/durable-state.module.js';

/** The gateway: every feature module, configured from one validated GatewayConfig and what DATA_DIR kept. */
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig, state: DurableState): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        HealthModule,
        MetricsModule,
        PbxModule,
        PollingModule,
        LiveModule,
        QueuesModule,
        ConferencesModule,
        AuthModule,
        AuditModule,
        InboundModule,
        UacstaModule,
        SupervisionModule,
        CommandsModule,
        AdminModule,
        CallsModule,
        ReportsModule,
        AlertsModule,
        DashboardStaticModule,
        // REDIS_URL: several gateways share one PBX connection and their state; without it, the state a
        // restart must not lose is kept in DATA_DIR.
        DurableStateModule.forRoot(state),
        ...(config.redisUrl ? [ClusterModule.forRoot(config)] : []),
      ],
      // With the demo accounts, a display link for every queue is made and printed at start.
      providers: [DemoDisplayLink],
    };
  }
}
