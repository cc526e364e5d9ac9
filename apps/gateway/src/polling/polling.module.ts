import { Inject, Injectable, Logger, Module, type OnModuleDestroy } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { MetricsService } from '../health/metrics.service.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { PollScheduler } from './poll-scheduler.js';

/** The gateway's single {@link PollScheduler}, configured from the polling settings and reporting to /metrics. */
@Injectable()
export class PollingService extends PollScheduler implements OnModuleDestroy {
  private readonly logger = new Logger('Polling');

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, metrics: MetricsService) {
    super({
      jitter: config.polling.jitter,
      maxBackoffMs: config.polling.maxBackoffMs,
      onCompleted: (job, durationMs, error) => {
        metrics.pollCompleted(job.kind, durationMs / 1000, error === undefined ? 'ok' : 'error');
        if (error !== undefined) {
          this.logger.debug({ msg: 'poll failed', job: job.key, error: describePbxError(error) });
        }
      },
    });
  }

  onModuleDestroy(): void {
    this.stop();
  }
}

/** Polling: one scheduler shared by the queue and conference pollers. */
@Module({ providers: [PollingService], exports: [PollingService] })
export class PollingModule {}
