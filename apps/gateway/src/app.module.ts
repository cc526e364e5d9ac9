import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule } from './config/config.module.js';
import type { GatewayConfig } from './config/gateway-config.js';
import { HealthModule } from './health/health.module.js';

/** The gateway: every feature module, configured from one validated GatewayConfig. */
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return { module: AppModule, imports: [ConfigModule.forRoot(config), HealthModule] };
  }
}
