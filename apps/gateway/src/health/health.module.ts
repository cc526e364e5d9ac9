import { Module } from '@nestjs/common';
import { HealthStreamService } from './health-stream.service.js';
import { HealthController } from './health.controller.js';

/** /healthz, /readyz, /metrics and the `health` stream. Needs the global PBX, live and metrics modules. */
@Module({ controllers: [HealthController], providers: [HealthStreamService] })
export class HealthModule {}
