import type { KnownPbxEventType, PbxEvent, PbxEventOf } from '@switchboard/pbx-api';

/** A handler of the PBX event numbered `N`, given the event as pbx-api decodes that number. */
export type PbxEventHandler<N extends KnownPbxEventType> = (event: PbxEventOf<N>) => void;

/**
 * Handlers keyed by event number (`[PBX_EVENT.NEW_CDR]: (event) => ...`): one table names the events a
 * service handles and how, so what it subscribes to and what it handles cannot drift apart.
 */
export type PbxEventHandlerTable = { [N in KnownPbxEventType]?: PbxEventHandler<N> };

type AnyHandler = (event: PbxEvent) => void;

/**
 * The gateway's PBX event handlers by event number. The numbers that have a handler are the topics the
 * event stream subscribes to, so a handler cannot go without its subscription. Once the topics are fixed
 * (the stream is about to subscribe), a handler for a number outside them is refused rather than left
 * never to fire.
 */
export class PbxEventHandlers {
  private readonly byType = new Map<number, Set<AnyHandler>>();
  private fixed: ReadonlySet<number> | undefined;

  /** Adds `handler` for events numbered `type`; returns the function that removes it. */
  add<N extends KnownPbxEventType>(type: N, handler: PbxEventHandler<N>): () => void {
    if (this.fixed && !this.fixed.has(type)) {
      throw new Error(
        `A handler for PBX event ${type} was registered after the event stream's topics were fixed ` +
          `(${[...this.fixed].join(', ')}), so it would never be called: register it in onModuleInit.`,
      );
    }
    let set = this.byType.get(type);
    if (!set) {
      set = new Set();
      this.byType.set(type, set);
    }
    // Dispatch calls it only with events of its own number (see dispatch).
    const stored = handler as AnyHandler;
    set.add(stored);
    return () => {
      set.delete(stored);
      if (set.size === 0 && this.byType.get(type) === set) this.byType.delete(type);
    };
  }

  /** Adds every handler of `table`; returns the function that removes them all. */
  addTable(table: PbxEventHandlerTable): () => void {
    const removers = (Object.keys(table) as `${KnownPbxEventType}`[]).map((key) => {
      const type = Number(key) as KnownPbxEventType;
      return this.add(type, table[type] as PbxEventHandler<typeof type>);
    });
    return () => {
      for (const remove of removers) remove();
    };
  }

  /** The numbers that have a handler, ascending: the event stream's topics. */
  topics(): KnownPbxEventType[] {
    const fixed = this.fixed ?? this.byType.keys();
    return ([...fixed] as KnownPbxEventType[]).sort((a, b) => a - b);
  }

  /** Fixes the topics as they are now and returns them; from now on {@link add} refuses any other number. */
  fix(): KnownPbxEventType[] {
    this.fixed ??= new Set(this.topics());
    return this.topics();
  }

  /** Calls the handlers of the event's number; one that throws is reported and the others still run. */
  dispatch(event: PbxEvent, onError: (error: unknown) => void): void {
    // An event pbx-api could not decode has no typed handler, whatever its number.
    if (event.kind === 'unknown') return;
    for (const handler of this.byType.get(event.type) ?? []) {
      try {
        handler(event);
      } catch (error) {
        onError(error);
      }
    }
  }
}
