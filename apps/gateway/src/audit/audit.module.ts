import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CLUSTER_STORES, type ClusterStores } from '../ports/cluster-stores.js';
import { AuditController } from './audit.controller.js';
import { AuditFeed } from './audit-feed.js';
import { AuditService } from '../ports/audit.service.js';

/** The audit trail, injectable everywhere (commands, admin REST, display tokens). */
@Global()
@Module({
  imports: [AuthModule],
  controllers: [AuditController],
  providers: [
    {
      provide: AuditService,
      // With REDIS_URL every gateway of the cluster shows the same trail.
      inject: [{ token: CLUSTER_STORES, optional: true }],
      useFactory: (stores?: ClusterStores) => stores?.audit ?? new AuditService(),
    },
    AuditFeed,
  ],
  exports: [AuditService, AuditFeed],
})
export class AuditModule {}
