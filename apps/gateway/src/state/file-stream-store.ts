import type { StreamReplica, StreamState } from '../live/stream-replica.js';
import { list, object } from './shape.js';
import { StateFile } from './state-file.js';
import { STATE_FORMATS } from './state-formats.js';
import { storedStream } from './view-shapes.js';

/** `streams.json`: the latest state of each kept stream. */
export interface StreamsDocument {
  streams: StreamState[];
}

const checkDocument = object<StreamsDocument>({ streams: list(storedStream) });

/**
 * Streams whose state a restart must not lose: the queues (so agents' time in state and today's figures
 * carry on instead of restarting at the first poll) and the held calls (so pending prompts come back with
 * their deadline). Conferences, desk-phone calls and health are rebuilt from the PBX within a poll.
 */
const KEPT: ReadonlySet<string> = new Set(['queue', 'inbound']);

/** Writes of the stream file are at most this often: queues change with every poll. */
export const STREAM_WRITE_INTERVAL_MS = 500;

/**
 * The stream hub's state kept in DATA_DIR, plugged in where a cluster stores it in Redis (the hub's
 * StreamReplica seam). A single gateway always leads; the push goes out at once and the state is written
 * coalesced, at most every 500 ms, and on shutdown. At start the stored states are loaded into the hub, so
 * every stream continues from its stored seq, as after a takeover in a cluster.
 */
export class FileStreamStore implements StreamReplica {
  readonly isLeader = true;
  private readonly states = new Map<string, StreamState>();
  readonly file: StateFile<StreamsDocument>;

  constructor(path: string, onError: (error: unknown) => void) {
    this.file = new StateFile({
      path,
      format: STATE_FORMATS.streams,
      what: 'stream states',
      check: checkDocument,
      snapshot: () => ({ streams: [...this.states.values()] }),
      coalesceMs: STREAM_WRITE_INTERVAL_MS,
      onError,
    });
  }

  /** Reads the stored states; returns how many streams there are. */
  async load(): Promise<number> {
    for (const state of (await this.file.read())?.streams ?? []) this.states.set(state.stream, state);
    return this.states.size;
  }

  /** The states read at start (and kept since). */
  stored(): StreamState[] {
    return [...this.states.values()];
  }

  publish(state: StreamState, send: () => void): void {
    send();
    if (!KEPT.has(state.kind)) return;
    this.states.set(state.stream, state);
    this.file.changed();
  }

  /** The queue list is read again from the PBX at start; nothing to keep. */
  publishCatalogue(): void {
    // intentionally empty
  }
}
