import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { StreamHub } from '../live/stream-hub.service.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';

/** Publishes the PBX link health on the `health` stream whenever it changes. */
@Injectable()
export class HealthStreamService implements OnApplicationBootstrap, OnModuleDestroy {
  private stop: (() => void) | undefined;

  constructor(
    private readonly pbx: PbxConnectionService,
    private readonly hub: StreamHub,
  ) {}

  onApplicationBootstrap(): void {
    const initial = this.pbx.health;
    this.hub.commit('health', 'health', initial, initial);
    this.stop = this.pbx.onHealthChange((view) => this.hub.commit('health', 'health', view, view));
  }

  onModuleDestroy(): void {
    this.stop?.();
  }
}
