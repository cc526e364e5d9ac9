import { Inject, Injectable, Logger, Module, Optional, type OnModuleDestroy } from '@nestjs/common';
import { CLUSTER_ROLE, type ClusterRole } from '../ports/cluster-role.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { PollScheduler } from './poll-scheduler.js';

/**
 * The gateway's single {@link PollScheduler}, configured from the polling settings and reporting to /metrics.
 * In a cluster it runs only while this gateway leads (the others make no background PBX requests). When the
 * PBX answers again after failing, every job in backoff runs at once (spread over a quarter of the queue
 * interval), so screens are fresh within one poll interval of the PBX's return.
 */
@Injectable()
export class PollingService extends PollScheduler implements OnModuleDestroy {
  private readonly logger = new Logger('Polling');
  private readonly stopWatchingRole: (() => void) | undefined;
  private readonly stopWatchingRecovery: () => void;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    metrics: MetricsService,
    pbx: PbxConnectionService,
    @Optional() @Inject(CLUSTER_ROLE) role?: ClusterRole,
  ) {
    super({
      jitter: config.polling.jitter,
      maxBackoffMs: config.polling.maxBackoffMs,
      // A PBX that answers but loses some answers (errors, timeouts) is retried promptly: backing off there
      // would leave a queue stale for 4 s after two lost answers in a row.
      answering: () => pbx.reachable,
      onCompleted: (job, durationMs, error) => {
        metrics.pollCompleted(job.kind, durationMs / 1000, error === undefined ? 'ok' : 'error');
        if (error !== undefined) {
          this.logger.debug({ msg: 'poll failed', job: job.key, error: describePbxError(error) });
        }
      },
    });
    this.stopWatchingRole = role?.watch((leader) => (leader ? this.resume() : this.pause()));
    this.stopWatchingRecovery = pbx.onRecovered(() => {
      // Spread over a short moment, not a whole interval: screens are to be live within 2 s of the return.
      const count = this.retryFailingNow(Math.min(250, config.polling.queueIntervalMs / 4));
      if (count > 0) this.logger.log({ msg: 'PBX back: polls resume now', jobs: count });
    });
  }

  onModuleDestroy(): void {
    this.stopWatchingRole?.();
    this.stopWatchingRecovery();
    this.stop();
  }
}

/** Polling: one scheduler shared by the queue and conference pollers. */
@Module({ providers: [PollingService], exports: [PollingService] })
export class PollingModule {}
