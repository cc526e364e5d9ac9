import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DEFAULT_DISPLAY_BOARD, displayLinkPath } from '@switchboard/live-protocol';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/gateway-config.js';
import { StreamHub } from './live/stream-hub.service.js';
import { DisplayTokensService } from './auth/display-tokens.service.js';
import { isDemoSetup } from './auth/user-directory.js';

/** How often the queue list is looked at until it has loaded. */
const CATALOGUE_CHECK_MS = 250;

/** The wallboard URL a display token opens. */
export function wallboardLink(port: number, token: string): string {
  return `http://localhost:${port}${displayLinkPath(token, DEFAULT_DISPLAY_BOARD)}`;
}

/**
 * In the demo (see {@link isDemoSetup}) a newcomer should see a wallboard without creating a display link
 * first: once the gateway listens and the queue list has loaded, one display token for every queue is
 * created and its link logged as `display link`. Display links are meant to be shown on shared TVs, so
 * printing one is fine; outside the demo nothing happens.
 */
@Injectable()
export class DemoDisplayLink implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Demo');
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private created: Promise<string | undefined> | undefined;
  private resolveCreated: ((link: string | undefined) => void) | undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly hub: StreamHub,
    private readonly displays: DisplayTokensService,
  ) {}

  onApplicationBootstrap(): void {
    if (!isDemoSetup(this.config)) return;
    this.created = new Promise((resolve) => (this.resolveCreated = resolve));
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    const start = () => this.waitForQueues((server.address() as AddressInfo).port);
    if (server.listening) start();
    else server.once('listening', start);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.resolveCreated?.(undefined);
  }

  /** The demo link once created; undefined outside the demo or when the gateway stopped first. */
  link(): Promise<string | undefined> {
    return this.created ?? Promise.resolve(undefined);
  }

  private waitForQueues(port: number): void {
    if (this.stopped) return;
    const queues = this.hub.queueCatalogue().map((queue) => queue.id);
    if (queues.length === 0) {
      this.timer = setTimeout(() => this.waitForQueues(port), CATALOGUE_CHECK_MS);
      this.timer.unref();
      return;
    }
    this.demoToken(queues.slice(0, 200))
      .then((token) => {
        const url = wallboardLink(port, token);
        this.logger.log({ msg: 'display link', url, queues });
        this.resolveCreated?.(url);
      })
      .catch((error: unknown) => {
        this.logger.warn({
          msg: 'the demo display link could not be created',
          error: error instanceof Error ? error.message : String(error),
        });
        this.resolveCreated?.(undefined);
      });
  }

  /**
   * The demo link of an earlier start (display links are kept across restarts) when it shows every queue
   * known now (right after a restart that may be only the queues stored before), else a new one.
   */
  private async demoToken(queues: number[]): Promise<string> {
    const kept = (await this.displays.list())
      .reverse()
      .find((link) => link.createdBy === 'demo' && queues.every((id) => link.queues.includes(id)));
    const token = kept && (await this.displays.tokenOf(kept.id));
    return (
      token ?? (await this.displays.create({ name: 'Demo wallboard (all queues)', queues }, 'demo')).token
    );
  }
}
