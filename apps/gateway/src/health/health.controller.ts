import { Controller, Get } from '@nestjs/common';

/** Liveness: the process is up and serving HTTP. Readiness (PBX reachable) lives with the PBX connection. */
@Controller()
export class HealthController {
  @Get('healthz')
  healthz(): { status: 'ok'; uptimeSec: number } {
    return { status: 'ok', uptimeSec: Math.round(process.uptime()) };
  }
}
