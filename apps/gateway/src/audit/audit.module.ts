import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AuditController } from './audit.controller.js';
import { AuditService } from './audit.service.js';

/** The audit trail, injectable everywhere (commands, admin REST, display tokens). */
@Global()
@Module({
  imports: [AuthModule],
  controllers: [AuditController],
  providers: [{ provide: AuditService, useFactory: () => new AuditService() }],
  exports: [AuditService],
})
export class AuditModule {}
