import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { STREAM_KEYS, type HeldCallView, type StreamTypes } from '@switchboard/live-protocol';
import { Counter, Gauge } from 'prom-client';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { HeldCallsService } from '../inbound/held-calls.service.js';
import { diffKeyed, sameData } from '../live/keyed-diff.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { STREAM_REPLICA } from '../live/stream-replica.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { UacstaService } from '../uacsta/uacsta.service.js';
import { CLUSTER_CONTEXT, type ClusterContext } from './cluster-context.js';
import { CLUSTER_STORES, type ClusterStores } from '../ports/cluster-stores.js';
import { LeaderElection } from './leader-election.js';
import { RedisCommandRelay } from './redis-command-relay.js';
import { describeRedisError } from './redis-connection.js';
import { SharedAuditService } from './shared-audit.service.js';
import { SharedSessionRevocations } from './shared-revocations.js';
import type { SharedStreams } from './shared-streams.js';

/** Start-up waits this long for Redis before serving without the shared state (it follows once Redis answers). */
const STARTUP_WAIT_MS = 3_000;

/**
 * Runs this gateway as one replica of a cluster: campaigns for the leader lease, and on a change of role
 * switches what only the leader does. Taking the lead: load the shared stream states (so every stream
 * continues from its stored seq), carry on from the cluster's last PBX success, then lead (event stream
 * and polls start, see PbxConnectionService and PollingService) and republish the streams whose state only
 * the leader keeps (health, held calls, desk-phone calls). Losing it: stop, and mirror the stored state again.
 */
@Injectable()
export class ClusterService
  implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown
{
  private readonly logger = new Logger('Cluster');
  private readonly election: LeaderElection;
  private readonly leaderGauge: Gauge;
  private readonly redisGauge: Gauge;
  private readonly changes: Counter;
  private stopWatchingRedis: (() => void) | undefined;
  private stopping = false;
  /** Held calls the previous leader showed, with their channels, read while preparing to lead. */
  private handover: { calls: HeldCallView[]; channels: Map<string, string> } | undefined;

  constructor(
    @Inject(CLUSTER_CONTEXT) private readonly ctx: ClusterContext,
    @Inject(STREAM_REPLICA) private readonly shared: SharedStreams,
    @Inject(CLUSTER_STORES) private readonly stores: ClusterStores,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly relay: RedisCommandRelay,
    private readonly hub: StreamHub,
    private readonly pbx: PbxConnectionService,
    private readonly heldCalls: HeldCallsService,
    private readonly uacsta: UacstaService,
    metrics: MetricsService,
  ) {
    this.election = new LeaderElection(
      ctx.redis,
      {
        prepare: () => this.prepare(),
        elected: (token) => this.elected(token),
        deposed: (reason) => this.deposed(reason),
      },
      { replica: ctx.replica, keys: { lease: ctx.keys.lease, epoch: ctx.keys.epoch }, logger: this.logger },
    );
    this.shared.onFenced = () => this.election.abdicate('a newer leader fenced this one off');
    const registers = [metrics.registry];
    this.leaderGauge = new Gauge({
      name: 'switchboard_cluster_leader',
      help: 'Whether this gateway leads the cluster (polls the PBX and holds its event stream): 1 or 0.',
      registers,
    });
    this.redisGauge = new Gauge({
      name: 'switchboard_redis_up',
      help: 'Whether both Redis connections of this gateway are ready: 1 or 0.',
      registers,
    });
    this.changes = new Counter({
      name: 'switchboard_cluster_leadership_changes_total',
      help: 'Times this gateway took or lost the lead, by direction.',
      labelNames: ['change'] as const,
      registers,
    });
  }

