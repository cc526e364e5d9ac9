import type { DisplayBoardOptions } from '@switchboard/live-protocol';
import {
  touchRecord,
  type DisplayTokenRecord,
  type DisplayTokenStore,
} from '../ports/display-token.store.js';
import {
  finite,
  flag,
  list,
  nonEmptyText,
  nullable,
  object,
  oneOf,
  optional,
  positive,
  text,
} from './shape.js';
import { StateFile } from './state-file.js';
import { STATE_FORMATS } from './state-formats.js';

/** `display-links.json`. */
export interface DisplayLinksDocument {
  links: DisplayTokenRecord[];
}

const checkDocument = object<DisplayLinksDocument>({
  links: list(
    object<DisplayTokenRecord>({
      id: nonEmptyText,
      name: text,
      queues: list(positive),
      board: optional(
        object<DisplayBoardOptions>({
          theme: oneOf('dark', 'light'),
          rotateSec: nullable(positive),
          sound: flag,
        }),
      ),
      createdBy: text,
      createdAt: finite,
      jti: nonEmptyText,
      lastUsedAt: optional(finite),
    }),
  ),
});

/**
 * Display links kept in DATA_DIR, so a TV's link still opens its board after a restart. Revoking a link
 * removes it, which is what makes a revoked link stay refused. `add` and `remove` answer once the file is
 * written: an admin who was shown a new link can rely on it.
 */
export class FileDisplayTokenStore implements DisplayTokenStore {
  private readonly records = new Map<string, DisplayTokenRecord>();
  readonly file: StateFile<DisplayLinksDocument>;

  constructor(path: string, onError: (error: unknown) => void) {
    this.file = new StateFile({
      path,
      format: STATE_FORMATS.displayLinks,
      what: 'display links',
      check: checkDocument,
      snapshot: () => ({ links: [...this.records.values()] }),
      onError,
    });
  }

  /** Reads the stored links; returns how many there are. */
  async load(): Promise<number> {
    for (const record of (await this.file.read())?.links ?? []) this.records.set(record.id, record);
    return this.records.size;
  }

  async add(record: DisplayTokenRecord): Promise<void> {
    this.records.set(record.id, { ...record, queues: [...record.queues] });
    try {
      await this.file.save();
    } catch (error) {
      // Not stored, so not handed out: the admin gets an error instead of a link that dies on restart.
      this.records.delete(record.id);
      this.file.changed();
      throw error;
    }
  }

  get(id: string): Promise<DisplayTokenRecord | undefined> {
    return Promise.resolve(this.records.get(id));
  }

  list(): Promise<DisplayTokenRecord[]> {
    return Promise.resolve([...this.records.values()].sort((a, b) => a.createdAt - b.createdAt));
  }

  /** Removes the link at once (its screens are refused now); the file follows, retried until written. */
  async remove(id: string): Promise<boolean> {
    if (!this.records.delete(id)) return false;
    await this.file.save();
    return true;
  }

  /** In memory now, in the file with the next write: a use lost to a crash costs only a "last used" time. */
  touch(id: string, at: number): Promise<void> {
    if (touchRecord(this.records, id, at)) this.file.changed();
    return Promise.resolve();
  }
}
