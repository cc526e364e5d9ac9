/** A listener of payload `T`. */
export type Listener<T> = (payload: T) => void;

/**
 * A minimal emitter whose event names and payloads are checked by the compiler. A listener that throws
 * is reported through `onListenerError` and does not stop the others or the emitter's owner.
 */
export class TypedEmitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  constructor(
    private readonly onListenerError: (name: keyof Events, error: unknown) => void = () => undefined,
  ) {}

  /** Adds `listener` for `name`; returns a function that removes it. */
  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    const entry = listener as Listener<never>;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  /** Calls every listener of `name` with `payload`, in the order they were added. */
  emit<K extends keyof Events>(name: K, payload: Events[K]): void {
    const set = this.listeners.get(name);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as Listener<Events[K]>)(payload);
      } catch (error) {
        this.onListenerError(name, error);
      }
    }
  }

  /** Number of listeners of `name`. */
  listenerCount(name: keyof Events): number {
    return this.listeners.get(name)?.size ?? 0;
  }

  /** Removes every listener. */
  clear(): void {
    this.listeners.clear();
  }
}
