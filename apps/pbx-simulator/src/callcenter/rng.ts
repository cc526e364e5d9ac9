/**
 * A seeded pseudo-random generator (sfc32, seeded through splitmix32) with the few distributions the
 * call center needs. Every random choice of the simulator goes through one of these, never Math.random,
 * so one seed gives one history.
 */

/** FNV-1a of a text: turns a label such as `arrivals:3` into a 32-bit number. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** splitmix32 step: spreads a small seed over all bits so nearby seeds give unrelated streams. */
function splitmix32(state: number): [next: number, value: number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [next, (z ^ (z >>> 16)) >>> 0];
}

/** A deterministic random stream. */
export class Rng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  /** @param seed any integer or text; equal seeds give equal streams. */
  constructor(private readonly seed: number | string) {
    let state = typeof seed === 'number' ? seed | 0 : hashText(seed);
    const words: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const [next, value] = splitmix32(state);
      state = next;
      words.push(value);
    }
    [this.a, this.b, this.c, this.d] = words as [number, number, number, number];
    // sfc32 needs a few rounds before its output is well mixed.
    for (let i = 0; i < 12; i += 1) this.nextUint32();
  }

  /**
   * An independent stream for one concern (`world`, `arrivals:3`, ...). It depends only on this stream's
   * seed and the label, not on how much of this stream was used, so adding a draw in one concern never
   * shifts another.
   */
  fork(label: string): Rng {
    return new Rng(`${String(this.seed)}/${label}`);
  }

  /** 32 random bits. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element; throws on an empty list, which is always a programming error here. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick needs at least one item');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Exponential with the given mean: the gap between events of a Poisson process. */
  exponential(mean: number): number {
    // 1 - next() is in (0, 1], so the log is finite.
    return -Math.log(1 - this.next()) * mean;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given arithmetic mean and shape `sigma`: right-skewed, like handle times. */
  logNormal(mean: number, sigma: number): number {
    const mu = Math.log(mean) - (sigma * sigma) / 2;
    return Math.exp(mu + sigma * this.normal());
  }

  /** A new array with the items in random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}
