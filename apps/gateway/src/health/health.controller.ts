import { Controller, Get, Header, HttpStatus, Inject, Optional, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { LivenessAnswer, ReadinessAnswer, SocketWorkersView } from '@switchboard/live-protocol';
import { REST_SCHEMAS } from '../openapi/rest-schemas.js';
import { CLUSTER_ROLE, type ClusterRole } from '../ports/cluster-role.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { MetricsService } from '../metrics/metrics.service.js';

/** The part of the HTTP response the readiness check sets (express, without its typings). */
interface StatusSetter {
  status(code: number): unknown;
}

/** Liveness (/healthz), readiness (/readyz: the PBX answers) and Prometheus metrics (/metrics). */
@ApiTags('health')
@Controller()
export class HealthController {
  private workers: (() => SocketWorkersView) | undefined;

  constructor(
    private readonly pbx: PbxConnectionService,
    private readonly metrics: MetricsService,
    private readonly hub: StreamHub,
    @Optional() @Inject(CLUSTER_ROLE) private readonly cluster?: ClusterRole,
  ) {}

  @Get('healthz')
  @ApiOperation({ operationId: 'health_liveness', summary: 'Liveness: the process answers' })
  @ApiResponse({ status: HttpStatus.OK, description: 'Alive', schema: REST_SCHEMAS.liveness })
  healthz(): LivenessAnswer {
    return { status: 'ok', uptimeSec: Math.round(process.uptime()) };
  }

  /**
   * 200 while the PBX is reachable (connected or degraded), 503 while it is down. In a cluster a follower
   * reports the leader's link (the shared health stream), and a replica that cannot reach Redis is not
   * ready: it can neither follow the leader nor take over.
   */
  @Get('readyz')
  @ApiOperation({ operationId: 'health_readiness', summary: 'Readiness: the PBX is reachable' })
  @ApiResponse({ status: HttpStatus.OK, description: 'Ready', schema: REST_SCHEMAS.readiness })
  @ApiResponse({
    status: HttpStatus.SERVICE_UNAVAILABLE,
    description: 'Not ready: the PBX (or, in a cluster, Redis) is down',
    schema: REST_SCHEMAS.readiness,
  })
  readyz(@Res({ passthrough: true }) response: StatusSetter): ReadinessAnswer {
    const cluster = this.cluster?.status();
    const shared = cluster?.role === 'follower' ? this.hub.current('health', 'health') : undefined;
    const pbx = shared ?? this.pbx.health;
    const ready = pbx.pbx !== 'down' && cluster?.redis !== 'down';
    const workers = this.workers?.();
    response.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: ready ? 'ready' : 'unavailable',
      pbx,
      ...(cluster ? { cluster } : {}),
      ...(workers ? { workers } : {}),
    };
  }

  /** Lets /readyz report the socket workers (create-app, once it started them). */
  reportWorkers(status: () => SocketWorkersView): void {
    this.workers = status;
  }

  @Get('metrics')
  @ApiOperation({ operationId: 'metrics', summary: 'Prometheus metrics of the gateway' })
  @ApiProduces('text/plain')
  @ApiResponse({ status: HttpStatus.OK, description: 'Metrics', schema: REST_SCHEMAS.metrics })
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  metricsText(): Promise<string> {
    return this.metrics.render();
  }
}
