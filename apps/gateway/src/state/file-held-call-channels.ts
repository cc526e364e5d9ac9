import type { HeldCallChannels } from '../ports/cluster-stores.js';
import { finite, list, nonEmptyText, object } from './shape.js';
import { StateFile } from './state-file.js';
import { STATE_FORMATS } from './state-formats.js';

interface StoredChannel {
  callId: string;
  channelId: string;
  /** Forgotten after this time (epoch ms): the call is long decided by then. */
  until: number;
}

/** `held-call-channels.json`. */
export interface HeldCallChannelsDocument {
  calls: StoredChannel[];
}

const checkDocument = object<HeldCallChannelsDocument>({
  calls: list(object<StoredChannel>({ callId: nonEmptyText, channelId: nonEmptyText, until: finite })),
});

/**
 * Which PBX channel each held call is on, kept in DATA_DIR: a restarted gateway can still accept or refuse
 * the calls it showed before (the `inbound` stream has the calls, only this has their channels). Written
 * as soon as a call is held, ahead of the coalesced stream file, so a stored call never lacks its channel.
 */
export class FileHeldCallChannels implements HeldCallChannels {
  private readonly channels = new Map<string, { channelId: string; until: number }>();
  readonly file: StateFile<HeldCallChannelsDocument>;

  constructor(
    path: string,
    onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.file = new StateFile({
      path,
      format: STATE_FORMATS.heldCallChannels,
      what: 'held-call channels',
      check: checkDocument,
      snapshot: () => {
        this.prune();
        return {
          calls: [...this.channels].map(([callId, { channelId, until }]) => ({ callId, channelId, until })),
        };
      },
      onError,
    });
  }

  /** Reads the stored channels still of use; returns how many there are. */
  async load(): Promise<number> {
    for (const call of (await this.file.read())?.calls ?? [])
      this.channels.set(call.callId, { channelId: call.channelId, until: call.until });
    this.prune();
    return this.channels.size;
  }

  remember(callId: string, channelId: string, ttlMs: number): void {
    this.channels.set(callId, { channelId, until: this.now() + ttlMs });
    this.file.changed();
  }

  recall(callIds: readonly string[]): Promise<Map<string, string>> {
    this.prune();
    const out = new Map<string, string>();
    for (const callId of callIds) {
      const channel = this.channels.get(callId);
      if (channel) out.set(callId, channel.channelId);
    }
    return Promise.resolve(out);
  }

  private prune(): void {
    const now = this.now();
    for (const [callId, { until }] of this.channels) if (until <= now) this.channels.delete(callId);
  }
}
