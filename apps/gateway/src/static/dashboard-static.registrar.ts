import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import {
  bundledDashboardDir,
  cacheControlFor,
  dashboardSource,
  isClientRoute,
  REVALIDATE_CACHE,
} from './dashboard-files.js';

type Next = (error?: unknown) => void;

/**
 * Serves the dashboard build: its files, and index.html for the app's own routes (/console, /wallboard,
 * /embed/...), so the gateway alone is the whole product. Registered during module init, i.e. after every
 * controller route and middleware (the security headers included) and before Nest's not-found handler:
 * the gateway's own answers always win, and /api, /socket.io, /healthz, /readyz, /metrics keep their 404s.
 */
@Injectable()
export class DashboardStaticRegistrar implements OnModuleInit {
  private readonly logger = new Logger('Dashboard');

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    const source = dashboardSource(this.config.dashboardDir, bundledDashboardDir());
    if (source.kind === 'none') {
      this.logger.log({ msg: 'no dashboard build found; serving the API only', looked: source.looked });
      return;
    }
    const { dir } = source;
    const adapter = this.adapterHost.httpAdapter;
    adapter.useStaticAssets?.(dir, {
      index: false,
      dotfiles: 'ignore',
      setHeaders: (response: ServerResponse, file: string) =>
        response.setHeader('Cache-Control', cacheControlFor(dir, file)),
    });
    adapter.use((request: IncomingMessage, response: ServerResponse, next: Next) => {
      const path = new URL(request.url ?? '/', 'http://gateway').pathname;
      if (!isClientRoute(request.method ?? 'GET', path, request.headers.accept)) return next();
      // A build being replaced has no index.html for a moment: that is a 404, not a crash.
      this.sendIndex(dir, request, response).catch((error: NodeJS.ErrnoException) =>
        error.code === 'ENOENT' ? next() : next(error),
      );
    });
    this.logger.log({ msg: 'serving the dashboard', dir });
  }

  /** index.html is read per request so a rebuilt dashboard is served without a restart; it is small. */
  private async sendIndex(dir: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const html = await readFile(join(dir, 'index.html'));
    response.statusCode = 200;
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.setHeader('Content-Length', html.length);
    response.setHeader('Cache-Control', REVALIDATE_CACHE);
    response.end(request.method === 'HEAD' ? undefined : html);
  }
}
