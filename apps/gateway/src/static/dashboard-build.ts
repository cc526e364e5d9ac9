import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { bundledDashboardDir, dashboardBuildId, dashboardSource } from './dashboard-files.js';

/**
 * Which dashboard build this gateway serves, announced in every socket `hello`: a board page of another
 * build reloads itself. index.html is served fresh on every load, so the id is read again when the file
 * changes (a dashboard rebuilt in place is a new build without a gateway restart).
 */
@Injectable()
export class DashboardBuild {
  private readonly dir: string | null;
  private cached: { mtimeMs: number; id: string } | null = null;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const source = dashboardSource(config.dashboardDir, bundledDashboardDir());
    this.dir = source.kind === 'none' ? null : source.dir;
  }

  /** The served build's id, or '' when none is known. */
  current(): string {
    if (this.dir === null) return '';
    try {
      const mtimeMs = statSync(join(this.dir, 'index.html')).mtimeMs;
      if (this.cached?.mtimeMs !== mtimeMs)
        this.cached = { mtimeMs, id: dashboardBuildId(this.dir, (file) => readFileSync(file, 'utf8')) };
      return this.cached.id;
    } catch {
      // A build being replaced has no index.html for a moment: no id rather than a failed connection.
      return '';
    }
  }
}
