import { Controller, Get, Header, HttpStatus, Inject, Optional, Res } from '@nestjs/common';
import type { HealthView } from '@switchboard/live-protocol';
import { CLUSTER_ROLE, type ClusterRole, type ClusterStatusView } from '../cluster/cluster-role.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { MetricsService } from './metrics.service.js';

/** The part of the HTTP response the readiness check sets (express, without its typings). */
interface StatusSetter {
  status(code: number): unknown;
}

/** Liveness (/healthz), readiness (/readyz: the PBX answers) and Prometheus metrics (/metrics). */
@Controller()
export class HealthController {
  constructor(
    private readonly pbx: PbxConnectionService,
    private readonly metrics: MetricsService,
    private readonly hub: StreamHub,
    @Optional() @Inject(CLUSTER_ROLE) private readonly cluster?: ClusterRole,
  ) {}

  @Get('healthz')
  healthz(): { status: 'ok'; uptimeSec: number } {
    return { status: 'ok', uptimeSec: Math.round(process.uptime()) };
  }

  /**
   * 200 while the PBX is reachable (connected or degraded), 503 while it is down. In a cluster a follower
   * reports the leader's link (the shared health stream), and a replica that cannot reach Redis is not
   * ready: it can neither follow the leader nor take over.
   */
  @Get('readyz')
  readyz(@Res({ passthrough: true }) response: StatusSetter): {
    status: 'ready' | 'unavailable';
    pbx: HealthView;
    cluster?: ClusterStatusView;
  } {
    const cluster = this.cluster?.status();
    const shared = cluster?.role === 'follower' ? this.hub.current('health', 'health') : undefined;
    const pbx = shared ?? this.pbx.health;
    const ready = pbx.pbx !== 'down' && cluster?.redis !== 'down';
    response.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ready ? 'ready' : 'unavailable', pbx, ...(cluster ? { cluster } : {}) };
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  metricsText(): Promise<string> {
    return this.metrics.render();
  }
}
