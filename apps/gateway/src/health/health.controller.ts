import { Controller, Get, Header, HttpStatus, Res } from '@nestjs/common';
import type { HealthView } from '@switchboard/live-protocol';
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
  ) {}

  @Get('healthz')
  healthz(): { status: 'ok'; uptimeSec: number } {
    return { status: 'ok', uptimeSec: Math.round(process.uptime()) };
  }

  /** 200 while the PBX is reachable (connected or degraded), 503 while it is down. */
  @Get('readyz')
  readyz(@Res({ passthrough: true }) response: StatusSetter): {
    status: 'ready' | 'unavailable';
    pbx: HealthView;
  } {
    const pbx = this.pbx.health;
    const ready = pbx.pbx !== 'down';
    response.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ready ? 'ready' : 'unavailable', pbx };
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  metricsText(): Promise<string> {
    return this.metrics.render();
  }
}
