import { Global, Module, type DynamicModule } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from './gateway-config.js';

/** Makes the validated configuration injectable everywhere as GATEWAY_CONFIG. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }],
      exports: [GATEWAY_CONFIG],
    };
  }
}
