import type { AgentTimeStore } from '../ports/agent-time-store.js';
import { ShapeError, type Check } from './shape.js';
import { StateFile } from './state-file.js';
import { STATE_FORMATS } from './state-formats.js';

/** `agent-time.json`: today's time in state per agent, as the ledger snapshots it. */
interface AgentTimeDocument {
  ledger: object;
}

/** The ledger checks its own snapshot when restoring (AgentTimeLedger.restore); here only the envelope. */
const checkDocument: Check<AgentTimeDocument> = (value, path) => {
  const ledger = (value as { ledger?: unknown } | null)?.ledger;
  if (typeof ledger !== 'object' || ledger === null) throw new ShapeError(`${path}.ledger`, 'an object');
  return { ledger };
};

/** Today's agent time in DATA_DIR, so a restarted gateway goes on counting the day (never a second day). */
export class FileAgentTime implements AgentTimeStore {
  readonly file: StateFile<AgentTimeDocument>;
  private latest: object | undefined;

  constructor(path: string, onError: (error: unknown) => void) {
    this.file = new StateFile({
      path,
      format: STATE_FORMATS.agentTime,
      what: 'agent time in state',
      check: checkDocument,
      snapshot: () => ({ ledger: this.latest ?? {} }),
      // Saved every few seconds while agents change: one write a minute at most is plenty.
      coalesceMs: 60_000,
      onError,
    });
  }

  read(): Promise<unknown> {
    return Promise.resolve(this.latest);
  }

  /** Reads the stored document once at start (an unreadable file stops the start like every state file). */
  async load(): Promise<number> {
    this.latest = (await this.file.read())?.ledger;
    return this.latest ? 1 : 0;
  }

  save(snapshot: object): void {
    this.latest = snapshot;
    this.file.changed();
  }
}
