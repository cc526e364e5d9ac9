import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { STREAM_KEYS, type HeldCallView, type KeyedPatch } from '@switchboard/live-protocol';
import { HeldCallsService } from '../inbound/held-calls.service.js';
import { diffKeyed } from '../live/keyed-diff.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { DurableState, type FileStores } from './durable-state.js';

/**
 * Puts what DATA_DIR kept back into a gateway running alone, the way a cluster replica taking the lead does
 * (ClusterService.prepare / elected): the stored streams into the hub, so each continues from its stored
 * seq and the queue polls keep the shown time-in-state clocks (QueuesService adopts them on a queue's
 * first poll); the held calls, with their channels, into the held-call board, so pending prompts come back
 * with their deadline and can still be decided. On shutdown, writes what is pending.
 *
 * The stored held calls are those of the last numbered commit: the hub stores no implied commit (an
 * auto-accept at a deadline, a removal when the visible time is over). A call stored pending past its
 * deadline, or settled past its visible time, gets those changes again from the board once adopted
 * (HeldCalls.adopt arms the same timers), implied again: screens apply the rule to what they have.
 */
@Injectable()
export class DurableStateService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('State');
  private readonly files: FileStores;
  /** The held calls shown before the restart (HeldCallsService starts its stream afresh). */
  private readonly handover: HeldCallView[];

  constructor(
    private readonly state: DurableState,
    private readonly hub: StreamHub,
    private readonly heldCalls: HeldCallsService,
  ) {
    if (!state.files) throw new Error('DurableStateService needs the file stores (no REDIS_URL)');
    this.files = state.files;
    // In the constructor, not a lifecycle hook: every provider exists before any onModuleInit runs, so the
    // producers' first commits land on top of the stored seq.
    for (const stored of this.files.streams.stored()) hub.mirror(stored);
    this.handover = hub.current('inbound', 'inbound') ?? [];
  }

  async onApplicationBootstrap(): Promise<void> {
    const channels = await this.files.heldCallChannels.recall(this.handover.map((call) => call.callId));
    this.heldCalls.adopt(this.handover, channels);
    const shown = this.hub.current('inbound', 'inbound') ?? [];
    const patch = diffKeyed<HeldCallView>(shown, this.heldCalls.list(), STREAM_KEYS.inbound);
    if (patch)
      this.hub.commit('inbound', 'inbound', this.heldCalls.list(), patch as KeyedPatch<HeldCallView>);
    this.logger.log({
      msg: 'state restored',
      dataDir: this.state.dataDir,
      ...this.state.loaded,
      heldCalls: this.handover.length,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.state.close();
  }
}
