import type { PauseReasonsView } from '@switchboard/live-protocol';

/** How the cache reads the list from the PBX (through the request budget). */
export type PauseReasonsFetch = () => Promise<PauseReasonsView['reasons']>;

/** Settings of {@link PauseReasonsCache}. */
export interface PauseReasonsCacheOptions {
  /** A list younger than this is answered without asking the PBX. */
  freshMs: number;
  now?: () => number;
}

/**
 * The PBX's pause reasons (docs/pbx/queues-and-agents.md#pause-reasons), read at most once per `freshMs`:
 * the console's pause menu costs one PBX request per interval whatever the number of screens. Readers
 * asking at once share one request; a stale list is answered at once while a fresh one is read behind it;
 * a failed read leaves the previous list in place and fails only a reader that has nothing to show.
 */
export class PauseReasonsCache {
  private current: PauseReasonsView | undefined;
  private reading: Promise<PauseReasonsView> | undefined;
  private readonly now: () => number;

  constructor(
    private readonly fetch: PauseReasonsFetch,
    private readonly options: PauseReasonsCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The list: the cached one while fresh (or while a newer one is read), else read now. */
  async get(): Promise<PauseReasonsView> {
    const current = this.current;
    if (current && this.now() - current.fetchedAt < this.options.freshMs) return current;
    const reading = this.read();
    if (!current) return reading;
    // Stale but usable: answer it, and let the read refresh the list for the next reader.
    reading.catch(() => undefined);
    return current;
  }

  /** The reason with feature code `code`, reading the list if needed; undefined when the PBX has none such. */
  async find(code: string): Promise<PauseReasonsView['reasons'][number] | undefined> {
    return (await this.get()).reasons.find((reason) => reason.code === code);
  }

  /** The reason with feature code `code` in the list as last read, without asking the PBX. */
  peek(code: string): PauseReasonsView['reasons'][number] | undefined {
    return this.current?.reasons.find((reason) => reason.code === code);
  }

  /** Forgets the list (the PBX refused a reason from it, so it changed): the next reader reads it again. */
  invalidate(): void {
    this.current = undefined;
  }

  private read(): Promise<PauseReasonsView> {
    this.reading ??= this.fetch()
      .then((reasons) => {
        this.current = { reasons, fetchedAt: this.now() };
        return this.current;
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }
}
