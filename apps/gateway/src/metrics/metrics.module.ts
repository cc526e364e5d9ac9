import { Global, Module } from '@nestjs/common';
import { MetricsService } from './metrics.service.js';

/** Makes {@link MetricsService} injectable everywhere (PBX connection, live gateway, commands). */
@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