  async onModuleInit(): Promise<void> {
    this.stopWatchingRedis = this.ctx.redis.onStateChange((up) => {
      this.redisGauge.set(up ? 1 : 0);
      // Back after an outage (or first contact): catch up on what the leader stored meanwhile.
      if (up && !this.ctx.role.isLeader) void this.mirrorStored(false);
    });
    const ready = (async () => {
      await this.shared.follow(this.hub);
      await this.relay.start();
      if (this.stores.revocations instanceof SharedSessionRevocations) await this.stores.revocations.start();
      if (this.stores.audit instanceof SharedAuditService) await this.stores.audit.start();
      const count = await this.shared.loadInto(this.hub, false);
      this.logger.log({ msg: 'joined the cluster', replica: this.ctx.replica, streams: count });
    })();
    ready.catch((error: unknown) =>
      this.logger.warn({ msg: 'cluster start-up incomplete', error: describeRedisError(error) }),
    );
    const timer = new Promise<'late'>((resolve) =>
      setTimeout(() => resolve('late'), STARTUP_WAIT_MS).unref(),
    );
    if (
      (await Promise.race([
        ready.then(
          () => 'ready' as const,
          () => 'failed' as const,
        ),
        timer,
      ])) !== 'ready'
    )
      this.logger.warn({
        msg: 'Redis is not answering: serving without shared state until it does; this gateway will not lead meanwhile',
      });
  }

  onApplicationBootstrap(): void {
    this.election.start();
  }

  /** Gives the lease back first, so another replica takes over while this one shuts down. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.stopWatchingRedis?.();
    await this.election.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.ctx.redis.close();
  }

  private async prepare(): Promise<void> {
    // Every stream continues from its stored seq: screens see the next seq, or resync on a gap.
    await this.shared.loadInto(this.hub, false);
    const calls = this.hub.current('inbound', 'inbound') ?? [];
    const channels = await this.stores.heldCallChannels.recall(calls.map((call) => call.callId));
    this.handover = { calls, channels };
  }

  private elected(token: number): void {
    this.ctx.role.token = token;
    this.pbx.adoptLastSuccess(this.hub.current('health', 'health')?.lastSuccessAt ?? null);
    if (this.handover) this.heldCalls.adopt(this.handover.calls, this.handover.channels);
    this.handover = undefined;
    this.ctx.role.set(true);
    this.leaderGauge.set(1);
    this.changes.inc({ change: 'elected' });
    // (A field named "token" would be redacted by the logger; this one is no secret.)
    this.logger.log({ msg: 'leading the cluster', replica: this.ctx.replica, fencingEpoch: token });
    this.republishOwned();
  }

  private deposed(reason: string): void {
    this.ctx.role.token = null;
    this.ctx.role.set(false);
    this.leaderGauge.set(0);
    this.changes.inc({ change: 'deposed' });
    if (this.stopping) {
      this.logger.log({ msg: 'handing the lead over', replica: this.ctx.replica });
      return;
    }
    this.logger.warn({ msg: 'no longer leading the cluster', replica: this.ctx.replica, reason });
    void this.mirrorStored(true);
  }

  private async mirrorStored(force: boolean): Promise<void> {
    try {
      await this.shared.loadInto(this.hub, force);
    } catch (error) {
      this.logger.warn({ msg: 'could not load the shared state', error: describeRedisError(error) });
    }
  }

  /**
   * Streams whose state lives only in the leader's memory: this replica's view (held calls taken over
   * from the previous leader included) replaces it, as a delta on top of the stored state. Desk-phone
   * calls come back with their next uaCSTA report.
   */
  private republishOwned(): void {
    const health = this.pbx.health;
    const shown = this.hub.current('health', 'health');
    if (!shown || !sameData({ ...shown, serverTime: 0 }, { ...health, serverTime: 0 }))
      this.hub.commit('health', 'health', health, health);
    this.republishKeyed('inbound', this.heldCalls.list(), STREAM_KEYS.inbound);
    if (this.config.pbx.features.uacsta)
      this.republishKeyed('uacsta', this.uacsta.list(), STREAM_KEYS.uacsta);
  }

  private republishKeyed<K extends 'inbound' | 'uacsta'>(
    kind: K,
    next: StreamTypes[K]['data'],
    keyOf: (item: StreamTypes[K]['data'][number]) => string,
  ): void {
    const previous = this.hub.current(kind, kind);
    if (!previous) {
      this.hub.commit(kind, kind, next, { upsert: next, remove: [] } as StreamTypes[K]['patch']);
      return;
    }
    const patch = diffKeyed<StreamTypes[K]['data'][number]>(previous, next, keyOf);
    if (patch) this.hub.commit(kind, kind, next, patch as StreamTypes[K]['patch']);
  }
}
